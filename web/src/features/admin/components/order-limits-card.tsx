import { Button, Card, NumberInput, SimpleGrid, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { ORDER_LIMIT_FIELDS, ORDER_LIMIT_NAMES, orderLimitsSchema, type OrderLimitName, type OrderLimits, type OrderLimitsWrite } from '@contract/settings';
import { orderLimitsQueryOptions, setOrderLimits, useOrderLimits } from '../api/settings';
import { useToastMutation } from '../lib/use-toast-mutation';

const FIELDS: Record<OrderLimitName, { label: string; description: string }> = {
  maxUnitsPerLine: { label: 'Units per line', description: 'Most units of one product and variant in one order' },
  maxUnitsPerOrder: { label: 'Units per order', description: 'Most units in one order, all lines together' },
  maxOrdersPerClient: { label: 'Orders per client', description: 'Orders one address may place within the window' },
  windowMinutes: { label: 'Window (minutes)', description: 'The time the orders and units per client are counted over' },
  maxUnitsPerProduct: { label: 'Units per product and client', description: 'Units of one product one address may order within the window' },
};

type Values = Record<OrderLimitName, string | number>;
type Errors = Partial<Record<OrderLimitName, string>>;

/** The form's values as the server reads them; each field's first problem, or the limits. */
function validate(values: Values): { limits: OrderLimitsWrite } | { errors: Errors } {
  const input = Object.fromEntries(ORDER_LIMIT_NAMES.map((name) => [name, values[name] === '' ? undefined : Number(values[name])]));
  const parsed = orderLimitsSchema.safeParse(input);
  if (parsed.success) return { limits: parsed.data };
  const errors: Errors = {};
  for (const issue of parsed.error.issues) {
    const name = issue.path[0] as OrderLimitName;
    errors[name] ??= issue.message;
  }
  return { errors };
}

function OrderLimitsForm({ saved }: { saved: OrderLimits }) {
  const queryClient = useQueryClient();
  const [values, setValues] = useState<Values>(saved);
  const [errors, setErrors] = useState<Errors>({});
  const save = useToastMutation({
    mutationFn: setOrderLimits,
    success: 'Order limits updated',
    failure: 'Failed to update order limits. Please try again.',
    preferServerText: true,
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = validate(values);
    if ('errors' in result) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    save.mutate(result.limits, { onSuccess: (limits) => queryClient.setQueryData(orderLimitsQueryOptions().queryKey, limits) });
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Order limits">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {ORDER_LIMIT_NAMES.map((name) => (
          <NumberInput
            key={name}
            label={FIELDS[name].label}
            description={`${FIELDS[name].description} (${ORDER_LIMIT_FIELDS[name].min}–${ORDER_LIMIT_FIELDS[name].max})`}
            min={ORDER_LIMIT_FIELDS[name].min}
            max={ORDER_LIMIT_FIELDS[name].max}
            allowDecimal={false}
            allowNegative={false}
            clampBehavior="none"
            value={values[name]}
            onChange={(value) => setValues((previous) => ({ ...previous, [name]: value }))}
            error={errors[name]}
          />
        ))}
      </SimpleGrid>
      <Button type="submit" mt="md" loading={save.isPending}>
        Save Order Limits
      </Button>
    </form>
  );
}

/** Limits against order abuse (DECISIONS §9): caps on units the shop shows, and orders per client. */
export function OrderLimitsCard() {
  const limits = useOrderLimits();

  return (
    <Card withBorder maw={640} mt="lg">
      <Title order={2} size="h3" mb="sm">
        Order Limits
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Orders above these limits are refused. The shop shows the units per line and per order; orders per client and units per
        product and client stop one visitor from emptying the shop with orders that cost nothing.
      </Text>
      {limits.isPending ? (
        <Text>Loading order limits...</Text>
      ) : limits.isError ? (
        <Text c="red">Failed to load order limits.</Text>
      ) : (
        <OrderLimitsForm key={JSON.stringify(limits.data)} saved={limits.data} />
      )}
    </Card>
  );
}
