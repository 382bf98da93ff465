import { createTheme, MantineThemeProvider, Modal } from '@mantine/core';
import { useEffect, type ReactNode } from 'react';
import { returnFocusFromDialogs } from '../lib/focus-return';
import classes from './admin-theme.module.css';

/** The dashboard's defaults on top of the site's theme: dialogs show at once and fill a phone's screen, their close button is named, placeholders are readable. */
const adminTheme = createTheme({
  components: {
    Modal: Modal.extend({
      classNames: { root: classes.modalRoot, content: classes.modalContent, inner: classes.modalInner },
      // No entrance fade: a dialog opened by a prop (the confirmations are always mounted) starts
      // Mantine's transition at opacity 0 and needs two animation frames and 200 ms to show; a
      // busy browser held it there, in the page and clickable but unseen, for seconds. A dialog
      // mounted already open skipped the fade anyway; now all show at once (docs/decisions/042).
      defaultProps: { closeButtonProps: { 'aria-label': 'Close dialog' }, transitionProps: { duration: 0 } },
    }),
    // Mantine draws the dialog's title bar as <header>; inside role="dialog" axe counts it as a
    // second banner landmark beside the dashboard's header.
    ModalHeader: { defaultProps: { component: 'div' } },
    // A file field's "Choose an image" is drawn text, not a ::placeholder: axe checks its contrast.
    InputPlaceholder: { classNames: { placeholder: classes.placeholder } },
  },
});

export function AdminTheme({ children }: { children: ReactNode }) {
  useEffect(returnFocusFromDialogs, []);
  return <MantineThemeProvider theme={adminTheme}>{children}</MantineThemeProvider>;
}
