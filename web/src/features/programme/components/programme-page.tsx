import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { CATEGORY_LABELS, PROGRAMME_CATEGORIES, minutesOf } from '@contract/programme-time';
import type { Programme, ProgrammeEntry } from '@contract/programme';
import { calendarUrl } from '../api/get-programme';
import { usePlan } from '../hooks/use-plan';
import { TIME_ZONE_NOTE } from '../utils/json-ld';
import { dayLabel, nowAndNext, overlappingPairs, programmeDays, shortDayLabel, spanOfEntry, startHours, timeRange } from '../utils/timetable';
import { StarButton } from './star-button';
import classes from './programme.module.css';

type Plan = ReturnType<typeof usePlan>;
const ALL = 'alle';

function EntryLine({ entry, place, plan, badge }: { entry: ProgrammeEntry; place: string; plan: Plan; badge?: string }) {
  return (
    <li className={classes.entry}>
      <div className={classes.entryText}>
        {badge && <span className={classes.badge}>{badge}</span>}
        <span className={classes.time}>{timeRange(entry)}</span>
        <Link className={classes.title} to={`/programm/${entry.slug}`}>
          {entry.title}
        </Link>
        <span className={classes.meta}>
          {place} · {CATEGORY_LABELS[entry.category]}
        </span>
      </div>
      <StarButton title={entry.title} starred={plan.ids.includes(entry.id)} onToggle={() => plan.toggle(entry.id)} />
    </li>
  );
}

function NowAndNext({ programme, placeName, plan }: { programme: Programme; placeName: (id: number) => string; plan: Plan }) {
  const live = nowAndNext(programme);
  if (!live.day) return null;
  return (
    <section className={classes.live} aria-labelledby="live-title">
      <h2 id="live-title" className={classes.h2}>
        Gerade auf dem Fest
      </h2>
      <h3 className={classes.h3}>Jetzt</h3>
      {live.now.length > 0 ? (
        <ul className={classes.list} aria-label="Jetzt">
          {live.now.map((entry) => (
            <EntryLine key={entry.id} entry={entry} place={placeName(entry.placeId)} plan={plan} badge="Jetzt" />
          ))}
        </ul>
      ) : (
        <p>Gerade spielt nichts. Zeit für Met am Feuer.</p>
      )}
      <h3 className={classes.h3}>Als Nächstes</h3>
      {live.next.length > 0 ? (
        <ul className={classes.list} aria-label="Als Nächstes">
          {live.next.map((entry) => (
            <EntryLine key={entry.id} entry={entry} place={placeName(entry.placeId)} plan={plan} badge="Als Nächstes" />
          ))}
        </ul>
      ) : (
        <p>Für heute ist alles gespielt.</p>
      )}
    </section>
  );
}

function DayTable({ entries, places, plan }: { entries: ProgrammeEntry[]; places: Programme['places']; plan: Plan }) {
  const hours = startHours(entries);
  return (
    <table className={classes.table}>
      <caption className={classes.caption}>Programm nach Ort und Stunde</caption>
      <thead>
        <tr>
          <th scope="col">Uhrzeit</th>
          {places.map((place) => (
            <th key={place.id} scope="col">
              {place.name}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {hours.map((hour) => (
          <tr key={hour}>
            <th scope="row">{`${String(hour).padStart(2, '0')}:00`}</th>
            {places.map((place) => (
              <td key={place.id}>
                <ul className={classes.cell}>
                  {entries
                    .filter((entry) => entry.placeId === place.id && Math.floor(minutesOf(entry.start)! / 60) === hour)
                    .map((entry) => (
                      <li key={entry.id} className={classes.cellEntry}>
                        <span className={classes.time}>{timeRange(entry)}</span>
                        <Link className={classes.title} to={`/programm/${entry.slug}`}>
                          {entry.title}
                        </Link>
                        <StarButton title={entry.title} starred={plan.ids.includes(entry.id)} onToggle={() => plan.toggle(entry.id)} />
                      </li>
                    ))}
                </ul>
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function MyPlan({ programme, placeName, plan }: { programme: Programme; placeName: (id: number) => string; plan: Plan }) {
  const starred = programme.entries.filter((entry) => plan.ids.includes(entry.id));
  const clashes = overlappingPairs(starred);
  return (
    <section className={classes.plan} aria-labelledby="plan-title">
      <h2 id="plan-title" className={classes.h2}>
        Mein Plan
      </h2>
      {starred.length === 0 ? (
        <p>Markiere Einträge mit dem Stern, dann stehen sie hier. Dein Plan bleibt auf diesem Gerät.</p>
      ) : (
        <>
          {clashes.length > 0 && (
            <div className={classes.warning} role="status">
              {clashes.map(([a, b]) => (
                <p key={`${a.id}-${b.id}`}>
                  Achtung: „{a.title}“ und „{b.title}“ überschneiden sich.
                </p>
              ))}
            </div>
          )}
          {programmeDays({ ...programme, entries: starred }).map((day) => (
            <div key={day}>
              <h3 className={classes.h3}>{dayLabel(day)}</h3>
              <ul className={classes.list}>
                {starred
                  .filter((entry) => entry.day === day)
                  .sort((a, b) => spanOfEntry(a).from - spanOfEntry(b).from)
                  .map((entry) => (
                    <EntryLine key={entry.id} entry={entry} place={placeName(entry.placeId)} plan={plan} />
                  ))}
              </ul>
            </div>
          ))}
          <a className={classes.download} href={calendarUrl(starred.map((entry) => entry.id))} download="mein-plan.ics">
            Mein Plan in den Kalender (.ics)
          </a>
        </>
      )}
    </section>
  );
}

/** The timetable: today (or the first day) with Jetzt and Als Nächstes, filters, Mein Plan. */
export function ProgrammePage({ programme }: { programme: Programme }) {
  const days = programmeDays(programme);
  const today = nowAndNext(programme).day;
  const [day, setDay] = useState(today && days.includes(today) ? today : days[0]);
  const [place, setPlace] = useState(ALL);
  const [category, setCategory] = useState(ALL);
  const plan = usePlan();
  const ids = useId();
  const placeName = (id: number) => programme.places.find((each) => each.id === id)?.name ?? '';

  const shownPlaces = programme.places.filter((each) => place === ALL || String(each.id) === place);
  const shown = programme.entries.filter(
    (entry) => entry.day === day && (place === ALL || String(entry.placeId) === place) && (category === ALL || entry.category === category),
  );

  if (programme.entries.length === 0) return <p>Der Ablaufplan folgt in Kürze.</p>;
  return (
    <>
      <NowAndNext programme={programme} placeName={placeName} plan={plan} />
      <div className={classes.controls}>
        <div className={classes.days} role="group" aria-label="Tag">
          {days.map((each) => (
            <button key={each} type="button" className={classes.day} aria-pressed={each === day} onClick={() => setDay(each)}>
              {shortDayLabel(each)}
            </button>
          ))}
        </div>
        <div className={classes.filters}>
          <div className={classes.filter}>
            <label htmlFor={`${ids}-place`}>Ort</label>
            <select id={`${ids}-place`} value={place} onChange={(event) => setPlace(event.target.value)}>
              <option value={ALL}>Alle Orte</option>
              {programme.places.map((each) => (
                <option key={each.id} value={String(each.id)}>
                  {each.name}
                </option>
              ))}
            </select>
          </div>
          <div className={classes.filter}>
            <label htmlFor={`${ids}-category`}>Art</label>
            <select id={`${ids}-category`} value={category} onChange={(event) => setCategory(event.target.value)}>
              <option value={ALL}>Alle Arten</option>
              {PROGRAMME_CATEGORIES.map((each) => (
                <option key={each} value={each}>
                  {CATEGORY_LABELS[each]}
                </option>
              ))}
            </select>
          </div>
        </div>
      </div>
      <h2 className={classes.h2} id="day-title">
        {dayLabel(day)}
      </h2>
      <p className={classes.note}>{TIME_ZONE_NOTE}</p>
      {shown.length === 0 ? (
        <p>An diesem Tag passt nichts zu deinem Filter.</p>
      ) : (
        <>
          <ul className={`${classes.list} ${classes.phoneOnly}`} aria-labelledby="day-title">
            {shown.map((entry) => (
              <EntryLine key={entry.id} entry={entry} place={placeName(entry.placeId)} plan={plan} />
            ))}
          </ul>
          <div className={classes.desktopOnly}>
            <DayTable entries={shown} places={shownPlaces} plan={plan} />
          </div>
        </>
      )}
      <MyPlan programme={programme} placeName={placeName} plan={plan} />
      <p>
        <a className={classes.download} href={calendarUrl()} download="programm.ics">
          Ganzes Programm in den Kalender (.ics)
        </a>
      </p>
    </>
  );
}
