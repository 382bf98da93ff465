import type { SiteContent } from '@contract/site-content';

type PostalAddress = {
  '@type': 'PostalAddress';
  streetAddress?: string;
  postalCode?: string;
  addressLocality?: string;
  addressCountry: 'DE';
};

const POSTCODE_AND_TOWN = /^(\d{5})\s+(.+)$/;

/**
 * Reads the cms's free-text address ("venue\nstreet\npostcode town") into a schema.org Place;
 * lines it cannot place stay in the address as written.
 */
const place = (address: string | null, fallbackName: string) => {
  const lines = (address ?? '').split('\n').map((line) => line.trim()).filter(Boolean);
  const town = lines.length > 0 ? POSTCODE_AND_TOWN.exec(lines[lines.length - 1]) : null;
  if (!town) {
    return { '@type': 'Place', name: lines[0] ?? fallbackName, address: lines.join(', ') || 'Harz, Deutschland' };
  }
  const before = lines.slice(0, -1);
  const postal: PostalAddress = {
    '@type': 'PostalAddress',
    streetAddress: before.length > 1 ? before.slice(1).join(', ') : before[0],
    postalCode: town[1],
    addressLocality: town[2],
    addressCountry: 'DE',
  };
  return { '@type': 'Place', name: before.length > 1 ? before[0] : town[2], address: postal };
};

/** The festival as a schema.org Event, for search engines (DECISIONS §8). */
export const eventJsonLd = (content: SiteContent, origin: string): Record<string, unknown> => {
  const { festival } = content;
  const image = festival.shareImage ?? festival.logo;
  return {
    '@context': 'https://schema.org',
    '@type': 'Event',
    name: festival.name,
    alternateName: festival.motto,
    startDate: festival.startDate,
    endDate: festival.endDate,
    eventStatus: 'https://schema.org/EventScheduled',
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    location: place(festival.travelAddress, festival.name),
    description: festival.seoDescription ?? `${festival.name}: ${festival.motto}`,
    ...(image ? { image: [new URL(image.url, origin).href] } : {}),
    url: `${origin}/`,
  };
};
