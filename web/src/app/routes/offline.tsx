import { Anchor, Button, Paper, Text, Title } from '@mantine/core';
import { useShopEnabled } from '@/features/shop/api/get-shop-enabled';
import { usePageTitle } from '@/lib/use-page-title';
// The look of the not-found screen: one card in the middle that says what is wrong and where to go.
import classes from './not-found.module.css';

/**
 * What the service worker shows in place of a public page it has not kept while the network does
 * not answer (sw.ts), under that page's own address. The site's server sends it without scripts
 * (site-server.mjs): taken over, it would be drawn again as the page of that address, which cannot
 * load. "Erneut versuchen" is a link to the address asked for; the others lead to pages every
 * install keeps, or that a guest keeps by opening them (the house, the cart).
 */
export function OfflineRoute() {
  usePageTitle({ title: 'Ohne Verbindung' });
  const shopEnabled = useShopEnabled();
  const keptPages = [
    { label: 'Startseite', href: '/' },
    { label: 'Programm', href: '/programm' },
    { label: 'Dein Haus', href: '/enthuelle-dein-wappen' },
    ...(shopEnabled ? [{ label: 'Warenkorb', href: '/shop/cart' }] : []),
  ];

  return (
    <main id="main" tabIndex={-1} className={classes.root}>
      <Paper className={classes.card} withBorder shadow="xl" p="xl">
        <Title order={1} className={classes.title}>
          Ohne Verbindung
        </Title>
        <Text>
          Diese Seite ist auf diesem Gerät noch nicht gespeichert, und das Netz antwortet gerade nicht.
          Sobald du wieder Empfang hast, lädt sie.
        </Text>
        {/* An empty href is the address shown: the page that could not load. */}
        <Button component="a" href="">
          Erneut versuchen
        </Button>
        <nav aria-labelledby="kept-pages">
          <Text id="kept-pages">Ohne Netz hast du hier:</Text>
          <ul className={classes.links}>
            {keptPages.map(({ label, href }) => (
              <li key={href}>
                <Anchor href={href}>{label}</Anchor>
              </li>
            ))}
          </ul>
        </nav>
      </Paper>
    </main>
  );
}
