import { Button, Loader, Text } from '@mantine/core';
import { LazyMarkdown } from '@/components/lazy-markdown';
import { SectionHeading } from '@/components/section-heading';
import { SITE_NAME, usePageTitle } from '@/lib/use-page-title';
import { useSiteContent } from '../api/get-site-content';
import classes from './legal-document.module.css';

export type LegalKind = 'imprint' | 'privacyPolicy';

const FALLBACK_TITLES: Record<LegalKind, string> = {
  imprint: 'Impressum',
  privacyPolicy: 'Datenschutzerklärung',
};

/** Impressum or Datenschutzerklärung, as the editors wrote them in the cms. */
export function LegalDocument({ kind }: { kind: LegalKind }) {
  const { data, isPending, isError, isFetching, refetch } = useSiteContent();
  const text = data?.legal[kind] ?? null;
  const title = text?.title ?? FALLBACK_TITLES[kind];
  usePageTitle({ title, description: `${title} – ${data?.festival.name ?? SITE_NAME}` });

  return (
    <div className={classes.root}>
      <article className={classes.paper} aria-labelledby="legal-title">
        <SectionHeading id="legal-title" order={1} titleClassName={classes.title}>
          {title}
        </SectionHeading>
        {isPending ? (
          <div className={classes.state} role="status">
            <Loader color="gold" />
            <Text>Wird geladen…</Text>
          </div>
        ) : isError ? (
          <div className={classes.state} role="alert">
            <Text>Der Text konnte nicht geladen werden. Bitte versuche es gleich noch einmal.</Text>
            <Button onClick={() => void refetch()} loading={isFetching}>
              Erneut versuchen
            </Button>
          </div>
        ) : text ? (
          <LazyMarkdown className={classes.body}>{text.body}</LazyMarkdown>
        ) : (
          <Text className={classes.state}>Dieser Text wird gerade überarbeitet und folgt in Kürze.</Text>
        )}
      </article>
    </div>
  );
}
