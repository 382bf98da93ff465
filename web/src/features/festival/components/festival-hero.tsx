import { Button, Image, Loader, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { formatDateRange } from '@/lib/format';
import { mediaSrcSet } from '@/lib/strapi-media';
import { useFestival, type Festival } from '../api/get-site-content';
import classes from './festival-hero.module.css';

export function FestivalHero() {
  return (
    <section id="hero" className={classes.root}>
      <HeroBody />
    </section>
  );
}

function HeroBody() {
  const { data: festival, isPending, isError, isFetching, refetch } = useFestival();

  if (isPending) {
    return (
      <div className={classes.state} role="status">
        <Loader color="gold" size="lg" />
        <Text>Wird geladen…</Text>
      </div>
    );
  }

  if (isError) {
    return (
      <div className={classes.state} role="alert">
        <Title order={1} className={classes.stateTitle}>
          Die Festivaldaten konnten nicht geladen werden.
        </Title>
        <Text c="dimmed">
          Der Server antwortet gerade nicht. Bitte versuche es gleich noch einmal.
        </Text>
        <Button onClick={() => void refetch()} loading={isFetching}>
          Erneut versuchen
        </Button>
      </div>
    );
  }

  return <HeroContent festival={festival} />;
}

function HeroContent({ festival }: { festival: Festival }) {
  const { logo } = festival;
  return (
    <div className={classes.content}>
      {logo && (
        <Image
          className={classes.logo}
          src={logo.url}
          srcSet={mediaSrcSet(logo)}
          // As wide as .logo draws it: 40vw, up to 14rem from a 35em wide window on.
          sizes="(min-width: 35em) 14rem, 40vw"
          width={logo.width ?? undefined}
          height={logo.height ?? undefined}
          alt={logo.alternativeText ?? ''}
          // The largest paint: drawn with the first frame once loaded (the scripts wait for it).
          fetchPriority="high"
          decoding="sync"
        />
      )}
      <Text className={classes.edition}>{festival.edition}</Text>
      <Title order={1} className={classes.title}>
        {festival.name}
      </Title>
      <Text className={classes.motto}>„{festival.motto}“</Text>
      <div className={classes.ornament} aria-hidden="true">
        <span className={classes.diamond} />
      </div>
      <Text className={classes.dates}>{formatDateRange(festival.startDate, festival.endDate)}</Text>
      <div className={classes.actions}>
        <Button component={Link} to="#story" size="md" variant="outline" color="gold.3">
          Zur Geschichte
        </Button>
        <Button component={Link} to="/enthuelle-dein-wappen" size="md">
          Enthülle dein Wappen
        </Button>
      </div>
    </div>
  );
}
