// German demo content seeded on first start. Editors replace it in the panel (/cms).
// Facts follow SPEC §9: 24 to 28 July 2025, sixth edition, motto "Game Of Slavs".

import { SITE_TEXT_DEFAULTS } from '../contract/site-content';

export type PlaceholderArt = { label: string; hue: number; motif: 'shield' | 'banner' | 'flame' | 'tower' | 'horn' };

export const festival = {
  name: 'Slawenfest im Harz',
  edition: 'Sechste Ausgabe',
  motto: 'Game Of Slavs',
  startDate: '2025-07-24',
  endDate: '2025-07-28',
  story: [
    'Einmal im Jahr ziehen die Häuser in den Harz. Zwischen Fachwerk und Fichten schlagen wir unser Lager auf, entzünden die Feuer und lassen für fünf Tage den Alltag hinter uns.',
    '',
    'Zum sechsten Mal rufen wir zum **Game Of Slavs**: ein mittelalterliches Fest mit Musik, Spielen und langen Nächten. Jeder Gast gehört einem Haus an, und jedes Haus hat seine eigene Runde, seine eigenen Geheimnisse und seinen eigenen Chat.',
    '',
    'Entrichte deinen Tribut, erhalte deinen persönlichen Code und enthülle dein Wappen.',
  ].join('\n'),
  paymentText: [
    'Der Tribut deckt Unterkunft, Verpflegung und die Kosten des Festes.',
    '',
    '1. Entrichte den Tribut über unseren Zahlungsanbieter.',
    '2. Du erhältst deinen persönlichen Zugangscode.',
    '3. Gib den Code auf der Seite „Enthülle dein Wappen“ ein und tritt dem Chat deines Hauses bei.',
  ].join('\n'),
  paymentUrl: 'https://www.paypal.com/pools/c/demo-game-of-slavs',
  whatsappGroupUrl: 'https://chat.whatsapp.com/DemoGameOfSlavsFestival',
  contactEmail: 'kontakt@game-of-slavs.example',
  travelAddress: 'Waldgasthof am Hexenstieg\nAm Hexenstieg 6\n38700 Braunlage',
  travelCar: 'Über die A7 bis Seesen, dann die B242 Richtung Braunlage. Die letzten 2 km führen über einen Forstweg, bitte langsam fahren.',
  travelTrain: 'Mit der Bahn bis Bad Harzburg, weiter mit dem Bus 820 bis Braunlage (Haltestelle Kurverwaltung). Von dort holen wir euch nach Absprache im Chat ab.',
  travelParking: 'Parkplätze gibt es direkt am Gelände. Bitte bildet Fahrgemeinschaften, der Platz ist begrenzt.',
  mapsUrl: 'https://www.openstreetmap.org/?mlat=51.7265&mlon=10.6105#map=14/51.7265/10.6105',
  accommodationText: 'Unsere Herberge ist der Waldgasthof am Hexenstieg, ein altes Jagdhaus mitten im Wald: acht Schlafkammern, eine große Halle mit Kamin und ein weitläufiges Gelände für Lager, Spiele und Feuer.',
  accommodationBedrooms: 8,
  accommodationGuests: 24,
  accommodationGroundsM2: 5000,
  scheduleText: 'Der Ablaufplan folgt in Kürze. Die Häuser erfahren ihn zuerst in ihrem Chat.',
  seoDescription: 'Slawenfest im Harz: das mittelalterliche Fest „Game Of Slavs“ vom 24. bis 28. Juli 2025. Geschichte, Künstler, Anreise, Unterkunft und FAQ.',
  ...SITE_TEXT_DEFAULTS,
};

export const houses = [
  { name: 'Aschefrei', chatUrl: 'https://chat.whatsapp.com/DemoHausAschefrei', colour: '#8E3B2E', hue: 8 },
  { name: 'Wachnase', chatUrl: 'https://chat.whatsapp.com/DemoHausWachnase', colour: '#2F5D50', hue: 160 },
  { name: 'Drei Pfeifen', chatUrl: 'https://chat.whatsapp.com/DemoHausDreiPfeifen', colour: '#9A7420', hue: 42 },
];

// House names as SPEC §3 shows them on the performer cards.
export const performers = [
  { name: 'Borislav der Laute', genre: 'Italo', houses: ['Aschefrei', 'Wachnase'] },
  { name: 'Die Krachmacher', genre: 'Krach', houses: ['Drei Pfeifen'] },
  { name: 'Mirka Eisenfaust', genre: 'Schlachtschall', houses: ['Wachnase'] },
  { name: 'Jaroslaw am Horn', genre: 'Hatzklang', houses: ['Drei Pfeifen', 'Wachnase'] },
  { name: 'Vesna und die Funken', genre: 'Triebklang', houses: ['Aschefrei', 'Wachnase'] },
  { name: 'Radek Donnerschlag', genre: 'Schmetterbass', houses: ['Drei Pfeifen'] },
  { name: 'Zora Nebelruf', genre: 'Krach', houses: ['Wachnase'] },
];

export const faqItems = [
  {
    question: 'Warum ist das Fest mittelalterlich?',
    answer: 'Weil Lagerfeuer, Häuser und Banner besser zusammenpassen als Powerpoint. Das Thema gibt uns einen Rahmen für Spiele, Kostüme und Geschichten.',
  },
  {
    question: 'Gibt es trotzdem Musik?',
    answer: 'Natürlich. Unsere Künstler spielen jeden Abend, von Italo bis Schmetterbass.',
  },
  {
    question: 'Ist das Thema jedes Jahr mittelalterlich?',
    answer: 'Nein. Das Thema wechselt von Jahr zu Jahr; dieses Jahr heißt es **Game Of Slavs**.',
  },
  {
    question: 'Muss ich mich verkleiden?',
    answer: 'Nein, ein Kostüm ist freiwillig. Wer Lust hat, bringt Umhang, Tunika oder Krone mit.',
  },
  {
    question: 'Wie finde ich mein geheimes Haus?',
    answer: 'Entrichte deinen Tribut, dann bekommst du einen persönlichen Code. Gib ihn auf der Seite „Enthülle dein Wappen“ ein und du gelangst in die WhatsApp-Gruppe deines Hauses.',
  },
  {
    question: 'Was passiert in der Gruppe meines Hauses?',
    answer: 'Dort lernt ihr euch vorab kennen, plant eure Banner und bekommt Aufgaben, die erst auf dem Fest Sinn ergeben.',
  },
  {
    question: 'Welche Spiele gibt es?',
    answer: 'Das bleibt geheim. Nur so viel: Es lohnt sich, ausgeschlafen anzureisen.',
  },
  {
    question: 'Was soll ich mitbringen?',
    answer: 'Bettwäsche, Handtücher, Kulturbeutel und ausreichend Koffein. Alles andere stellen wir.',
  },
];

/** Drawn into the map picture of "Anreise": it names the place the address names. */
export const mapLabel = 'Anfahrt zum Waldgasthof';

export const agendaImages: PlaceholderArt[] = [
  { label: 'Ankunft der Häuser', hue: 28, motif: 'banner' },
  { label: 'Eröffnungsfeuer', hue: 12, motif: 'flame' },
  { label: 'Bannerweihe', hue: 350, motif: 'banner' },
  { label: 'Turnier der Häuser', hue: 45, motif: 'shield' },
  { label: 'Markt und Met', hue: 32, motif: 'horn' },
  { label: 'Nacht der Barden', hue: 260, motif: 'tower' },
  { label: 'Hatzklang am Feuer', hue: 18, motif: 'flame' },
  { label: 'Spiele im Wald', hue: 130, motif: 'shield' },
  { label: 'Tribut und Treue', hue: 50, motif: 'horn' },
  { label: 'Schmetterbass-Nacht', hue: 280, motif: 'tower' },
  { label: 'Abschied der Häuser', hue: 200, motif: 'banner' },
];

export const accommodationPhotos = [
  { alt: 'Der Waldgasthof von außen, umgeben von Fichten', art: { label: 'Der Waldgasthof', hue: 110, motif: 'tower' } },
  { alt: 'Die große Halle mit Kamin und langen Tafeln', art: { label: 'Die große Halle', hue: 24, motif: 'flame' } },
  { alt: 'Eine der acht Schlafkammern', art: { label: 'Eine Schlafkammer', hue: 210, motif: 'shield' } },
] satisfies { alt: string; art: PlaceholderArt }[];

export const products = [
  {
    title: 'Haus-Shirt „Game Of Slavs“',
    description: [
      'Schweres Baumwollshirt mit dem Festwappen auf der Brust.',
      '',
      '- [x] 100 % Bio-Baumwolle',
      '- [x] Siebdruck aus der Region',
      '- [ ] Wappen deines Hauses (folgt nach der Enthüllung)',
    ].join('\n'),
    price: 2500,
    variants: ['S', 'M', 'L', 'XL'],
    availableQuantity: 40,
    isActive: true,
    art: { label: 'Haus-Shirt', hue: 6, motif: 'shield' },
  },
  {
    title: 'Kapuzenmantel der Wache',
    description: 'Warmer Hoodie für kalte Harznächte. **Mit Innentasche** für Codes und Kronen.',
    price: 4500,
    variants: ['S', 'M', 'L'],
    availableQuantity: 15,
    isActive: true,
    art: { label: 'Kapuzenmantel', hue: 150, motif: 'tower' },
  },
  {
    title: 'Trinkhorn',
    description: 'Echtes Rinderhorn mit Ständer. Lebensmittelecht versiegelt.\n\n- [x] Spülen mit der Hand\n- [ ] Spülmaschine',
    price: 1800,
    variants: ['0,3 l', '0,5 l'],
    availableQuantity: 12,
    isActive: true,
    art: { label: 'Trinkhorn', hue: 38, motif: 'horn' },
  },
  {
    title: 'Aufnäher-Set der Häuser',
    description: 'Drei gestickte Aufnäher: Aschefrei, Wachnase und Drei Pfeifen.',
    price: 900,
    variants: ['Set'],
    availableQuantity: 0,
    isActive: true,
    art: { label: 'Aufnäher', hue: 90, motif: 'banner' },
  },
  {
    title: 'Met-Becher (Vorjahr)',
    description: 'Restposten aus dem letzten Jahr, nicht mehr im Verkauf.',
    price: 1200,
    variants: ['Standard'],
    availableQuantity: 3,
    isActive: false,
    art: { label: 'Met-Becher', hue: 30, motif: 'horn' },
  },
] satisfies {
  title: string;
  description: string;
  price: number;
  variants: string[];
  availableQuantity: number;
  isActive: boolean;
  art: PlaceholderArt;
}[];

export const imprint = {
  title: 'Impressum',
  body: `## Angaben gemäß § 5 DDG

Slawenfest im Harz (Demo-Anbieter)
Am Hexenstieg 6
38700 Braunlage

E-Mail: kontakt@game-of-slavs.example

## Verantwortlich für den Inhalt

Verantwortlich für den Inhalt nach § 18 Abs. 2 MStV: das Orga-Team des Slawenfests, Anschrift wie oben.

## Haftung für Inhalte

Wir erstellen die Inhalte dieser Seite mit Sorgfalt. Für die Richtigkeit, Vollständigkeit und Aktualität übernehmen wir jedoch keine Gewähr. Als Diensteanbieter sind wir für eigene Inhalte nach den allgemeinen Gesetzen verantwortlich.

## Haftung für Links

Unsere Seite enthält Links zu externen Websites Dritter, auf deren Inhalte wir keinen Einfluss haben. Für diese fremden Inhalte ist stets der jeweilige Anbieter oder Betreiber verantwortlich. Bei Bekanntwerden von Rechtsverletzungen entfernen wir derartige Links umgehend.

## Urheberrecht

Die Inhalte und Werke auf dieser Seite unterliegen dem deutschen Urheberrecht. Vervielfältigung, Bearbeitung und Verbreitung außerhalb der Grenzen des Urheberrechts bedürfen der schriftlichen Zustimmung des Orga-Teams.
`,
};

export const privacyPolicy = {
  title: 'Datenschutzerklärung',
  body: `## 1. Datenschutz auf einen Blick

Diese Hinweise geben einen Überblick darüber, was mit deinen personenbezogenen Daten passiert, wenn du diese Website besuchst.

## 2. Verantwortliche Stelle

Verantwortlich für die Datenverarbeitung ist das Orga-Team des Slawenfests, Am Hexenstieg 6, 38700 Braunlage, kontakt@game-of-slavs.example.

## 3. Datenerfassung auf dieser Website

**Server-Logdateien:** Der Server speichert automatisch Informationen, die dein Browser übermittelt: Browsertyp, Betriebssystem, Referrer-URL, Uhrzeit der Anfrage und IP-Adresse. Diese Daten werden nach 14 Tagen gelöscht.

**Bestellungen:** Für eine Bestellung im Shop speichern wir Vor- und Nachname sowie die bestellten Artikel, bis die Bestellung übergeben ist.

**Warenkorb:** Dein Warenkorb bleibt in deinem Browser. Eine Kopie liegt in einem Cookie, das dein Browser nur beim Öffnen des Warenkorbs mitsendet, damit die Seite ihn sofort zeigen kann; wir speichern ihn dabei nicht. Nach einer Bestellung wird das Cookie gelöscht.

**Zugangscodes:** Wir speichern, ob und wann ein Code eingelöst wurde.

## 4. Kontakt und Zahlung

Wenn du uns per E-Mail schreibst, speichern wir deine Angaben zur Bearbeitung der Anfrage. Den Tribut zahlst du über den verlinkten Zahlungsanbieter; dort gelten dessen Datenschutzbestimmungen. Wir erhalten nur die Bestätigung der Zahlung.

## 5. Kartendienst

Die Anfahrtskarte ist ein lokal gespeichertes Bild. Erst wenn du auf die Karte klickst, öffnet sich ein externer Kartendienst, der dann eigene Daten erhebt.

## 6. Deine Rechte

Du hast jederzeit das Recht auf Auskunft, Berichtigung, Löschung, Einschränkung der Verarbeitung, Datenübertragbarkeit und Widerspruch sowie das Recht auf Beschwerde bei einer Aufsichtsbehörde.

## 7. Verschlüsselung und Änderungen

Diese Seite nutzt TLS-Verschlüsselung. Wir passen diese Erklärung an, wenn sich die Seite oder die Rechtslage ändert; es gilt die jeweils aktuelle Fassung.
`,
};

export const settings = [{ key: 'shop_enabled', value: 'true' }];
