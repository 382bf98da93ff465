import { useEffect, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { SITE_NAME } from '@/lib/use-page-title';
import classes from './print-sheet.module.css';

const printDate = new Intl.DateTimeFormat('de-DE', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Europe/Berlin' });

/** Now as the paper shows it, renewed when the browser is about to print. */
function usePrintedAt(): string {
  const [now, setNow] = useState(() => printDate.format(new Date()));
  useEffect(() => {
    const renew = () => setNow(printDate.format(new Date()));
    window.addEventListener('beforeprint', renew);
    return () => window.removeEventListener('beforeprint', renew);
  }, []);
  return now;
}

/**
 * The top of a printed sheet: the festival's emblem and name, the sheet's title and when it was
 * printed, so a sheet found on the packing table tells where and when it came from.
 */
export function PrintHeader({ title }: { title: string }) {
  const printedAt = usePrintedAt();
  return (
    <div className={classes.header} data-testid="print-header">
      <img className={classes.logo} src="/favicon.svg" alt="" width={40} height={40} />
      <div>
        <div className={classes.festival}>{SITE_NAME}</div>
        <h1>{title}</h1>
      </div>
      <div className={classes.printedAt}>Printed {printedAt}</div>
    </div>
  );
}

/**
 * What a print of the open dialog puts on paper: rendered straight under <body>, so the print
 * stylesheet can hide everything else, the dashboard and the dialog itself included.
 */
export function PrintSheet({ children }: { children: ReactNode }) {
  const [host, setHost] = useState<HTMLElement | null>(null);
  useEffect(() => setHost(document.body), []);
  if (!host) return null;
  return createPortal(
    <div className={classes.sheet} data-testid="print-sheet">
      {children}
    </div>,
    host,
  );
}

export const printClasses = classes;
