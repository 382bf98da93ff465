import { Burger } from '@mantine/core';
import { useClickOutside, useFocusTrap, useMergedRef } from '@mantine/hooks';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { SITE_NAME } from '@/lib/use-page-title';
import classes from './site-header.module.css';

export type NavItem = { label: string; to: string };

type SiteHeaderProps = {
  /** The navigation; without it the header shows only the name (the access page). */
  links?: NavItem[];
  /** Shown in the bar at every width, before the menu button (the cart while the shop is open). */
  actions?: ReactNode;
};

const MOBILE_MENU_ID = 'mobile-menu';

function Crest() {
  return (
    <svg className={classes.crest} viewBox="0 0 22 26" aria-hidden="true" focusable="false">
      <path
        d="M11 1 2 4.5v7.2C2 18 6 22.6 11 25c5-2.4 9-7 9-13.3V4.5L11 1Z"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
      />
      <path d="M11 7v12M6.5 11.5h9" stroke="currentColor" strokeWidth="1.8" />
    </svg>
  );
}

function NavList({ links, onNavigate }: { links: NavItem[]; onNavigate?: () => void }) {
  return (
    <ul className={classes.list}>
      {links.map((link, index) => (
        <li key={link.to}>
          {/* data-autofocus: the opened phone menu puts focus on its first link. */}
          <Link className={classes.link} to={link.to} onClick={onNavigate} data-autofocus={(onNavigate && index === 0) || undefined}>
            {link.label}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** The fixed top bar of the public pages; on small screens the links sit behind a menu button. */
export function SiteHeader({ links, actions }: SiteHeaderProps) {
  const [menuOpen, setMenuOpen] = useState(false);
  const close = () => setMenuOpen(false);
  const burgerRef = useRef<HTMLButtonElement>(null);
  // While the phone menu is open, Tab stays within the bar and the menu.
  const ref = useMergedRef(useClickOutside<HTMLElement>(close), useFocusTrap(menuOpen));

  // Escape closes the menu and hands focus back to its button.
  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setMenuOpen(false);
      burgerRef.current?.focus();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [menuOpen]);

  // SPEC §2: the menu also closes as soon as the page scrolls.
  useEffect(() => {
    if (!menuOpen) return;
    const onScroll = () => setMenuOpen(false);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [menuOpen]);

  const brand = (
    <>
      <Crest />
      <span className={classes.brandName}>{SITE_NAME}</span>
    </>
  );

  return (
    <header ref={ref} className={classes.root}>
      <a className={classes.skipLink} href="#main">
        Zum Inhalt springen
      </a>
      <div className={classes.bar}>
        {links ? (
          <Link className={classes.brand} to="/#hero">
            {brand}
          </Link>
        ) : (
          <span className={classes.brand}>{brand}</span>
        )}
        <div className={classes.end}>
          {links && (
            <nav className={classes.desktopNav} aria-label="Hauptnavigation">
              <NavList links={links} />
            </nav>
          )}
          {actions}
          {links && (
            <Burger
              ref={burgerRef}
              className={classes.burger}
              opened={menuOpen}
              onClick={() => setMenuOpen((open) => !open)}
              color="gold.3"
              aria-label={menuOpen ? 'Menü schließen' : 'Menü öffnen'}
              aria-expanded={menuOpen}
              aria-controls={menuOpen ? MOBILE_MENU_ID : undefined}
            />
          )}
        </div>
      </div>
      {links && menuOpen && (
        <nav id={MOBILE_MENU_ID} className={classes.mobileNav} aria-label="Menü">
          <NavList links={links} onNavigate={close} />
        </nav>
      )}
    </header>
  );
}
