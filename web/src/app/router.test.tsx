import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { siteContentFixture } from '@/features/festival/testing/site-content-fixture';
import { KEPT_AT_INSTALL, OFFLINE_PATH } from '@/features/offline/offline-routes';
import { api } from '@/lib/api-client';
import { render, screen, within } from '@/testing/render';
import { createQueryClient } from '@/lib/query-client';
import { appRoutes, createAppRouter } from './router';
import { serverOnlyPages } from './server-only-pages';

describe('routes', () => {
  it('answers an unknown address with the not-found screen', async () => {
    const queryClient = createQueryClient();
    const router = createMemoryRouter(appRoutes(queryClient), { initialEntries: ['/irgendwo/im/harz'] });
    render(<RouterProvider router={router} />, { route: false, queryClient });

    expect(
      await screen.findByRole('heading', { level: 1, name: '404 Page Not Found' }),
    ).toBeInTheDocument();
  });
});

describe('public routes', () => {
  const renderAt = (path: string) => {
    vi.spyOn(api, 'get').mockImplementation(async (url) => {
      if (url === '/settings/shop_enabled') return { data: { success: true, value: 'true' } };
      if (url === '/site-content') return { data: siteContentFixture() };
      throw new Error(`unexpected call ${url}`);
    });
    const queryClient = createQueryClient();
    const router = createMemoryRouter(appRoutes(queryClient, serverOnlyPages), { initialEntries: [path] });
    return render(<RouterProvider router={router} />, { route: false, queryClient });
  };

  it("shows the worker's page for a page not kept offline at OFFLINE_PATH, with a way to try again and to the kept pages", async () => {
    renderAt(OFFLINE_PATH);

    expect(await screen.findByRole('heading', { level: 1, name: 'Ohne Verbindung' })).toBeInTheDocument();
    // A link to the address shown (Testing Library counts no <a href=""> as a link; browsers do).
    expect(screen.getByText('Erneut versuchen').closest('a')).toHaveAttribute('href', '');
    const kept = within(screen.getByRole('navigation', { name: 'Ohne Netz hast du hier:' }));
    expect(kept.getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Startseite', '/'],
      ['Programm', '/programm'],
      ['Dein Haus', '/enthuelle-dein-wappen'],
      ['Warenkorb', '/shop/cart'],
    ]);
    expect(KEPT_AT_INSTALL).toContain(OFFLINE_PATH);
    expect(document.title).toBe('Ohne Verbindung | Game Of Slavs');
  });

  it("leaves the server's own pages out of the browser's routes: the offline page is never taken over", async () => {
    const queryClient = createQueryClient();
    const router = createMemoryRouter(appRoutes(queryClient), { initialEntries: [OFFLINE_PATH] });
    render(<RouterProvider router={router} />, { route: false, queryClient });
    expect(await screen.findByRole('heading', { level: 1, name: '404 Page Not Found' })).toBeInTheDocument();
  });

  it('shows the imprint from the cms markdown under the site navigation', async () => {
    renderAt('/impressum');

    expect(await screen.findByRole('heading', { level: 1, name: 'Impressum' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: 'Angaben gemäß § 5 DDG' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Hauptnavigation' })).toBeInTheDocument();
    expect(document.title).toBe('Impressum | Game Of Slavs');
  });

  it('shows the privacy policy', async () => {
    renderAt('/datenschutz');

    expect(await screen.findByRole('heading', { level: 1, name: 'Datenschutzerklärung' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: '1. Datenschutz auf einen Blick' })).toBeInTheDocument();
  });

  it('shows the access-code page with a header that has no navigation links', async () => {
    renderAt('/enthuelle-dein-wappen');

    expect(await screen.findByRole('heading', { level: 1, name: 'Zugang zum Haus' })).toBeInTheDocument();
    expect(within(screen.getByRole('banner')).queryByRole('navigation')).not.toBeInTheDocument();
    expect(within(screen.getByRole('banner')).getAllByRole('link')).toHaveLength(1);
    expect(document.title).toBe('Enthülle dein Wappen | Game Of Slavs');
  });

  it('puts the landing sections in the order of the spec', async () => {
    renderAt('/');

    await screen.findByRole('heading', { level: 2, name: 'Häufige Fragen' });
    const ids = [...document.querySelectorAll('main > section[id]')].map((section) => section.id);
    expect(ids).toEqual(['hero', 'story', 'payment', 'agenda', 'performers', 'info', 'shop-teaser', 'faq']);
    expect(screen.getByRole('link', { name: 'Zum Shop' })).toHaveAttribute('href', '/shop');
    expect(JSON.parse(document.head.querySelector('script[type="application/ld+json"]')!.textContent!)).toMatchObject({
      '@type': 'Event',
      name: 'Slawenfest im Harz',
    });
  });
});

describe('the browser router', () => {
  it('is handed over only once the first page has what it needs, so no update can fall between render and subscription', async () => {
    window.history.replaceState(null, '', '/admin/dashboard');
    try {
      const router = await createAppRouter(createQueryClient());
      expect(router.state.initialized).toBe(true);
      const route = router.state.matches.at(-1)?.route;
      // The page's code is here: its lazy import has run and left the element to render.
      expect(route).toMatchObject({ path: '/admin/dashboard', element: expect.anything() });
      router.dispose();
    } finally {
      window.history.replaceState(null, '', '/');
    }
  });
});
