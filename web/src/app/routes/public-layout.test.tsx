import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import type { SiteContent } from '@contract/site-content';
import { siteContentFixture } from '@/features/festival/testing/site-content-fixture';
import { api } from '@/lib/api-client';
import { render, screen, within } from '@/testing/render';
import { PublicLayout } from './public-layout';

const answerWith = (shop: unknown, content: SiteContent | Promise<never> = siteContentFixture()) =>
  vi.spyOn(api, 'get').mockImplementation(async (url) => {
    if (url === '/settings/shop_enabled') return { data: shop };
    if (url === '/site-content') return { data: await content };
    throw new Error(`unexpected call ${url}`);
  });

const renderLayout = () => {
  const router = createMemoryRouter([{ element: <PublicLayout />, children: [{ path: '/', element: <p>Seite</p> }] }]);
  return render(<RouterProvider router={router} />, { route: false });
};

const mainNav = () => screen.getByRole('navigation', { name: 'Hauptnavigation' });

describe('PublicLayout', () => {
  it('shows Merchandising while the shop is enabled', async () => {
    answerWith({ success: true, value: 'true' });
    renderLayout();

    const link = await within(mainNav()).findByRole('link', { name: 'Merchandising' });
    expect(link).toHaveAttribute('href', '/shop');
    expect(within(mainNav()).getAllByRole('link').map((a) => a.textContent)).toEqual([
      'Home',
      'Information',
      'Programm',
      'Merchandising',
      'Login',
    ]);
    expect(within(mainNav()).getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/admin/login');
  });

  it.each([
    ['disabled', { success: true, value: 'false' }],
    ['not a success', { success: false, value: 'true' }],
  ])('leaves Merchandising out when the setting is %s', async (_case, setting) => {
    const get = answerWith(setting);
    renderLayout();

    await vi.waitFor(() => expect(get).toHaveBeenCalledWith('/settings/shop_enabled'));
    expect(await screen.findByText('Slawenfest im Harz')).toBeInTheDocument();
    expect(within(mainNav()).queryByRole('link', { name: 'Merchandising' })).not.toBeInTheDocument();
    // Home, Information, Programm (issue 40), Login.
    expect(within(mainNav()).getAllByRole('link')).toHaveLength(4);
    expect(within(mainNav()).getByRole('link', { name: 'Programm' })).toHaveAttribute('href', '/programm');
  });

  it('offers the legal pages in the footer even when the cms does not answer', () => {
    answerWith({ success: true, value: 'false' }, new Promise<never>(() => {}));
    renderLayout();

    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: 'Impressum' })).toHaveAttribute('href', '/impressum');
    expect(within(footer).getByRole('link', { name: 'Datenschutz' })).toHaveAttribute('href', '/datenschutz');
    expect(footer).toHaveTextContent(`© ${new Date().getFullYear()} Game Of Slavs`);
  });
});
