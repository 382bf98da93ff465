import { Button, Paper, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { usePageTitle } from '@/lib/use-page-title';
import classes from './not-found.module.css';

export function NotFoundRoute() {
  usePageTitle({ title: 'Seite nicht gefunden', notFound: true });

  return (
    <main id="main" tabIndex={-1} className={classes.root}>
      <Paper className={classes.card} withBorder shadow="xl" p="xl">
        <Title order={1} className={classes.title}>
          404 Page Not Found
        </Title>
        <Text c="dimmed">
          Diese Seite gibt es nicht. Prüfe die Adresse oder kehre zur Startseite zurück.
        </Text>
        <Button component={Link} to="/">
          Zur Startseite
        </Button>
      </Paper>
    </main>
  );
}
