import '@mantine/core/styles/Notification.css';
import '@mantine/notifications/styles.css';
import { Notifications } from '@mantine/notifications';

/** The toasts of the dashboard: loaded with the first one, so public pages never download them. */
export default function AppNotifications() {
  return <Notifications limit={1} autoClose={5000} />;
}
