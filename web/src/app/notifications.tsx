import '@mantine/core/styles/Notification.css';
import '@mantine/notifications/styles.css';
import { Notifications } from '@mantine/notifications';
import { useEffect } from 'react';

/** The height a shown toast takes at the foot of the screen; dialogs keep out of it (admin-theme.module.css). */
export const TOAST_SPACE = '--app-toast-space';

/** Keeps TOAST_SPACE on <html> true while toasts come and go: from the toasts' top to the screen's foot, 0 without one. */
function useToastSpace() {
  useEffect(() => {
    const style = document.documentElement.style;
    const observer = new ResizeObserver(([entry]) => measure(entry.target));
    const measure = (root: Element) => {
      const box = root.getBoundingClientRect();
      style.setProperty(TOAST_SPACE, box.height > 0 ? `${Math.ceil(window.innerHeight - box.top)}px` : '0px');
    };
    // The toasts' portal is put into the page a render after this component's.
    let frame = 0;
    const find = () => {
      const root = document.querySelector('.mantine-Notifications-root[data-position="bottom-right"]');
      if (root) observer.observe(root);
      else frame = requestAnimationFrame(find);
    };
    find();
    return () => {
      cancelAnimationFrame(frame);
      observer.disconnect();
      style.removeProperty(TOAST_SPACE);
    };
  }, []);
}

/**
 * The toasts of the dashboard: loaded with the first one, so public pages never download them.
 * No transition: a toast that slid out for 250 ms beside its successor was two toasts on screen.
 */
export default function AppNotifications() {
  useToastSpace();
  return <Notifications limit={1} autoClose={5000} transitionDuration={0} />;
}
