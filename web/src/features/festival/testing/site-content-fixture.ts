import { SITE_TEXT_DEFAULTS, type Media, type SiteContent } from '@contract/site-content';

const media = (name: string, alternativeText: string | null = null): Media => ({
  url: `/uploads/${name}.jpg`,
  alternativeText,
  width: 1600,
  height: 1066,
  formats: {
    small: { url: `/uploads/small_${name}.jpg`, width: 500, height: 333 },
    medium: { url: `/uploads/medium_${name}.jpg`, width: 750, height: 500 },
  },
});

const agendaTitles = [
  'Ankunft der Häuser',
  'Eröffnungsfeuer',
  'Bannerweihe',
  'Turnier der Häuser',
  'Markt und Met',
  'Nacht der Barden',
  'Hatzklang am Feuer',
  'Spiele im Wald',
  'Tribut und Treue',
  'Schmetterbass-Nacht',
  'Abschied der Häuser',
];

/** Site content shaped like the demo seed, for component tests. */
export const siteContentFixture = (): SiteContent => ({
  success: true,
  festival: {
    name: 'Slawenfest im Harz',
    edition: 'Sechste Ausgabe',
    motto: 'Game Of Slavs',
    startDate: '2025-07-24',
    endDate: '2025-07-28',
    logo: media('logo', 'Logo Game Of Slavs'),
    story: 'Einmal im Jahr ziehen die Häuser in den Harz.\n\nZum sechsten Mal rufen wir zum **Game Of Slavs**.',
    paymentText: 'Der Tribut deckt Unterkunft, Verpflegung und die Kosten des Festes.',
    paymentUrl: 'https://pay.example/pools/demo',
    whatsappGroupUrl: 'https://chat.whatsapp.com/DemoGameOfSlavsFestival',
    contactEmail: 'kontakt@game-of-slavs.example',
    travelAddress: 'Waldgasthof am Hexenstieg\nAm Hexenstieg 6\n38700 Braunlage',
    travelCar: 'Über die A7 bis Seesen, dann die B242 Richtung Braunlage.',
    travelTrain: 'Mit der Bahn bis Bad Harzburg, weiter mit dem Bus 820.',
    travelParking: 'Parkplätze gibt es **direkt am Gelände**.',
    mapImage: media('karte', 'Karte der Anfahrt'),
    mapsUrl: 'https://www.openstreetmap.org/?mlat=51.7265&mlon=10.6105',
    accommodationText: 'Unsere Herberge ist ein altes Jagdhaus mitten im Wald.',
    accommodationBedrooms: 8,
    accommodationGuests: 24,
    accommodationGroundsM2: 5000,
    scheduleText: 'Der Ablaufplan folgt in Kürze.',
    seoDescription: 'Das mittelalterliche Fest „Game Of Slavs“ vom 24. bis 28. Juli 2025.',
    shareImage: media('teilen', 'Slawenfest im Harz'),
    ...SITE_TEXT_DEFAULTS,
  },
  agendaImages: agendaTitles.map((alt, index) => ({ id: index + 1, alt, image: media(`agenda-${index + 1}`, alt) })),
  performers: [
    { id: 1, name: 'Borislav der Laute', genre: 'Italo', photo: media('borislav'), houses: [{ name: 'Aschefrei', colour: '#8E3B2E' }, { name: 'Wachnase', colour: '#2F5D50' }], slots: [] },
    { id: 2, name: 'Die Krachmacher', genre: 'Krach', photo: media('krach'), houses: [{ name: 'Drei Pfeifen', colour: '#9A7420' }], slots: [] },
    { id: 3, name: 'Mirka Eisenfaust', genre: 'Schlachtschall', photo: null, houses: [{ name: 'Wachnase', colour: null }], slots: [] },
  ],
  programmeEntries: 0,
  faq: [
    { id: 1, question: 'Warum ist das Fest mittelalterlich?', answer: 'Weil Lagerfeuer und Banner **zusammenpassen**.' },
    { id: 2, question: 'Gibt es trotzdem Musik?', answer: 'Natürlich, jeden Abend.' },
    { id: 3, question: 'Muss ich mich verkleiden?', answer: 'Nein, ein Kostüm ist freiwillig.' },
  ],
  accommodationPhotos: [
    { id: 1, alt: 'Das Jagdhaus von außen', image: media('haus') },
    { id: 2, alt: 'Die große Halle mit Kamin', image: media('halle') },
    { id: 3, alt: 'Eine der acht Schlafkammern', image: media('kammer') },
  ],
  legal: {
    imprint: { title: 'Impressum', body: '## Angaben gemäß § 5 DDG\n\nSlawenfest im Harz' },
    privacyPolicy: { title: 'Datenschutzerklärung', body: '## 1. Datenschutz auf einen Blick\n\nHinweise.' },
  },
});
