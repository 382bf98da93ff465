import { createTheme, MantineThemeProvider, Modal } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './admin-theme.module.css';

/** The dashboard's defaults on top of the site's theme: dialogs fill a phone's screen. */
const adminTheme = createTheme({
  components: {
    Modal: Modal.extend({
      classNames: { root: classes.modalRoot, content: classes.modalContent, inner: classes.modalInner },
    }),
  },
});

export function AdminTheme({ children }: { children: ReactNode }) {
  return <MantineThemeProvider theme={adminTheme}>{children}</MantineThemeProvider>;
}
