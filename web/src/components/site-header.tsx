import { Burger } from '@mantine/core';
import { useClickOutside } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { SITE_NAME } from '@/lib/use-page-title';
import classes from './site-header.module.css';

export type NavItem = { label: string; to: string };

type SiteHeaderProps = {
  /** The navigation; without it the header shows only the name (the access page). */
  links?: NavItem[];
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
      {links.map((link) => (
        <li key={link.to}>
          <Link className={classes.link} to={link.to} onClick={onNavigate}>
            {link.label}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** The fixed top bar of the public pages; on small screens the links sit behind a menu button. */
export function SiteHeader({ links }: SiteHeaderProps) {
  const [menuOpen, setMenuOpen] = useState(false);
  const close = () => setMenuOpen(false);
  const ref = useClickOutside<HTMLElement>(close);

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
      {SITE_NAME}
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
        {links && (
          <>
            <nav className={classes.desktopNav} aria-label="Hauptnavigation">
              <NavList links={links} />
            </nav>
            <Burger
              className={classes.burger}
              opened={menuOpen}
              onClick={() => setMenuOpen((open) => !open)}
              color="gold.3"
              aria-label={menuOpen ? 'Menü schließen' : 'Menü öffnen'}
              aria-expanded={menuOpen}
              aria-controls={menuOpen ? MOBILE_MENU_ID : undefined}
            />
          </>
        )}
      </div>
      {links && menuOpen && (
        <nav id={MOBILE_MENU_ID} className={classes.mobileNav} aria-label="Menü">
          <NavList links={links} onNavigate={close} />
        </nav>
      )}
    </header>
  );
}
