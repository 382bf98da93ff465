import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Card, Text } from '@mantine/core';
import type { ProductSales } from '../api/products';
import classes from './festival.module.css';

const BAR_HEIGHT = 36;

/**
 * Sold and left of each product as one stacked bar: which goods run out shows at a glance,
 * where the table beside it needs two columns compared row by row.
 */
export function ProductSalesChart({ sales }: { sales: ProductSales[] }) {
  const data = sales.map((product) => ({ product: product.title, Sold: product.unitsSold, 'In stock': product.stockLeft }));
  return (
    <Card withBorder mb="md" component="figure" className={classes.figure}>
      <Text component="figcaption" fw={600} mb="xs">
        Units sold and stock left
      </Text>
      <BarChart
        h={Math.max(120, data.length * BAR_HEIGHT + 60)}
        data={data}
        dataKey="product"
        type="stacked"
        orientation="vertical"
        yAxisProps={{ width: 160 }}
        withLegend
        legendProps={{ verticalAlign: 'bottom' }}
        series={[
          { name: 'Sold', color: 'gold.5' },
          { name: 'In stock', color: 'gray.6' },
        ]}
      />
    </Card>
  );
}
