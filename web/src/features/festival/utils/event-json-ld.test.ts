import { describe, expect, it } from 'vitest';
import { siteContentFixture } from '../testing/site-content-fixture';
import { eventJsonLd } from './event-json-ld';

describe('eventJsonLd', () => {
  it('describes the festival as a schema.org Event with place, dates, description and image', () => {
    expect(eventJsonLd(siteContentFixture(), 'https://game-of-slavs.example')).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Event',
      name: 'Slawenfest im Harz',
      alternateName: 'Game Of Slavs',
      startDate: '2025-07-24',
      endDate: '2025-07-28',
      eventStatus: 'https://schema.org/EventScheduled',
      eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
      location: {
        '@type': 'Place',
        name: 'Waldgasthof am Hexenstieg',
        address: {
          '@type': 'PostalAddress',
          streetAddress: 'Am Hexenstieg 6',
          postalCode: '38700',
          addressLocality: 'Braunlage',
          addressCountry: 'DE',
        },
      },
      description: 'Das mittelalterliche Fest „Game Of Slavs“ vom 24. bis 28. Juli 2025.',
      image: ['https://game-of-slavs.example/uploads/teilen.jpg'],
      url: 'https://game-of-slavs.example/',
    });
  });

  it('keeps an address it cannot split as written, and leaves out a missing image', () => {
    const content = siteContentFixture();
    content.festival.travelAddress = 'Irgendwo im Harz';
    content.festival.shareImage = null;
    content.festival.logo = null;

    const event = eventJsonLd(content, 'https://game-of-slavs.example');
    expect(event.location).toEqual({ '@type': 'Place', name: 'Irgendwo im Harz', address: 'Irgendwo im Harz' });
    expect(event).not.toHaveProperty('image');
  });
});
