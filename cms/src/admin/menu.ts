import { ORGANISER_TYPE_TEXTS, SITE_TYPE_TEXTS, TIMESTAMP_TEXTS } from '../panel/field-labels';

/** A link of the Content Manager's menu, as its hooks hand them over. */
export type MenuLink = { uid: string; title: string; [key: string]: unknown };

/**
 * The site's content types in the order a visitor meets them on the page, with the names the
 * menu shows. The Content Manager sorts its menu by title, so each title is a key that sorts in
 * this order and the German name is its translation.
 */
const PAGE_ORDER: [uid: string, name: string][] = [
  ['api::festival.festival', 'Festival und Texte'],
  ['api::agenda-image.agenda-image', 'Agenda-Bilder'],
  ['api::performer.performer', 'Künstler'],
  ['api::programme-entry.programme-entry', 'Programm'],
  ['api::place.place', 'Orte'],
  ['api::accommodation-photo.accommodation-photo', 'Unterkunftsfotos'],
  ['api::faq-item.faq-item', 'FAQ'],
  ['api::imprint.imprint', 'Impressum'],
  ['api::privacy-policy.privacy-policy', 'Datenschutzerklärung'],
];

const menuKey = (index: number) => `gos.menu.${String(index + 1).padStart(2, '0')}`;

/** The site's types first, in page order; any other type a Super Admin sees keeps its name after them. */
export const pageOrderedLinks = (links: MenuLink[]): MenuLink[] =>
  links.map((link) => {
    const index = PAGE_ORDER.findIndex(([uid]) => uid === link.uid);
    return index === -1 ? link : { ...link, title: menuKey(index) };
  });

const menuNames = Object.fromEntries(PAGE_ORDER.map(([, name], index) => [menuKey(index), name]));

const festival = 'Game Of Slavs';

/**
 * The German field labels (set in each type's configuration on every start) as the messages the
 * Content Manager looks them up by first: without them it logs a missing translation per field.
 */
const fieldLabels = Object.fromEntries(
  Object.entries({ ...SITE_TYPE_TEXTS, ...ORGANISER_TYPE_TEXTS }).flatMap(([uid, { fields }]) =>
    Object.entries({ ...TIMESTAMP_TEXTS, ...fields }).map(([field, { label }]) => [`content-manager.content-types.${uid}.${field}`, label]),
  ),
);

/** Every content type's name (its schema's displayName, German already), as the message of that name. */
const typeNames = Object.fromEntries(
  Object.values(import.meta.glob<{ displayName: string }>('../api/*/content-types/*/schema.json', { eager: true, import: 'info' })).map(
    ({ displayName }) => [displayName, displayName],
  ),
);

/** The panel's wording for the festival's editors, in German and in English. */
export const PANEL_TRANSLATIONS = {
  de: {
    ...menuNames,
    'Auth.form.welcome.title': `${festival}: Redaktion`,
    'Auth.form.welcome.subtitle': 'Melde dich an, um die Texte und Bilder der Festival-Website zu pflegen.',
    'app.components.LeftMenu.navbrand.title': festival,
    'app.components.LeftMenu.navbrand.workplace': 'Redaktion',
    'HomePage.header.subtitle': 'Hier pflegst du die Texte und Bilder der Festival-Website.',
    'content-manager.components.LeftMenu.collection-types': 'Listen auf der Startseite',
    'content-manager.components.LeftMenu.single-types': 'Texte und Seiten',
    // Strapi 5.54's German lacks these; the markdown toolbar's two have no message in any language.
    'content-manager.plugin.name': 'Inhalte',
    'search.placeholder': 'Suchen',
    'components.Blocks.blocks.bulletList': 'Aufzählungsliste',
    'components.Blocks.blocks.numberList': 'Nummerierte Liste',
    'upload.modal.upload-list.sub-header.add-folder': 'Ordner hinzufügen',
    'upload.modal.url.title': 'Von URL importieren',
    'upload.modal.url.upload': 'Hochladen',
    'app.loading': 'Lädt …',
    cancel: 'Abbrechen',
    'list.asset.at.finished': 'Fertig geladen.',
    'upload.form.input.label.file-location': 'Ort',
    'upload.form.input.label.folder-location': 'Ort',
    'upload.form.input.label.folder-location-default-label': 'Medienbibliothek',
    'upload.form.input.label.folder-name': 'Name',
    'upload.modal.folder.create.submit': 'Anlegen',
    'upload.modal.folder.create.title': 'Neuen Ordner anlegen',
    // Without the link "hier" to Strapi's English documentation.
    'Settings.profile.form.section.experience.interfaceLanguageHelp': 'Diese Einstellungen gelten nur für dich.',
    ...fieldLabels,
    // The home page's "last edited" names each entry's type by its name as a message.
    ...typeNames,
  },
  en: {
    ...menuNames,
    'Auth.form.welcome.title': `${festival}: editors`,
    'Auth.form.welcome.subtitle': "Sign in to edit the festival website's texts and images.",
    'app.components.LeftMenu.navbrand.title': festival,
    'app.components.LeftMenu.navbrand.workplace': 'Editors',
  },
};
