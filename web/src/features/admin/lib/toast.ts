import { notifications } from '@mantine/notifications';

type Toast = { title: string; message: string; color: 'green' | 'red' };

/**
 * Shows the toast in place of the one on screen (SPEC §4, DECISIONS §9): Mantine would queue it
 * behind the shown one for its 5 s, so the organiser read the previous action's outcome.
 */
function replaceToast({ title, message, color }: Toast) {
  notifications.clean();
  notifications.show({ title, message, color, closeButtonProps: { 'aria-label': 'Close message' } });
}

export function toastSuccess(message: string, title = 'Success') {
  replaceToast({ title, message, color: 'green' });
}

export function toastError(message: string, title = 'Error') {
  replaceToast({ title, message, color: 'red' });
}

/** "Generated 1 access code", "Generated 3 access codes" (SPEC §8 quotes the plural). */
export const generatedCodesMessage = (count: number) => `Generated ${count} access ${count === 1 ? 'code' : 'codes'}`;
