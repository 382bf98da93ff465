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
    // Strapi 5.54's German lacks these two.
    'content-manager.plugin.name': 'Inhalte',
    'search.placeholder': 'Suchen',
  },
  en: {
    ...menuNames,
    'Auth.form.welcome.title': `${festival}: editors`,
    'Auth.form.welcome.subtitle': "Sign in to edit the festival website's texts and images.",
    'app.components.LeftMenu.navbrand.title': festival,
    'app.components.LeftMenu.navbrand.workplace': 'Editors',
  },
};
