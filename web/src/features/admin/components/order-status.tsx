import { Badge } from '@mantine/core';

/**
 * SPEC §4 tones: secondary, outline, default, success, destructive, each with text at 4.5:1 or
 * more (axe): "Ausstehend" is Mantine's default badge, where the light grey one was dark on
 * dark; white on the theme's filled shade 7 of green, gold or red reads below 4.5:1, so success
 * and default are light badges and destructive takes red's shade 9 (5.5:1).
 */
export const ORDER_STATUS_DISPLAY: Record<string, { label: string; color: string; variant: string }> = {
  pending: { label: 'Ausstehend', color: 'gray', variant: 'default' },
  processing: { label: 'In Bearbeitung', color: 'blue', variant: 'outline' },
  shipped: { label: 'Versendet', color: 'gold', variant: 'light' },
  delivered: { label: 'Zugestellt', color: 'green', variant: 'light' },
  cancelled: { label: 'Storniert', color: 'red.9', variant: 'filled' },
};

/** The statuses an organiser may set, any from any (SPEC §4). */
export const ORDER_STATUS_OPTIONS = Object.entries(ORDER_STATUS_DISPLAY).map(([value, { label }]) => ({ value, label }));

/** The German label of a status; an unknown one shown raw, a missing one as pending (SPEC §4). */
export const orderStatusLabel = (status: string | null | undefined) => ORDER_STATUS_DISPLAY[status || 'pending']?.label ?? String(status);

export function StatusBadge({ status }: { status: string | null | undefined }) {
  const display = ORDER_STATUS_DISPLAY[status || 'pending'];
  if (!display) return <Badge color="gray">{status}</Badge>;
  return (
    <Badge color={display.color} variant={display.variant}>
      {display.label}
    </Badge>
  );
}

const dateFormat = new Intl.DateTimeFormat('de-DE', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Europe/Berlin',
});

export const formatOrderDate = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateFormat.format(date);
};
