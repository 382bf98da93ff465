// What the Content Manager shows editors for each field: a German label and one line saying
// where the field appears on the site. Fields are listed in the order the edit form shows them,
// which is the order of the public page.

export type FieldText = { label: string; description: string };

/** How a type's list looks: its columns, the field that names an entry, and how it is sorted. */
export type ListView = { columns: string[]; mainField: string; sortBy: string };

export type TypeTexts = { fields: Record<string, FieldText>; list?: ListView };

const markdown = 'Formatierung mit der Werkzeugleiste: Überschriften, fett, kursiv, unterstrichen, Listen, Links, Bilder.';
const sectionLabel = (section: string, example: string, more = '') => ({
  label: `Kleine Zeile über „${section}“`,
  description: `Steht in Gold über der Überschrift des Abschnitts, z. B. „${example}“.${more ? ` ${more}` : ''}`,
});
const position = (where: string): FieldText => ({
  label: 'Position',
  description: `Reihenfolge ${where}: 1 steht zuerst. Gleiche Nummern stehen nach dem Anlegen sortiert.`,
});

/** Strapi's own fields, the same on every type. */
export const TIMESTAMP_TEXTS: Record<string, FieldText> = {
  id: { label: 'Nr.', description: 'Die Nummer, die Strapi dem Eintrag gab.' },
  documentId: { label: 'Dokument-ID', description: 'Die feste Kennung des Eintrags.' },
  createdAt: { label: 'Angelegt am', description: 'Wann der Eintrag angelegt wurde.' },
  updatedAt: { label: 'Geändert am', description: 'Wann der Eintrag zuletzt gespeichert wurde.' },
  createdBy: { label: 'Angelegt von', description: 'Wer den Eintrag angelegt hat.' },
  updatedBy: { label: 'Geändert von', description: 'Wer den Eintrag zuletzt gespeichert hat.' },
};

export const SITE_TYPE_TEXTS: Record<string, TypeTexts> = {
  'api::festival.festival': {
    fields: {
      name: { label: 'Name des Festivals', description: 'Titel des Browser-Tabs, der Fußzeile und der Suchergebnisse.' },
      edition: { label: 'Ausgabe', description: 'Steht im Kopf der Startseite, z. B. „Sechste Ausgabe“.' },
      motto: { label: 'Motto', description: 'Die große Schrift im Kopf der Startseite, z. B. „Game Of Slavs“.' },
      startDate: { label: 'Erster Tag', description: 'Beginn des Festivals; steht im Kopf und in der Fußzeile.' },
      endDate: { label: 'Letzter Tag', description: 'Ende des Festivals; steht im Kopf und in der Fußzeile.' },
      logo: { label: 'Logo', description: 'Das Wappen im Kopf der Startseite: quadratisch, mindestens 448 × 448 Pixel.' },
      storyLabel: sectionLabel('Die Geschichte', 'Die Chronik'),
      story: { label: 'Die Geschichte', description: `Der Text auf der Schriftrolle unter dem Kopf. ${markdown}` },
      paymentLabel: sectionLabel('Tribut', 'Dein Platz am Feuer'),
      paymentText: { label: 'Tribut: Text', description: `Was der Tribut deckt und wie man beitritt. ${markdown}` },
      paymentStepsTitle: { label: 'Tribut: Titel der Karte', description: 'Über den Knöpfen „Tribut entrichten“ und „Enthülle dein Wappen“, z. B. „So trittst du bei“.' },
      paymentUrl: { label: 'Tribut: Link zur Zahlung', description: 'Adresse beim Zahlungsanbieter, mit https://. Leer: die Seite sagt, die Orga schickt den Link.' },
      agendaLabel: sectionLabel('Agenda', 'Fünf Tage im Harz', 'Die Bilder stehen unter „Agenda-Bilder“.'),
      performersLabel: sectionLabel('Künstler', 'Musik am Feuer', 'Die Künstler selbst stehen unter „Künstler“.'),
      infoLabel: sectionLabel('Information', 'Alles für deine Reise'),
      travelAddress: { label: 'Anreise: Adresse', description: 'Name und Anschrift des Geländes, eine Angabe pro Zeile.' },
      travelCar: { label: 'Anreise mit dem Auto', description: `Im Reiter „Anreise“. ${markdown}` },
      travelTrain: { label: 'Anreise mit der Bahn', description: `Im Reiter „Anreise“. ${markdown}` },
      travelParking: { label: 'Hinweis zum Parken', description: `Im Reiter „Anreise“, unter der Karte. ${markdown}` },
      mapImage: { label: 'Anreise: Kartenbild', description: 'Ein Klick darauf öffnet den Kartendienst; Querformat.' },
      mapsUrl: { label: 'Anreise: Link zum Kartendienst', description: 'Adresse mit https://, z. B. von OpenStreetMap.' },
      accommodationText: { label: 'Unterkunft: Beschreibung', description: `Im Reiter „Unterkunft“; die Fotos stehen unter „Unterkunftsfotos“. ${markdown}` },
      accommodationBedrooms: { label: 'Unterkunft: Schlafkammern', description: 'Anzahl, als Kennzahl unter der Beschreibung.' },
      accommodationGuests: { label: 'Unterkunft: Schlafplätze', description: 'Wie viele Gäste Platz finden, als Kennzahl.' },
      accommodationGroundsM2: { label: 'Unterkunft: Gelände in m²', description: 'Größe des Geländes in Quadratmetern, als Kennzahl.' },
      scheduleText: { label: 'Ablauf', description: 'Der Text im Reiter „Ablauf“.' },
      shopTeaserText: { label: 'Shop: Hinweis auf der Startseite', description: 'Im Kasten „Merchandising“ der Startseite, solange der Shop offen ist.' },
      shopIntro: { label: 'Shop: Einleitung', description: 'Unter der Überschrift der Seite /shop.' },
      orderPickupText: { label: 'Shop: Abholung', description: 'Wo und wann Bestellungen abgeholt und bezahlt werden; auf der Seite jeder Bestellung.' },
      faqLabel: sectionLabel('Häufige Fragen', 'Fragen am Lagerfeuer', 'Die Fragen stehen unter „FAQ“.'),
      whatsappGroupUrl: { label: 'Fußzeile: WhatsApp-Gruppe', description: 'Link zur Gruppe aller Gäste; der Knopf in der Fußzeile zeigt ihn als QR-Code.' },
      contactEmail: { label: 'Fußzeile: Kontakt-E-Mail', description: 'Die Adresse hinter „Kontakt“ in der Fußzeile.' },
      accessIntro: { label: 'Wappen-Seite: Einleitung', description: 'Unter „Zugang zum Haus“ auf der Seite /enthuelle-dein-wappen.' },
      seoDescription: { label: 'Beschreibung für Suchmaschinen', description: 'Ein bis zwei Sätze (höchstens 300 Zeichen) für Suchergebnisse und Link-Vorschauen.' },
      shareImage: { label: 'Vorschaubild für geteilte Links', description: '1200 × 630 Pixel; erscheint, wenn jemand die Seite teilt.' },
    },
  },
  'api::agenda-image.agenda-image': {
    fields: {
      position: position('in der Galerie; das erste Bild steht groß'),
      image: { label: 'Bild', description: 'Querformat, mindestens 1600 × 1066 Pixel; ein Klick öffnet es auf dem ganzen Bildschirm.' },
      alt: { label: 'Bildunterschrift', description: 'Steht auf dem Bild und wird Menschen mit Screenreader vorgelesen.' },
    },
    list: { columns: ['position', 'image', 'alt', 'updatedAt'], mainField: 'alt', sortBy: 'position' },
  },
  'api::performer.performer': {
    fields: {
      position: position('der Karten im Abschnitt „Künstler“'),
      name: { label: 'Name', description: 'Steht groß auf der Karte.' },
      genre: { label: 'Genre', description: 'Das Abzeichen unter dem Namen, z. B. „Italo“.' },
      photo: { label: 'Foto', description: 'Quadratisch, mindestens 800 × 800 Pixel; ohne Foto zeigt die Karte eine Laute.' },
      houses: {
        label: 'Häuser',
        description: 'Für welche Häuser der Künstler spielt, ein Eintrag je Haus; jedes wird ein Abzeichen in der Farbe des Hauses.',
      },
    },
    list: { columns: ['position', 'photo', 'name', 'genre'], mainField: 'name', sortBy: 'position' },
  },
  'api::accommodation-photo.accommodation-photo': {
    fields: {
      position: position('der Fotos im Reiter „Unterkunft“'),
      image: { label: 'Foto', description: 'Querformat, mindestens 1600 × 1066 Pixel; ein Klick öffnet die Lightbox.' },
      alt: { label: 'Beschreibung', description: 'Wird Menschen mit Screenreader vorgelesen und steht in der Lightbox.' },
    },
    list: { columns: ['position', 'image', 'alt', 'updatedAt'], mainField: 'alt', sortBy: 'position' },
  },
  'api::faq-item.faq-item': {
    fields: {
      position: position('der Fragen'),
      question: { label: 'Frage', description: 'Die Zeile, die man anklickt, um die Antwort zu öffnen.' },
      answer: { label: 'Antwort', description: `Erscheint unter der Frage, wenn sie geöffnet wird. ${markdown}` },
    },
    list: { columns: ['position', 'question', 'updatedAt'], mainField: 'question', sortBy: 'position' },
  },
  'api::place.place': {
    fields: {
      position: position('der Orte: Spalten der Programmtabelle und Auswahl im Filter'),
      name: { label: 'Name', description: 'Bühne, Zelt oder Lager, z. B. „Große Feuerbühne“; steht im Programm an jedem Eintrag.' },
    },
    list: { columns: ['position', 'name', 'updatedAt'], mainField: 'name', sortBy: 'position' },
  },
  'api::programme-entry.programme-entry': {
    fields: {
      title: { label: 'Titel', description: 'Steht groß im Programm und ist der Name des Termins im Kalender.' },
      performer: { label: 'Künstler', description: 'Wer spielt (freiwillig); die Karte des Künstlers verlinkt dann diesen Termin.' },
      place: { label: 'Ort', description: 'Wo der Eintrag stattfindet; die Orte stehen unter „Orte“.' },
      day: { label: 'Tag', description: 'Ein Tag des Festivals, zwischen erstem und letztem Tag.' },
      start: { label: 'Beginn', description: 'Uhrzeit in deutscher Zeit (Europe/Berlin).' },
      end: { label: 'Ende', description: 'Nach dem Beginn, höchstens 12 Stunden später; ein Ende vor dem Beginn zählt zum nächsten Morgen (z. B. 22:00 bis 01:00).' },
      category: { label: 'Art', description: 'Konzert, Werkstatt, Markt, Ritual, Spiel oder Tafel; danach filtern Gäste.' },
      description: { label: 'Kurzer Text', description: 'Ein bis zwei Sätze, höchstens 500 Zeichen; steht auf der Seite des Eintrags.' },
      overlapAllowed: {
        label: 'Überschneidung erlaubt',
        description: 'Eingeschaltet darf der Eintrag zur selben Zeit am selben Ort stattfinden wie ein anderer (z. B. ein Markt neben Konzerten).',
      },
    },
    list: { columns: ['day', 'start', 'end', 'title', 'place', 'category'], mainField: 'title', sortBy: 'day' },
  },
  'api::imprint.imprint': {
    fields: {
      title: { label: 'Überschrift', description: 'Die Überschrift der Seite /impressum und der Titel des Browser-Tabs.' },
      body: { label: 'Text', description: `Der ganze Text der Seite /impressum. ${markdown}` },
    },
  },
  'api::privacy-policy.privacy-policy': {
    fields: {
      title: { label: 'Überschrift', description: 'Die Überschrift der Seite /datenschutz und der Titel des Browser-Tabs.' },
      body: { label: 'Text', description: `Der ganze Text der Seite /datenschutz. ${markdown}` },
    },
  },
};

/**
 * The components of the site's types. A performer names its houses here rather than linking the
 * organisers' house rows, so nothing an editor edits leads to a house's codes, chat or members
 * (decision 029).
 */
export const COMPONENT_TEXTS: Record<string, { fields: Record<string, FieldText>; mainField: string }> = {
  'performer.house-badge': {
    fields: {
      name: {
        label: 'Name des Hauses',
        description: 'So geschrieben, wie die Orga das Haus nennt (z. B. „Wachnase“); dann trägt das Abzeichen die Farbe des Hauses.',
      },
    },
    mainField: 'name',
  },
};

/** The organisers' types, which only the panel's Super Admin sees; organisers use the dashboard. */
export const ORGANISER_TYPE_TEXTS: Record<string, TypeTexts> = {
  'api::house.house': {
    fields: {
      name: { label: 'Name', description: 'Name des Hauses, wie ihn Gäste nach ihrem Code sehen.' },
      chatUrl: { label: 'Chat-Link', description: 'Einladung in die WhatsApp-Gruppe des Hauses; nur Gäste mit Code sehen ihn.' },
      emblem: { label: 'Wappen', description: 'Erscheint, wenn ein Gast sein Haus enthüllt.' },
      colour: { label: 'Farbe', description: 'Farbe der Haus-Abzeichen auf den Künstlerkarten.' },
      accessCodes: { label: 'Zugangscodes', description: 'Die Codes, die dieses Haus freischalten (Dashboard: Zugangscodes).' },
      users: { label: 'Mitglieder', description: 'Konten des Dashboards, die diesem Haus angehören.' },
    },
    list: { columns: ['id', 'name', 'colour', 'updatedAt'], mainField: 'name', sortBy: 'name' },
  },
  'api::access-code.access-code': {
    fields: {
      code: { label: 'Code', description: 'Zehn Zeichen, die ein Gast auf der Wappen-Seite eingibt.' },
      house: { label: 'Haus', description: 'Das Haus, das der Code freischaltet.' },
      isUsed: { label: 'Benutzt', description: 'Ob der Code schon eingegeben wurde.' },
      usedAt: { label: 'Benutzt am', description: 'Wann der Code zum ersten Mal eingegeben wurde.' },
    },
    list: { columns: ['id', 'house', 'isUsed', 'usedAt'], mainField: 'id', sortBy: 'id' },
  },
  'api::product.product': {
    fields: {
      title: { label: 'Titel', description: 'Name des Artikels im Shop.' },
      description: { label: 'Beschreibung', description: `Text der Artikelkarte und -seite. ${markdown}` },
      price: { label: 'Preis in Cent', description: 'Zum Beispiel 2500 für 25,00 €.' },
      image: { label: 'Bild', description: 'Quadratisch, mindestens 1200 × 1200 Pixel.' },
      variants: { label: 'Varianten', description: 'Liste der wählbaren Varianten, z. B. ["S", "M", "L"].' },
      availableQuantity: { label: 'Vorrat', description: 'Wie viele Stück noch bestellt werden können.' },
      isActive: { label: 'Im Shop sichtbar', description: 'Ausgeschaltet verschwindet der Artikel aus dem Shop.' },
    },
    list: { columns: ['id', 'image', 'title', 'price', 'availableQuantity', 'isActive'], mainField: 'title', sortBy: 'title' },
  },
  'api::order.order': {
    fields: {
      orderNumber: { label: 'Bestellnummer', description: 'Die Nummer, die der Käufer nach der Bestellung sieht.' },
      firstName: { label: 'Vorname', description: 'Vorname des Käufers.' },
      lastName: { label: 'Nachname', description: 'Nachname des Käufers.' },
      items: { label: 'Positionen', description: 'Artikel, Variante, Anzahl und Preis in Cent, wie bestellt.' },
      total: { label: 'Summe in Cent', description: 'Preis mal Anzahl aller Positionen.' },
      status: { label: 'Status', description: 'Ausstehend, in Bearbeitung, versendet, zugestellt oder storniert.' },
    },
    list: { columns: ['orderNumber', 'lastName', 'total', 'status', 'createdAt'], mainField: 'orderNumber', sortBy: 'createdAt' },
  },
  'api::setting.setting': {
    fields: {
      key: { label: 'Schlüssel', description: 'Name der Einstellung, z. B. shop_enabled.' },
      value: { label: 'Wert', description: 'Der Wert als Text, z. B. "true".' },
    },
    list: { columns: ['key', 'value', 'updatedAt'], mainField: 'key', sortBy: 'key' },
  },
};
