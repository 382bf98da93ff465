import { describe, expect, it } from 'vitest';
import { accommodationPhotos, festival, mapLabel } from '../../src/seed/demo-content';

/** The place "Anreise" names: the first line of the travel address ("Waldgasthof am Hexenstieg"). */
const place = festival.travelAddress.split('\n')[0];
/** Its short name, as a picture's drawn title uses it ("Waldgasthof"). */
const shortName = place.split(' ')[0];

// Issue 44, item 10: Anreise named "Waldgasthof am Hexenstieg", its map picture "Anfahrt zum Jagdhaus".
describe('the demo seed’s texts and pictures', () => {
  it('name one place: the travel map’s title, the lodging text and the lodging’s outside photo all name the address’s place', () => {
    expect(mapLabel).toContain(shortName);
    expect(festival.accommodationText).toContain(place);
    const outside = accommodationPhotos[0];
    expect(outside.art.label).toContain(shortName);
    expect(outside.alt).toContain(shortName);
  });
});
