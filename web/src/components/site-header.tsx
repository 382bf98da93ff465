import { Burger } from '@mantine/core';
import { useFocusTrap, useMergedRef } from '@mantine/hooks';
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

/**
 * Whether the browser opens and closes a popover itself (HTML's popover attribute), before any
 * script has run; the server renders for one that does.
 */
const POPOVERS = typeof HTMLElement === 'undefined' || 'popover' in HTMLElement.prototype;

/**
 * The fixed top bar of the public pages; on small screens the links sit behind a menu button.
 * The phone menu is a popover the button opens by itself: it works from the first paint, long
 * before the page is taken over on the festival ground's connection, and it closes on a click
 * outside and on Escape (index.html closes it on scroll until the takeover). Once taken over,
 * the scroll and a followed link close it too, and Tab stays within the bar and the menu. A
 * browser without popovers (Safari before 17) opens it from the state once taken over.
 */
export function SiteHeader({ links, actions }: SiteHeaderProps) {
  const [menuOpen, setMenuOpen] = useState(false);
  const menuRef = useRef<HTMLElement>(null);
  const burgerRef = useRef<HTMLButtonElement>(null);
  // With popovers, the menu's toggle event sets the state.
  const close = () => (POPOVERS ? menuRef.current?.hidePopover() : setMenuOpen(false));
  const follow = () => setMenuOpen(!!menuRef.current?.matches(':popover-open'));
  const headerRef = useRef<HTMLElement>(null);
  // While the phone menu is open, Tab stays within the bar and the menu.
  const ref = useMergedRef(headerRef, useFocusTrap(menuOpen));

  // A menu opened before the takeover is open in the state too.
  useEffect(follow, []);

  // Escape closes the menu and hands focus back to its button; SPEC §2: so do any scroll and a
  // click outside the bar and the menu (the popover's own light dismiss, without popovers).
  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      close();
      burgerRef.current?.focus();
    };
    const onPointerDown = (event: PointerEvent) => headerRef.current?.contains(event.target as Node) || close();
    addEventListener('keydown', onKeyDown);
    addEventListener('pointerdown', onPointerDown);
    addEventListener('scroll', close, { passive: true });
    return () => {
      removeEventListener('keydown', onKeyDown);
      removeEventListener('pointerdown', onPointerDown);
      removeEventListener('scroll', close);
    };
  });

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
              // The browser's popover: it opens the menu itself and tells assistive technology
              // whether it is open. Without popovers the state does both.
              popoverTarget={MOBILE_MENU_ID}
              onClick={POPOVERS ? undefined : () => setMenuOpen(!menuOpen)}
              color="gold.3"
              aria-label={menuOpen ? 'Menü schließen' : 'Menü öffnen'}
              aria-expanded={POPOVERS ? undefined : menuOpen}
            />
          )}
        </div>
      </div>
      {links && (
        <nav
          ref={menuRef}
          id={MOBILE_MENU_ID}
          popover="auto"
          onToggle={follow}
          // index.html closes it on scroll until the page is taken over.
          data-scroll-closes
          className={classes.mobileNav}
          data-open={menuOpen || undefined}
          aria-label="Menü"
        >
          <NavList links={links} onNavigate={close} />
        </nav>
      )}
    </header>
  );
}
