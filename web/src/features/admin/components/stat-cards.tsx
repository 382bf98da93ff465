import { Card, SimpleGrid, Text } from '@mantine/core';

/** A row of headline figures above a dashboard list (counters, totals). */
export function StatCards({ stats }: { stats: [label: string, value: string | number][] }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} mb="md">
      {stats.map(([label, value]) => (
        <Card key={label} withBorder>
          <Text size="sm" c="dimmed">
            {label}
          </Text>
          <Text fw={700} size="xl">
            {value}
          </Text>
        </Card>
      ))}
    </SimpleGrid>
  );
}
