import { Link } from 'react-router-dom';
import { CATEGORY_LABELS } from '@contract/programme-time';
import type { Programme, ProgrammeEntry } from '@contract/programme';
import { usePlan } from '../hooks/use-plan';
import { TIME_ZONE_NOTE } from '../utils/json-ld';
import { dayLabel, timeRange } from '../utils/timetable';
import { StarButton } from './star-button';
import classes from './programme.module.css';

/** One entry on its own address, to be shared: when, where, what, who. */
export function ProgrammeEntryPage({ programme, entry }: { programme: Programme; entry: ProgrammeEntry }) {
  const plan = usePlan();
  const place = programme.places.find((each) => each.id === entry.placeId)?.name ?? '';
  return (
    <article className={classes.single}>
      <p>
        <Link to="/programm">Zurück zum Programm</Link>
      </p>
      <div className={classes.singleHead}>
        <h1 className={classes.h1}>{entry.title}</h1>
        <StarButton title={entry.title} starred={plan.ids.includes(entry.id)} onToggle={() => plan.toggle(entry.id)} />
      </div>
      <dl className={classes.facts}>
        <dt>Tag</dt>
        <dd>{dayLabel(entry.day)}</dd>
        <dt>Zeit</dt>
        <dd>{timeRange(entry)}</dd>
        <dt>Ort</dt>
        <dd>{place}</dd>
        <dt>Art</dt>
        <dd>{CATEGORY_LABELS[entry.category]}</dd>
        {entry.performer && (
          <>
            <dt>Künstler</dt>
            <dd>
              <Link to="/#performers">{entry.performer.name}</Link>
            </dd>
          </>
        )}
      </dl>
      {entry.description && <p>{entry.description}</p>}
      <p className={classes.note}>{TIME_ZONE_NOTE}</p>
    </article>
  );
}
