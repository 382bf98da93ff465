import { MantineProvider, type MantineColorSchemeManager } from '@mantine/core';
import { useNotifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { theme } from '@/theme';

const AppNotifications = lazy(() => import('./notifications'));

/**
 * The site is dark only. Mantine's default manager reads the scheme from localStorage, falling
 * back to light, and writes that to <html> while the page is taken over, before the forced
 * scheme puts dark back: two restyles of the whole page (60 ms each on a slow phone) and a
 * moment of light colours. This one always answers dark and keeps nothing.
 */
const darkOnly: MantineColorSchemeManager = {
  get: () => 'dark',
  set: () => undefined,
  subscribe: () => undefined,
  unsubscribe: () => undefined,
  clear: () => undefined,
};

/** Mounts the toasts when the first one is shown (only the dashboard shows any), and keeps them. */
function NotificationsOnDemand() {
  const { notifications, queue } = useNotifications();
  const [needed, setNeeded] = useState(false);
  if (!needed && notifications.length + queue.length > 0) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <AppNotifications />
    </Suspense>
  );
}

/** How the app sets Mantine up; mantine-variables.test.tsx writes the theme's CSS variables from the same. */
export const mantineSetup = { theme, colorSchemeManager: darkOnly, forceColorScheme: 'dark' } as const;

/**
 * Mantine and the query client around the app, in the browser and on the server alike. The
 * theme's CSS variables are in the stylesheet (mantine-variables.css) rather than in a <style>
 * that Mantine writes into every page: 12 kB of the same text in each page's HTML (1.4 kB as sent).
 */
export function AppProvider({ children, queryClient }: { children: ReactNode; queryClient: QueryClient }) {
  return (
    <MantineProvider {...mantineSetup} withCssVariables={false}>
      <NotificationsOnDemand />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
