import { Button, Text } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router-dom';
import { formatDateRange } from '@/lib/format';
import { isHttpUrl } from '@/lib/safe-url';
import { useReturnFocus } from '@/lib/use-return-focus';
import { SITE_NAME } from '@/lib/use-page-title';
import type { Festival } from '../api/get-site-content';
import classes from './festival-footer.module.css';

// The dialog brings Mantine's modal with its focus trap, scroll lock and scroll area: loaded
// when a visitor first opens it, not with every public page.
const loadWhatsappModal = () => import('./whatsapp-modal');
const WhatsappModal = lazy(() => loadWhatsappModal().then((module) => ({ default: module.WhatsappModal })));

const EMAIL = /^[^\s@<>()]+@[^\s@<>()]+\.[^\s@<>()]+$/;

/**
 * The footer of the public pages. Without the festival (still loading, or the cms failed) it
 * still offers the legal pages. `withFestivalGroup={false}` leaves the festival's WhatsApp group
 * off, where another group's button would sit beside it.
 */
export function FestivalFooter({ festival, withFestivalGroup = true }: { festival?: Festival; withFestivalGroup?: boolean }) {
  const [groupOpen, setGroupOpen] = useState(false);
  // Mounted from the first opening on, so closing still plays the modal's exit transition.
  const [groupOpened, setGroupOpened] = useState(false);
  const focus = useReturnFocus();
  const openGroup = () => {
    focus.remember();
    setGroupOpen(true);
    setGroupOpened(true);
  };
  const closeGroup = () => {
    setGroupOpen(false);
    focus.restore();
  };
  const name = festival?.name ?? SITE_NAME;
  const groupUrl = withFestivalGroup && festival?.whatsappGroupUrl && isHttpUrl(festival.whatsappGroupUrl) ? festival.whatsappGroupUrl : null;
  const email = festival?.contactEmail && EMAIL.test(festival.contactEmail) ? festival.contactEmail : null;

  return (
    <footer className={classes.root}>
      <div className={classes.inner}>
        <div>
          <Text className={classes.title}>{name}</Text>
          {festival && (
            <>
              <Text className={classes.dates}>{formatDateRange(festival.startDate, festival.endDate)}</Text>
              <Text className={classes.motto}>
                {festival.edition} · „{festival.motto}“
              </Text>
            </>
          )}
        </div>
        {(groupUrl || email) && (
          <div className={classes.column}>
            <Text className={classes.columnTitle}>Gemeinschaft</Text>
            {groupUrl && (
              // A link to the group: a tap before the page is taken over (on the festival ground,
              // seconds) or without scripts opens the group itself; the app shows the dialog with
              // its QR code instead, for a phone's camera.
              <Button
                component="a"
                href={groupUrl}
                target="_blank"
                rel="noopener noreferrer"
                className={classes.whatsapp}
                onClick={(event) => {
                  event.preventDefault();
                  openGroup();
                }}
                onPointerEnter={() => void loadWhatsappModal()}
                onFocus={() => void loadWhatsappModal()}
                aria-haspopup="dialog"
              >
                WhatsApp-Gruppe
              </Button>
            )}
            {email && (
              <Text>
                Kontakt:{' '}
                <a className={classes.link} href={`mailto:${email}`}>
                  {email}
                </a>
              </Text>
            )}
          </div>
        )}
        <nav className={classes.column} aria-label="Rechtliches">
          <Text className={classes.columnTitle}>Rechtliches</Text>
          <ul className={classes.links}>
            <li>
              <Link className={classes.link} to="/impressum">
                Impressum
              </Link>
            </li>
            <li>
              <Link className={classes.link} to="/datenschutz">
                Datenschutz
              </Link>
            </li>
          </ul>
        </nav>
      </div>
      <Text className={classes.copyright}>
        © {new Date().getFullYear()} {name}
      </Text>
      {groupUrl && groupOpened && (
        <Suspense fallback={null}>
          <WhatsappModal url={groupUrl} opened={groupOpen} onClose={closeGroup} />
        </Suspense>
      )}
    </footer>
  );
}
