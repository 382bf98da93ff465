import '@mantine/core/styles/Notification.css';
import '@mantine/notifications/styles.css';
import { Notifications } from '@mantine/notifications';

/**
 * The toasts of the dashboard: loaded with the first one, so public pages never download them.
 * No transition: a toast that slid out for 250 ms beside its successor was two toasts on screen.
 */
export default function AppNotifications() {
  return <Notifications limit={1} autoClose={5000} transitionDuration={0} />;
}
