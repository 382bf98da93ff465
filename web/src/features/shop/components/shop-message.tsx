import { Loader, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './shop-message.module.css';

type ShopMessageProps = {
  /** status: waiting (announced politely); alert: something went wrong; note: a plain state such as "empty". */
  kind: 'status' | 'alert' | 'note';
  /** A heading for the message; a page that shows only this message gives it level 1. */
  title?: string;
  titleOrder?: 1 | 2;
  children?: ReactNode;
  /** Buttons below the text. */
  actions?: ReactNode;
};

// A seal with a cross, not an arrow: the messages' links stay on the site.
function Seal() {
  return (
    <svg className={classes.seal} viewBox="0 0 56 56" aria-hidden="true" focusable="false">
      <circle cx="28" cy="28" r="25" fill="none" stroke="currentColor" strokeWidth="2" />
      <circle cx="28" cy="28" r="19" fill="none" stroke="currentColor" strokeWidth="1" strokeDasharray="2 3" />
      <path d="M28 17v22M21 25h14" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
    </svg>
  );
}

/** The loading, error, empty, closed and not-found states of the shop pages. */
export function ShopMessage({ kind, title, titleOrder = 2, children, actions }: ShopMessageProps) {
  const role = kind === 'note' ? undefined : kind;
  return (
    <div className={classes.root} role={role}>
      {kind === 'status' ? <Loader color="gold" aria-hidden="true" /> : <Seal />}
      {title && (
        <Title order={titleOrder} className={classes.title}>
          {title}
        </Title>
      )}
      {children && <Text className={classes.text}>{children}</Text>}
      {actions}
    </div>
  );
}
