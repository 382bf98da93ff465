import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { render, screen } from '@/testing/render';
import { routes } from './router';

describe('routes', () => {
  it('answers an unknown address with the not-found screen', async () => {
    const router = createMemoryRouter(routes, { initialEntries: ['/irgendwo/im/harz'] });
    render(<RouterProvider router={router} />, { route: false });

    expect(
      await screen.findByRole('heading', { level: 1, name: '404 Page Not Found' }),
    ).toBeInTheDocument();
  });
});
