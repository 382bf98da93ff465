import { notifications } from '@mantine/notifications';
import { afterEach, describe, expect, it } from 'vitest';
import AppNotifications from '@/app/notifications';
import { act, render, screen } from '@/testing/render';
import { generatedCodesMessage, toastError, toastSuccess } from './toast';

describe('dashboard toasts', () => {
  afterEach(() => act(() => notifications.clean()));

  it('replace the one on screen at once instead of queueing behind it (SPEC §4)', () => {
    render(<AppNotifications />);
    // Shown within act, read at once: no waiting query, whose asyncWrapper switches React's act
    // environment off for its duration (a CI run failed once with "not configured to support act").
    act(() => toastError('Only JPEG, PNG, WebP or AVIF images are accepted'));
    expect(screen.getByText('Only JPEG, PNG, WebP or AVIF images are accepted')).toBeInTheDocument();

    act(() => toastSuccess('Product created successfully'));
    expect(screen.getByText('Product created successfully')).toBeInTheDocument();
    expect(screen.queryByText('Only JPEG, PNG, WebP or AVIF images are accepted')).toBeNull();
    expect(document.querySelectorAll('.mantine-Notification-root')).toHaveLength(1);
  });

  it('say "Generated 1 access code" in the singular and keep the spec plural otherwise', () => {
    expect(generatedCodesMessage(1)).toBe('Generated 1 access code');
    expect(generatedCodesMessage(3)).toBe('Generated 3 access codes');
  });
});
