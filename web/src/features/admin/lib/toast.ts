import { notifications } from '@mantine/notifications';

export type ToastColor = 'green' | 'red' | 'yellow' | 'gray';

type Toast = { title: string; message: string; color: ToastColor };

/** The dashboard shows one toast at a time, always under this id. */
const TOAST_ID = 'dashboard-toast';
const AUTO_CLOSE_MS = 5000;
let shownSoFar = 0;

/**
 * Shows the toast in place of the one on screen (SPEC §4, DECISIONS §9). Mantine would queue a
 * second toast behind the shown one for its 5 s; and a toast taken away under another id stays in
 * the page until its exit has run, which a busy browser held back long enough to show two. Under
 * the same id the page holds one toast, whose words change.
 */
function replaceToast({ title, message, color }: Toast) {
  notifications.clean();
  notifications.show({
    id: TOAST_ID,
    title,
    message,
    color,
    closeButtonProps: { 'aria-label': 'Close message' },
    // Mantine restarts a kept toast's timer only when its duration changes: a millisecond more or
    // less gives each new message its own 5 s.
    autoClose: AUTO_CLOSE_MS + (shownSoFar++ % 2),
  });
}

/** A success toast; `color` tells how it went where SPEC's title says "Successful" regardless (an import with failed rows). */
export function toastSuccess(message: string, title = 'Success', color: ToastColor = 'green') {
  replaceToast({ title, message, color });
}

export function toastError(message: string, title = 'Error') {
  replaceToast({ title, message, color: 'red' });
}

/** "Generated 1 access code", "Generated 3 access codes" (SPEC §8 quotes the plural). */
export const generatedCodesMessage = (count: number) => `Generated ${count} access ${count === 1 ? 'code' : 'codes'}`;
