import { Card, Switch, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { setShopEnabled, shopEnabledQueryOptions, useShopEnabled } from '../api/settings';
import { toastError, toastSuccess } from '../lib/toast';
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
          onChange={(event) => save.mutate(event.currentTarget.checked)}
        />
        <Text size="sm" c="dimmed" mt="sm">
          This setting controls the visibility of the shop link in the navigation (desktop and mobile), shop-related news items and the
          availability of merchandise.
        </Text>
        <Text mt="sm" fw={600}>
          {enabled ? 'The shop is currently enabled and visible to all visitors.' : 'The shop is currently disabled and hidden from visitors.'}
        </Text>
      </Card>
      <OrderLimitsCard />
    </>
  );
}
