import { Button, Text, Title } from '@mantine/core';
import { useEffect, useRef, type CSSProperties } from 'react';
import { QrCode } from '@/components/qr-code';
import { isHttpUrl } from '@/lib/safe-url';
import type { VerifiedHouse } from '../api/verify-code';
import classes from './house-welcome.module.css';

// SPEC §9: the chat opens about 100 ms after a successful code.
export const CHAT_OPEN_DELAY_MS = 100;
// SPEC §9: the house chat's QR code is 200 px wide, with a margin of 1.
export const CHAT_QR = { size: 200, margin: 1 } as const;

type HouseWelcomeProps = {
  house: VerifiedHouse;
  /** After a typed code the chat opens by itself (SPEC §9); a remembered house waits for the button. */
  openChat: boolean;
  /** Whether this device keeps the code. */
  remembered: boolean;
  onRemember: () => void;
  onForget: () => void;
  /** The chat's QR code as the site's server drew it, for a house it opened. */
  chatQrCode?: string | null;
};

/** The house a code unlocked: its name, emblem, the way into its chat, and keeping it on this device. */
export function HouseWelcome({ house, openChat, remembered, onRemember, onForget, chatQrCode }: HouseWelcomeProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  const chatUrl = isHttpUrl(house.chatUrl) ? house.chatUrl : null;

  useEffect(() => {
    heading.current?.focus();
  }, []);

  useEffect(() => {
    if (!chatUrl || !openChat) return;
    // Browsers that block pop-ups outside a click simply ignore this; the button stays.
    const timer = window.setTimeout(
      () => window.open(chatUrl, '_blank', 'noopener,noreferrer'),
      CHAT_OPEN_DELAY_MS,
    );
    return () => window.clearTimeout(timer);
  }, [chatUrl, openChat]);

  // The house's own colour comes from the cms, so it travels as a custom property.
  const colourStyle = house.colour ? ({ '--house-colour': house.colour } as CSSProperties) : undefined;

  return (
    <div className={classes.root} style={colourStyle}>
      {house.emblem && (
        <img className={classes.emblem} src={house.emblem} alt={`Wappen des Hauses ${house.name}`} />
      )}
      <Title order={1} className={classes.title} ref={heading} tabIndex={-1}>
        Willkommen im <span className={classes.houseName}>{house.name}</span>
      </Title>
      <div className={classes.rule} aria-hidden="true" />
      <section className={classes.chat} aria-labelledby="house-chat-title">
        <Title order={2} id="house-chat-title" className={classes.chatTitle}>
          Dein Haus-Chat
        </Title>
        {chatUrl ? (
          <>
            <Text className={classes.hint}>
              <span className="pointer-fine">Scanne den Code mit deinem Handy oder öffne die Gruppe direkt.</span>
              <span className="pointer-coarse">Tippe auf den Button, um die Gruppe zu öffnen, oder zeige den Code einem anderen Gerät.</span>
            </Text>
            <QrCode {...CHAT_QR} value={chatUrl} drawn={chatQrCode} label={`QR-Code zum Chat des Hauses ${house.name}`} />
            <Button
              component="a"
              href={chatUrl}
              target="_blank"
              rel="noopener noreferrer"
              size="md"
              className={classes.whatsapp}
            >
              WhatsApp Gruppe öffnen
            </Button>
          </>
        ) : (
          <Text className={classes.hint}>
            Der Chat deines Hauses ist noch nicht eingerichtet. Bitte wende dich an die Orga.
          </Text>
        )}
      </section>
      <div className={classes.keep}>
        {remembered ? (
          <>
            <Text className={classes.hint}>Dein Haus ist auf diesem Gerät gespeichert.</Text>
            <Button variant="subtle" color="gold.3" onClick={onForget}>
              Auf diesem Gerät vergessen
            </Button>
          </>
        ) : (
          <Button variant="outline" color="gold.3" onClick={onRemember}>
            Auf diesem Gerät merken
          </Button>
        )}
      </div>
    </div>
  );
}
