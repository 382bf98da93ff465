import { Card, Switch, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { setShopEnabled, shopEnabledQueryOptions, useShopEnabled } from '../api/settings';
import { toastError, toastSuccess } from '../lib/toast';
import { ConfirmModal } from './confirm-modal';
import { OrderLimitsCard } from './order-limits-card';

export function SettingsTab() {
  const queryClient = useQueryClient();
  const shopEnabled = useShopEnabled();
  const save = useMutation({
    mutationFn: setShopEnabled,
    onSuccess: (_data, enabled) => {
      queryClient.setQueryData(shopEnabledQueryOptions().queryKey, enabled);
      toastSuccess(`The shop is now ${enabled ? 'enabled' : 'disabled'}.`, 'Shop Settings Updated');
    },
    onError: () => toastError('Failed to update shop setting. Please try again.'),
  });
  const enabled = shopEnabled.data ?? false;
  // Closing hides the shop from every visitor at once, so it is asked first; opening is not.
  const [confirmClose, setConfirmClose] = useState(false);
  const change = (checked: boolean) => (checked ? save.mutate(true) : setConfirmClose(true));

  return (
    <>
      <Card withBorder maw={640}>
        <Title order={2} size="h3" mb="sm">
          Shop Settings
        </Title>
        <Switch
          label="Enable Shop"
          checked={enabled}
          disabled={save.isPending || shopEnabled.isPending}
          onChange={(event) => change(event.currentTarget.checked)}
        />
        <Text size="sm" c="dimmed" mt="sm">
          This setting controls the visibility of the shop link in the navigation (desktop and mobile), shop-related news items and the
          availability of merchandise.
        </Text>
        <Text mt="sm" fw={600}>
          {enabled ? 'The shop is currently enabled and visible to all visitors.' : 'The shop is currently disabled and hidden from visitors.'}
        </Text>
      </Card>
      <ConfirmModal
        opened={confirmClose}
        title="Close the shop?"
        message="Closing the shop hides it from every visitor at once: the shop link, the shop pages and checkout. Carts stay in the visitors' browsers."
        confirmLabel="Close shop"
        onClose={() => setConfirmClose(false)}
        onConfirm={() => save.mutate(false)}
      />
      <OrderLimitsCard />
    </>
  );
}
