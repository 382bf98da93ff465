import { Badge } from '@mantine/core';

/**
 * SPEC §4 tones: secondary, outline, default, success, destructive. "Ausstehend" is Mantine's
 * default badge (light text on the raised grey), where the light grey one was dark on dark.
 */
export const ORDER_STATUS_DISPLAY: Record<string, { label: string; color: string; variant: string }> = {
  pending: { label: 'Ausstehend', color: 'gray', variant: 'default' },
  processing: { label: 'In Bearbeitung', color: 'blue', variant: 'outline' },
  shipped: { label: 'Versendet', color: 'gold', variant: 'filled' },
  delivered: { label: 'Zugestellt', color: 'green', variant: 'filled' },
  cancelled: { label: 'Storniert', color: 'red', variant: 'filled' },
};

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
