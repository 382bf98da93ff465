import { Button, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { Reveal } from '@/components/reveal';
import classes from './shop-teaser.module.css';

function Anvil() {
  return (
    <svg className={classes.anvil} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <path
        d="M8 20h34c0 6 6 10 14 10v4c-8 0-12 3-14 6H26c-2-3-6-6-12-6v-4c-4 0-6-4-6-10Zm14 20h20l4 12H18l4-12Z"
        fill="currentColor"
        opacity="0.9"
      />
      <path d="M44 8l-6 8M50 12l-8 6M38 6l-2 9" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
    </svg>
  );
}

/** The landing page's pointer to the merchandise shop; shown only while the shop is open. */
export function ShopTeaser({ text }: { text: string }) {
  return (
    <section id="shop-teaser" className={classes.root} aria-labelledby="shop-teaser-title">
      <Reveal className={classes.inner}>
        <Anvil />
        <div>
          <Text className={classes.eyebrow}>Aus der Schmiede</Text>
          <Title order={2} id="shop-teaser-title" className={classes.title}>
            Merchandising
          </Title>
          <Text className={classes.text}>{text}</Text>
        </div>
        <Button component={Link} to="/shop" size="md" color="gold.3" c="dark.9">
          Zum Shop
        </Button>
      </Reveal>
    </section>
  );
}
