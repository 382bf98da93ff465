import { Badge, Title } from '@mantine/core';
import type { CSSProperties } from 'react';
import { Link } from 'react-router-dom';
import type { SiteContent } from '@contract/site-content';
import { CmsImage } from '@/components/cms-image';
import { Reveal } from '@/components/reveal';
import { SectionHeading } from '@/components/section-heading';
import { readableTextColour } from '@/lib/contrast';
import section from './section.module.css';
import classes from './performer-list.module.css';

type Performer = SiteContent['performers'][number];
type House = Performer['houses'][number];

function HouseBadge({ house }: { house: House }) {
  const text = house.colour ? readableTextColour(house.colour) : null;
  // The colour an editor gave the house, with the ink that stays readable on it (WCAG AA).
  const colours =
    house.colour && text
      ? ({ '--house-colour': house.colour, '--house-text': text } as CSSProperties)
      : undefined;
  return (
    <li className={classes.house} style={colours}>
      {house.name}
    </li>
  );
}

function Lute() {
  return (
    <svg viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <ellipse cx="26" cy="40" rx="16" ry="18" fill="none" stroke="currentColor" strokeWidth="2.5" />
      <circle cx="26" cy="40" r="5" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="M36 26 54 8M50 6l8 8" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
    </svg>
  );
}

const WEEKDAYS = ['So', 'Mo', 'Di', 'Mi', 'Do', 'Fr', 'Sa'];
/** "Do 24.7." for a calendar day. */
const slotDay = (day: string) => {
  const date = new Date(`${day}T12:00:00Z`);
  return `${WEEKDAYS[date.getUTCDay()]} ${date.getUTCDate()}.${date.getUTCMonth() + 1}.`;
};

function PerformerCard({ performer }: { performer: Performer }) {
  return (
    <article className={classes.card}>
      {performer.photo ? (
        <CmsImage
          afterTakeover
          className={classes.photo}
          media={performer.photo}
          alt={`Foto von ${performer.name}`}
          sizes="(min-width: 75em) 18rem, (min-width: 36em) 33vw, 50vw"
        />
      ) : (
        <div className={classes.noPhoto}>
          <Lute />
        </div>
      )}
      <div className={classes.body}>
        <Title order={3} className={classes.name}>
          {performer.name}
        </Title>
        <Badge className={classes.genre} variant="outline" size="md" radius="sm">
          {performer.genre}
        </Badge>
        {performer.houses.length > 0 && (
          <ul className={classes.houses} aria-label="Häuser">
            {performer.houses.map((house) => (
              <HouseBadge key={house.name} house={house} />
            ))}
          </ul>
        )}
        {performer.slots.length > 0 && (
          <ul className={classes.slots} aria-label={`Auftritte von ${performer.name}`}>
            {performer.slots.map((slot) => (
              <li key={slot.slug}>
                <Link to={`/programm/${slot.slug}`}>
                  {slotDay(slot.day)}, {slot.start} Uhr · {slot.place}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </div>
    </article>
  );
}

/** The performers, each with photo, name, genre and the houses they play for. */
export function PerformerList({ performers, label }: { performers: Performer[]; label: string }) {
  return (
    <section id="performers" className={`${section.section} ${section.wood}`} aria-labelledby="performers-title">
      <div className={section.inner}>
        <SectionHeading id="performers-title" eyebrow={label}>
          Künstler
        </SectionHeading>
        <ul className={classes.grid}>
          {performers.map((performer, index) => (
            <li key={performer.id}>
              <Reveal className={classes.fill} delay={(index % 4) * 100}>
                <PerformerCard performer={performer} />
              </Reveal>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
