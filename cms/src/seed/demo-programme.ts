// The demo programme seeded with the demo content: five days (24–28 July 2025) on four places,
// about 150 entries, every performer on the fire stage more than once. Built by rule rather than
// listed, so it stays readable; editors replace it in the panel.

import type { ProgrammeCategory } from '../contract/programme';

export const DEMO_FESTIVAL_DAYS = ['2025-07-24', '2025-07-25', '2025-07-26', '2025-07-27', '2025-07-28'] as const;

export const demoPlaces = ['Große Feuerbühne', 'Methallenzelt', 'Lager der Häuser', 'Marktplatz am Brunnen'] as const;

export type DemoEntry = {
  title: string;
  place: number;
  day: string;
  start: string;
  end: string;
  category: ProgrammeCategory;
  description: string;
  performer?: string;
  overlapAllowed?: boolean;
};

type Slot = [start: string, end: string];
const at = (minutes: number) => `${String(Math.floor(minutes / 60) % 24).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
const slots = (first: string, count: number, length: number, gap: number): Slot[] => {
  const [hours, minutes] = first.split(':').map(Number);
  return Array.from({ length: count }, (_, index) => {
    const start = hours * 60 + minutes + index * (length + gap);
    return [at(start), at(start + length)];
  });
};

const WORKSHOPS: [string, ProgrammeCategory, string][] = [
  ['Bogenbau für Anfänger', 'workshop', 'Du schnitzt unter Anleitung deinen ersten Kinderbogen aus Haselholz.'],
  ['Runen lesen', 'workshop', 'Was die alten Zeichen bedeuten und wie du deinen Namen in Runen schreibst.'],
  ['Met ansetzen', 'workshop', 'Honig, Wasser, Geduld: wir setzen gemeinsam einen Met an, der bis zum nächsten Fest reift.'],
  ['Schwertkampf ohne Schwert', 'spiel', 'Schritte, Haltung und Finten mit Holzstäben; keine Vorkenntnisse nötig.'],
  ['Lieder am Tisch', 'konzert', 'Wir lernen drei Trinklieder, damit am Abend alle mitsingen können.'],
  ['Brettchenweben', 'workshop', 'Ein Band mit dem Muster deines Hauses, Faden für Faden.'],
  ['Sagen aus dem Harz', 'ritual', 'Eine Erzählerin liest von Hexen, Zwergen und dem Brocken.'],
];
const CAMP: [string, string, ProgrammeCategory, string][] = [
  ['07:15', '07:45', 'ritual', 'Weckruf des Horns'],
  ['08:00', '09:00', 'mahl', 'Morgenmahl'],
  ['09:30', '11:00', 'spiel', 'Wettstreit der Häuser'],
  ['11:15', '12:15', 'spiel', 'Bogenschießen'],
  ['12:30', '13:30', 'mahl', 'Mittagstafel'],
  ['14:00', '15:30', 'spiel', 'Kubb auf der Wiese'],
  ['16:00', '17:00', 'ritual', 'Rat der Häuser'],
  ['18:30', '19:45', 'mahl', 'Abendtafel'],
  ['21:00', '22:00', 'ritual', 'Entzünden des Feuers'],
  ['23:00', '01:00', 'ritual', 'Nachtwache am Feuer'],
];
const CAMP_TEXT: Record<string, string> = {
  'Weckruf des Horns': 'Das Horn ruft die Häuser aus den Zelten; wer zuerst am Feuer steht, bekommt den ersten Tee.',
  Morgenmahl: 'Brot, Grütze und heißer Kräutertee für alle Häuser.',
  'Wettstreit der Häuser': 'Jedes Haus schickt seine Besten: Seilziehen, Axtwurf und Rätsel.',
  Mittagstafel: 'Eintopf aus dem großen Kessel.',
  Bogenschießen: 'Drei Pfeile, eine Scheibe aus Stroh; Bögen liegen bereit.',
  'Kubb auf der Wiese': 'Das Wikingerschach: stoß den König um, bevor dein Gegner es tut.',
  'Rat der Häuser': 'Die Häuser beraten über den nächsten Tag. Jeder darf zuhören.',
  Abendtafel: 'Braten vom Feuer, Gemüse aus dem Garten und Met.',
  'Entzünden des Feuers': 'Wir entfachen gemeinsam das große Feuer des Abends.',
  'Nachtwache am Feuer': 'Geschichten und leise Lieder, bis das Feuer niederbrennt.',
};
const MARKET: [string, string, string, string][] = [
  ['10:00', '13:00', 'Markt der Schmiede', 'Messer, Fibeln und Gürtelschnallen direkt von der Esse.'],
  ['13:00', '18:00', 'Händlergasse', 'Tuch, Leder, Kräuter und Trinkhörner von Händlern aus dem Harz.'],
  ['11:00', '11:45', 'Gaukler am Brunnen', 'Feuerspucker und Jongleure zwischen den Ständen.'],
  ['12:00', '12:30', 'Marktschreier', 'Wer am lautesten ruft, verkauft am meisten: der Wettstreit der Händler.'],
  ['16:30', '17:15', 'Bader und Heiler', 'Kräuterkunde und Hausmittel aus dem Mittelalter, zum Anschauen und Riechen.'],
  ['15:00', '15:45', 'Kinderspiele am Brunnen', 'Steckenpferdrennen und Sackhüpfen für die Jüngsten.'],
  ['17:30', '18:15', 'Gaukler bei Sonnenuntergang', 'Die Gaukler kommen wieder, diesmal mit Fackeln.'],
  ['19:00', '21:00', 'Abendmarkt bei Fackelschein', 'Die Stände bleiben offen, solange die Fackeln brennen.'],
];

/** The demo programme with the performers of the install, each on the fire stage at least twice. */
export function demoProgramme(performers: readonly string[]): DemoEntry[] {
  const entries: DemoEntry[] = [];
  let nextPerformer = 0;
  for (const [dayIndex, day] of DEMO_FESTIVAL_DAYS.entries()) {
    const first = dayIndex === 0;
    const last = dayIndex === DEMO_FESTIVAL_DAYS.length - 1;
    // The fire stage: concerts from the afternoon into the night.
    for (const [start, end] of slots('13:00', last ? 4 : 6, 90, 30)) {
      const performer = performers.length > 0 ? performers[nextPerformer++ % performers.length] : undefined;
      entries.push({
        title: performer ?? 'Offene Bühne',
        place: 0,
        day,
        start,
        end,
        category: 'konzert',
        description: performer ? `${performer} spielt auf der großen Feuerbühne.` : 'Wer ein Lied mitgebracht hat, spielt es hier.',
        performer,
      });
    }
    // The mead hall tent: workshops through the day.
    for (const [index, [start, end]] of slots('09:30', 9, 75, 15).entries()) {
      if (first && index < 3) continue;
      const [title, category, description] = WORKSHOPS[(index + dayIndex) % WORKSHOPS.length];
      entries.push({ title, place: 1, day, start, end, category, description });
    }
    // The houses' camp: meals, games, rituals.
    for (const [start, end, category, title] of CAMP) {
      if ((first && start < '14:00') || (last && start > '17:00')) continue;
      entries.push({ title, place: 2, day, start, end, category, description: CAMP_TEXT[title] });
    }
    if (first) entries.push({ title: 'Ankunft und Lageraufbau', place: 2, day, start: '10:00', end: '13:30', category: 'ritual', description: 'Die Häuser schlagen ihr Lager auf; die Orga zeigt dir deinen Platz.' });
    if (last) entries.push({ title: 'Abschied am Feuer', place: 2, day, start: '18:30', end: '20:00', category: 'ritual', description: 'Das letzte Feuer des Fests, ein Lied, ein Horn Met, bis zum nächsten Jahr.' });
    // The market: the stalls all day, with shows among them (they may overlap the stalls).
    for (const [start, end, title, description] of MARKET) {
      if (first && start < '13:00') continue;
      if (last && start > '15:00') continue;
      const stalls = title === 'Markt der Schmiede' || title === 'Händlergasse';
      entries.push({ title, place: 3, day, start, end, category: stalls ? 'markt' : 'spiel', description, overlapAllowed: !stalls });
    }
  }
  return entries;
}
