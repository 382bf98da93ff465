import { Text } from '@mantine/core';
import { lazy, Suspense, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { SiteContent } from '@contract/site-content';
import { CmsImage } from '@/components/cms-image';
import { LazyMarkdown } from '@/components/lazy-markdown';
import { useHistoryState } from '@/lib/use-history-state';
import { useReturnFocus } from '@/lib/use-return-focus';
import { Reveal } from '@/components/reveal';
import { SectionHeading } from '@/components/section-heading';
import { formatNumber } from '@/lib/format';
import { isHttpUrl } from '@/lib/safe-url';
import { mediaLinkUrl, mediaSrcSet } from '@/lib/strapi-media';
import type { Festival } from '../api/get-site-content';
import {
  BedIcon,
  CarIcon,
  HourglassIcon,
  ParkingIcon,
  PeopleIcon,
  PinIcon,
  TrainIcon,
  TreeIcon,
} from './info-icons';
import section from './section.module.css';
import classes from './info-section.module.css';

// The lightbox is only needed once someone opens a photo.
const Lightbox = lazy(() => import('@/components/lightbox').then((module) => ({ default: module.Lightbox })));

type AccommodationPhoto = SiteContent['accommodationPhotos'][number];

function Fact({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <div className={classes.fact}>
      {icon}
      <div>
        <Text className={classes.factTitle}>{title}</Text>
        {children}
      </div>
    </div>
  );
}

function TravelPanel({ festival }: { festival: Festival }) {
  const { travelAddress, travelCar, travelTrain, travelParking, mapImage } = festival;
  const mapsUrl = festival.mapsUrl && isHttpUrl(festival.mapsUrl) ? festival.mapsUrl : null;
  const mapAlt = mapImage?.alternativeText || 'Karte der Anfahrt';

  return (
    <div className={classes.columns}>
      <div className={classes.facts}>
        {travelAddress && (
          <Fact icon={<PinIcon className={classes.icon} />} title="Adresse">
            <address className={classes.address}>{travelAddress}</address>
          </Fact>
        )}
        {travelCar && (
          <Fact icon={<CarIcon className={classes.icon} />} title="Mit dem Auto">
            <Text>{travelCar}</Text>
          </Fact>
        )}
        {travelTrain && (
          <Fact icon={<TrainIcon className={classes.icon} />} title="Mit der Bahn">
            <Text>{travelTrain}</Text>
          </Fact>
        )}
        {travelParking && (
          <Fact icon={<ParkingIcon className={classes.icon} />} title="Parken">
            <LazyMarkdown>{travelParking}</LazyMarkdown>
          </Fact>
        )}
      </div>
      {mapImage &&
        (mapsUrl ? (
          <a className={classes.mapLink} href={mapsUrl} target="_blank" rel="noopener noreferrer">
            <CmsImage
              className={classes.map}
              media={mapImage}
              alt={`${mapAlt} – im Kartendienst öffnen (neuer Tab)`}
              sizes="(min-width: 75em) 34rem, (min-width: 62em) 45vw, 90vw"
            />
            <span className={classes.mapCaption} aria-hidden="true">
              Route im Kartendienst öffnen ↗
            </span>
          </a>
        ) : (
          <CmsImage
            className={classes.map}
            media={mapImage}
            alt={mapAlt}
            sizes="(min-width: 75em) 34rem, (min-width: 62em) 45vw, 90vw"
          />
        ))}
    </div>
  );
}

function AccommodationPanel({ festival, photos }: { festival: Festival; photos: AccommodationPhoto[] }) {
  const [index, setIndex] = useState<number | null>(null);
  const [lightboxWanted, setLightboxWanted] = useState(false);
  const { accommodationBedrooms: bedrooms, accommodationGuests: guests, accommodationGroundsM2: grounds } = festival;

  const focus = useReturnFocus();
  const open = (photoIndex: number) => {
    focus.remember();
    setLightboxWanted(true);
    setIndex(photoIndex);
  };
  const close = () => {
    setIndex(null);
    focus.restore();
  };

  return (
    <div>
      {festival.accommodationText && <Text className={classes.lead}>{festival.accommodationText}</Text>}
      <ul className={classes.lodgeFacts}>
        {bedrooms !== null && (
          <li className={classes.lodgeFact}>
            <BedIcon className={classes.icon} />
            {`${formatNumber(bedrooms)} Schlafzimmer`}
          </li>
        )}
        {guests !== null && (
          <li className={classes.lodgeFact}>
            <PeopleIcon className={classes.icon} />
            {`bis zu ${formatNumber(guests)} Personen`}
          </li>
        )}
        {grounds !== null && (
          <li className={classes.lodgeFact}>
            <TreeIcon className={classes.icon} />
            {`${formatNumber(grounds)} m²`}
          </li>
        )}
      </ul>
      {photos.length > 0 && (
        <>
          <ul className={classes.photos}>
            {photos.map((photo, photoIndex) => (
              <li key={photo.id}>
                {/* As the agenda's pictures: a link to the photo until the app opens its lightbox. */}
                <a
                  href={mediaLinkUrl(photo.image)}
                  className={classes.photoLink}
                  onClick={(event) => {
                    event.preventDefault();
                    open(photoIndex);
                  }}
                  aria-haspopup="dialog"
                >
                  <CmsImage
                    className={classes.photo}
                    media={photo.image}
                    alt={photo.alt}
                    sizes="(min-width: 75em) 22rem, 33vw"
                  />
                </a>
              </li>
            ))}
          </ul>
          <Text className={classes.photoHint}>
            <span className="pointer-coarse">Tippe auf ein Foto, um es groß anzusehen.</span>
            <span className="pointer-fine">Klicke auf ein Foto, um es groß anzusehen.</span>
          </Text>
        </>
      )}
      {lightboxWanted && (
        <Suspense fallback={null}>
          <Lightbox
            images={photos.map((photo) => ({
              src: photo.image.url,
              srcSet: mediaSrcSet(photo.image),
              alt: photo.alt,
              width: photo.image.width ?? undefined,
              height: photo.image.height ?? undefined,
            }))}
            index={index}
            onIndexChange={setIndex}
            onClose={close}
            label="Fotos der Unterkunft"
          />
        </Suspense>
      )}
    </div>
  );
}

/** With a programme, the way to it; without one, SPEC's placeholder sentence (or the editors' text). */
function SchedulePanel({ scheduleText, programmeEntries }: { scheduleText: string | null; programmeEntries: number }) {
  return (
    <div className={classes.schedule}>
      <HourglassIcon />
      {programmeEntries > 0 ? (
        <>
          <Text inherit>Das Programm steht: {programmeEntries} Einträge, Tag für Tag, mit „Jetzt“ und „Als Nächstes“ und deinem eigenen Plan.</Text>
          <Link className={classes.programmeLink} to="/programm">
            Zum Programm
          </Link>
        </>
      ) : (
        <Text inherit>{scheduleText ?? 'Der Ablaufplan folgt in Kürze.'}</Text>
      )}
    </div>
  );
}

const TABS = [
  { value: 'anreise', label: 'Anreise' },
  { value: 'unterkunft', label: 'Unterkunft' },
  { value: 'ablauf', label: 'Ablauf' },
] as const;
type Tab = (typeof TABS)[number]['value'];

const FIRST_TAB: Tab = 'anreise';

/**
 * Travel, accommodation and schedule as three tabs; travel is open first, the chosen one is kept
 * in the history entry. The tabs are radio buttons, and the stylesheet shows the checked one's
 * panel: they switch from the first paint, before any script, and the arrow keys step through
 * them as the browser's own.
 */
export function InfoSection({ festival, photos, programmeEntries = 0 }: { festival: Festival; photos: AccommodationPhoto[]; programmeEntries?: number }) {
  const frame = useRef<HTMLDivElement>(null);
  const [tab, setTab] = useHistoryState<Tab>('info-tab', FIRST_TAB, () => frame.current?.querySelector<HTMLInputElement>('input:checked')?.value as Tab | undefined);
  const panels: Record<Tab, ReactNode> = {
    anreise: <TravelPanel festival={festival} />,
    unterkunft: <AccommodationPanel festival={festival} photos={photos} />,
    ablauf: <SchedulePanel scheduleText={festival.scheduleText} programmeEntries={programmeEntries} />,
  };
  return (
    <section id="info" className={`${section.section} ${section.hall}`} aria-labelledby="info-title">
      <div className={section.inner}>
        <SectionHeading id="info-title" eyebrow={festival.infoLabel}>
          Information
        </SectionHeading>
        <Reveal className={classes.frame}>
          <div ref={frame} className={classes.tabs}>
            <div className={classes.list} role="radiogroup" aria-labelledby="info-title">
              {TABS.map(({ value, label }) => (
                <label key={value} className={classes.tab}>
                  <input
                    className={classes.radio}
                    type="radio"
                    name="info-tab"
                    value={value}
                    checked={tab === value}
                    onChange={() => setTab(value)}
                  />
                  <span id={`info-tab-${value}`}>{label}</span>
                </label>
              ))}
            </div>
            {TABS.map(({ value }) => (
              <div key={value} className={classes.panel} data-tab={value} role="region" aria-labelledby={`info-tab-${value}`} hidden={tab !== value}>
                {panels[value]}
              </div>
            ))}
          </div>
        </Reveal>
      </div>
    </section>
  );
}
