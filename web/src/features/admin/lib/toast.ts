import { notifications } from '@mantine/notifications';

export function toastSuccess(message: string, title = 'Success') {
  notifications.show({ title, message, color: 'green' });
}

export function toastError(message: string, title = 'Error') {
  notifications.show({ title, message, color: 'red' });
}
