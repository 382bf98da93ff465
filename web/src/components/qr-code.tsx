import { useEffect, useState, type CSSProperties } from 'react';
import classes from './qr-code.module.css';

type QrCodeProps = {
  /** The text (a URL) the code stands for. */
  value: string;
  /** Width and height in CSS pixels. */
  size: number;
  /** Quiet zone around the code, in modules. */
  margin: number;
  /** Alternative text of the drawn image. */
  label: string;
  /** The code drawn already (drawQrCode, on the site's server), shown from the first render. */
  drawn?: string | null;
};

type Drawing = { value: string; size: number; margin: number; src: string | null };

/** The code for value as an image address (an SVG, black on white), with the qrcode package loaded on demand. */
export async function drawQrCode(value: string, size: number, margin: number): Promise<string> {
  const qrcode = await import('qrcode');
  const svg = await qrcode.toString(value, { type: 'svg', width: size, margin, color: { dark: '#000000', light: '#ffffff' } });
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/**
 * Draws a QR code in the browser (black on white) with the qrcode package, which is loaded
 * only when a code is needed. Until it is drawn it says so; a failure is only logged.
 */
export function QrCode({ value, size, margin, label, drawn }: QrCodeProps) {
  const [drawing, setDrawing] = useState<Drawing | null>(() => (drawn ? { value, size, margin, src: drawn } : null));
  const done = drawing?.value === value && drawing.size === size && drawing.margin === margin;

  useEffect(() => {
    if (done) return;
    let current = true;
    drawQrCode(value, size, margin)
      .then((src) => {
        if (current) setDrawing({ value, size, margin, src });
      })
      .catch((error: unknown) => {
        // SPEC §4: a QR failure is reported on the console only.
        console.error('Der QR-Code konnte nicht erzeugt werden.', error);
        if (current) setDrawing({ value, size, margin, src: null });
      });
    return () => {
      current = false;
    };
  }, [value, size, margin, done]);

  if (done && drawing.src === null) return null;

  // Keeps the space of the code while it is drawn, so nothing jumps.
  const sizeStyle = { '--qr-size': `${size}px` } as CSSProperties;

  return (
    <div className={classes.frame} style={sizeStyle}>
      {done && drawing.src ? (
        <img className={classes.image} src={drawing.src} width={size} height={size} alt={label} />
      ) : (
        <div className={classes.pending} role="status">
          QR-Code wird generiert...
        </div>
      )}
    </div>
  );
}
