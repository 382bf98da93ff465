import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@/testing/render';
import { SiteHeader, type NavItem } from './site-header';

const links: NavItem[] = [
  { label: 'Home', to: '/#hero' },
  { label: 'Information', to: '/#info' },
  { label: 'Login', to: '/admin/login' },
];

// jsdom has no popovers: these walk the path of a browser without them, where the state opens
// the menu (data-open shows it). The browser's own popover is walked in e2e/landing.e2e.test.ts.
const mobileMenu = () => {
  const menu = document.querySelector('nav[aria-label="Menü"]');
  return menu?.hasAttribute('data-open') ? menu : null;
};

const openMenu = async (user: ReturnType<typeof render>['user']) => {
  await user.click(screen.getByRole('button', { name: 'Menü öffnen' }));
  expect(mobileMenu()).not.toBeNull();
  expect(screen.getByRole('button', { name: 'Menü schließen' })).toHaveAttribute('aria-expanded', 'true');
};

describe('SiteHeader', () => {
  it('shows the brand and the links', () => {
    render(<SiteHeader links={links} />);

    const nav = screen.getByRole('navigation', { name: 'Hauptnavigation' });
    expect(nav).toHaveTextContent('HomeInformationLogin');
    expect(screen.getByRole('link', { name: 'Information' })).toHaveAttribute('href', '/#info');
    expect(screen.getByRole('link', { name: 'Game Of Slavs' })).toHaveAttribute('href', '/#hero');
    expect(mobileMenu()).toBeNull();
  });

  it('toggles the mobile menu with the menu button', async () => {
    const { user } = render(<SiteHeader links={links} />);
    await openMenu(user);

    await user.click(screen.getByRole('button', { name: 'Menü schließen' }));
    expect(mobileMenu()).toBeNull();
    expect(screen.getByRole('button', { name: 'Menü öffnen' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes the mobile menu on a click outside', async () => {
    const { user } = render(
      <>
        <SiteHeader links={links} />
        <p>Außerhalb</p>
      </>,
    );
    await openMenu(user);

    await user.click(screen.getByText('Außerhalb'));
    expect(mobileMenu()).toBeNull();
    expect(screen.getByRole('button', { name: 'Menü öffnen' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes the mobile menu when one of its links is clicked', async () => {
    const { user } = render(<SiteHeader links={links} />);
    await openMenu(user);

    const menu = mobileMenu()!;
    const link = [...menu.querySelectorAll('a')].find((a) => a.textContent === 'Information')!;
    await user.click(link);
    expect(mobileMenu()).toBeNull();
    expect(screen.getByRole('button', { name: 'Menü öffnen' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes the mobile menu when the page scrolls', async () => {
    const { user } = render(<SiteHeader links={links} />);
    await openMenu(user);

    fireEvent.scroll(window);
    expect(mobileMenu()).toBeNull();
    expect(screen.getByRole('button', { name: 'Menü öffnen' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('shows only the name, without links, when given none', () => {
    render(<SiteHeader />);

    expect(screen.getByText('Game Of Slavs')).toBeInTheDocument();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getAllByRole('link')).toHaveLength(1); // the skip link only
  });
});
