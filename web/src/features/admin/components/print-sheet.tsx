import { useEffect, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import classes from './print-sheet.module.css';

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
