import { MantineProvider } from '@mantine/core';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { theme } from '@/theme';
import { AdminGuard } from './admin-guard';

describe('AdminGuard', () => {
  it('shows "Authenticating..." before the stored login has been checked', () => {
    const html = renderToString(
      <MantineProvider theme={theme} env="test">
        <MemoryRouter>
          <AdminGuard>{() => <p>secret</p>}</AdminGuard>
        </MemoryRouter>
      </MantineProvider>,
    );
    expect(html).toContain('Authenticating...');
    expect(html).not.toContain('secret');
  });
});
