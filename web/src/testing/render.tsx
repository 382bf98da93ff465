import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { render as testingLibraryRender } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { createQueryClient } from '@/lib/query-client';
import { theme } from '@/theme';

export * from '@testing-library/react';
export { allowConsoleError } from './console';

type RenderOptions = {
  /** A client the test seeds with setQueryData; a fresh one by default. */
  queryClient?: QueryClient;
  /** The address the MemoryRouter starts at; `false` renders without a router (for a test that brings its own). */
  route?: string | false;
};

/** Renders with the app's providers (Mantine in test mode, a fresh QueryClient, a router) and a userEvent instance. */
export function render(
  ui: ReactElement,
  { queryClient = createQueryClient(), route = '/' }: RenderOptions = {},
) {
  const Wrapper = ({ children }: { children: ReactNode }) => (
    <MantineProvider theme={theme} env="test">
      <QueryClientProvider client={queryClient}>
        {route === false ? (
          children
        ) : (
          <MemoryRouter initialEntries={[route]}>{children}</MemoryRouter>
        )}
      </QueryClientProvider>
    </MantineProvider>
  );

  return {
    user: userEvent.setup(),
    queryClient,
    ...testingLibraryRender(ui, { wrapper: Wrapper }),
  };
}
