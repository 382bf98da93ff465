import { notifications } from '@mantine/notifications';
import { afterEach, describe, expect, it } from 'vitest';
import AppNotifications from '@/app/notifications';
import { act, render, screen } from '@/testing/render';
import { generatedCodesMessage, toastError, toastSuccess } from './toast';

describe('dashboard toasts', () => {
  afterEach(() => act(() => notifications.clean()));

  it('replace the one on screen at once instead of queueing behind it (SPEC §4)', async () => {
    render(<AppNotifications />);
    act(() => toastError('Only JPEG, PNG, WebP or AVIF images are accepted'));
    await screen.findByText('Only JPEG, PNG, WebP or AVIF images are accepted');

    act(() => toastSuccess('Product created successfully'));
    await screen.findByText('Product created successfully');
    expect(screen.queryByText('Only JPEG, PNG, WebP or AVIF images are accepted')).toBeNull();
    expect(document.querySelectorAll('.mantine-Notification-root')).toHaveLength(1);
  });

  it('say "Generated 1 access code" in the singular and keep the spec plural otherwise', () => {
    expect(generatedCodesMessage(1)).toBe('Generated 1 access code');
    expect(generatedCodesMessage(3)).toBe('Generated 3 access codes');
  });
});
