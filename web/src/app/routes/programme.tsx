import { useParams } from 'react-router-dom';
import { idOfProgrammeSlug } from '@contract/programme-time';
import { PageLoader } from '@/components/page-loader';
import { useFestival } from '@/features/festival/api/get-site-content';
import { useProgramme } from '@/features/programme/api/get-programme';
import { JsonLdScript } from '@/features/programme/components/json-ld-script';
import { ProgrammeEntryPage } from '@/features/programme/components/programme-entry-page';
import { ProgrammePage } from '@/features/programme/components/programme-page';
import classes from '@/features/programme/components/programme.module.css';
import { programmeJsonLd } from '@/features/programme/utils/json-ld';
import { siteOrigin } from '@/lib/site-origin';
import { usePageTitle } from '@/lib/use-page-title';
import { NotFoundRoute } from './not-found';

/** /programm: the festival's running order (issue 40). */
export function ProgrammeRoute() {
  const { data: programme, isError } = useProgramme();
  const { data: festival } = useFestival();
  usePageTitle({ title: 'Programm', description: 'Wann und wo auf dem Fest was spielt: das ganze Programm, Tag für Tag, mit deinem eigenen Plan.' });
  return (
    <main id="main" tabIndex={-1} className={classes.root}>
      <div className={classes.inner}>
        <h1 className={classes.h1}>Programm</h1>
        <p>Konzerte, Werkstätten, Markt und Rituale: wann und wo was spielt. Markiere mit dem Stern, was du nicht verpassen willst.</p>
        {programme ? <ProgrammePage programme={programme} /> : isError ? <p>Das Programm lässt sich gerade nicht laden. Versuch es gleich noch einmal.</p> : <PageLoader />}
        {programme && festival && programme.entries.length > 0 && <JsonLdScript data={programmeJsonLd(programme, festival.name, siteOrigin())} />}
      </div>
    </main>
  );
}

/** /programm/<slug>: one entry, to be shared. */
export function ProgrammeEntryRoute() {
  const { slug = '' } = useParams();
  const { data: programme, isError } = useProgramme();
  const { data: festival } = useFestival();
  const id = idOfProgrammeSlug(slug);
  const entry = programme?.entries.find((each) => each.id === id);
  usePageTitle({ title: entry ? `${entry.title} · Programm` : 'Programm', description: entry?.description ?? undefined });
  if (programme && !entry) return <NotFoundRoute />;
  return (
    <main id="main" tabIndex={-1} className={classes.root}>
      {programme && entry ? (
        <>
          <ProgrammeEntryPage programme={programme} entry={entry} />
          {festival && <JsonLdScript data={programmeJsonLd(programme, festival.name, siteOrigin(), entry)} />}
        </>
      ) : isError ? (
        <p>Das Programm lässt sich gerade nicht laden. Versuch es gleich noch einmal.</p>
      ) : (
        <PageLoader />
      )}
    </main>
  );
}
