import type { StrapiApp } from '@strapi/strapi/admin';
import wappen from './extensions/wappen.svg';
import { homeWidgets, overviewForSuperAdmins } from './editors-panel';
import { translateFixedLabels } from './fixed-labels';
import { PANEL_TRANSLATIONS, pageOrderedLinks, type MenuLink } from './menu';

// Where Strapi's panel keeps the chosen language (its reducer's LANGUAGE_LOCAL_STORAGE_KEY).
const PANEL_LANGUAGE_KEY = 'strapi-admin-language';

/**
 * Strapi 5.54 greets every account with an English banner about its new media library, linking
 * to its blog; it has no switch, only the flag its close button stores (MediaLibraryBanner:
 * per media-library flavour and instance id, which is `false` with telemetry off, `undefined`
 * before the panel has loaded it).
 */
function dismissMediaLibraryBanner() {
  for (const legacy of [true, false]) {
    for (const instance of [false, undefined]) localStorage.setItem(`STRAPI_MEDIA_LIBRARY_BANNER_DISMISSED_FOR_${legacy}:${instance}`, 'true');
  }
}

export default {
  config: {
    // German for the editors (their account's language is German from the start); English stays
    // as Strapi's fallback and for anyone who picks it on their profile page.
    locales: ['de'],
    auth: { logo: wappen },
    menu: { logo: wappen },
    head: { favicon: wappen },
    translations: PANEL_TRANSLATIONS,
    // No guided tours, no release notes, no Strapi Cloud: the panel is where the festival's texts live.
    tutorials: false,
    notifications: { releases: false },
  },
  register(app: StrapiApp) {
    // An editor's home shows what was last edited; Strapi's plan and statistics stay with organisers.
    app.widgets.register(homeWidgets);
    app.router.addRoute(overviewForSuperAdmins);
  },
  bootstrap(app: StrapiApp) {
    // Strapi starts in English until someone picks a language; here the sign-in is German from
    // the first visit, and a language chosen on the profile page is kept.
    if (!localStorage.getItem(PANEL_LANGUAGE_KEY)) localStorage.setItem(PANEL_LANGUAGE_KEY, 'de');
    dismissMediaLibraryBanner();
    translateFixedLabels(() => localStorage.getItem(PANEL_LANGUAGE_KEY) === 'de');
    // The Content Manager lists its types alphabetically by title: the titles become keys in
    // the order of the public page, and the translations name them.
    app.registerHook('Admin/CM/pages/App/mutate-collection-types-links', ({ ctLinks, models }: { ctLinks: MenuLink[]; models: unknown }) => ({
      ctLinks: pageOrderedLinks(ctLinks),
      models,
    }));
    app.registerHook('Admin/CM/pages/App/mutate-single-types-links', ({ stLinks, models }: { stLinks: MenuLink[]; models: unknown }) => ({
      stLinks: pageOrderedLinks(stLinks),
      models,
    }));
  },
};
