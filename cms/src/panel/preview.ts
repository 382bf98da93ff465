/**
 * Where the panel's preview opens each content type: the public page, at the section that shows
 * it. Content has no draft stage (docs/decisions/002), so the preview is the saved state, as a
 * visitor sees it after the next load. Organisers' types have no public page: no preview.
 */
export const PREVIEW_PATHS: Record<string, string> = {
  'api::festival.festival': '/',
  'api::agenda-image.agenda-image': '/#agenda',
  'api::performer.performer': '/#performers',
  'api::accommodation-photo.accommodation-photo': '/#info',
  'api::faq-item.faq-item': '/#faq',
  'api::imprint.imprint': '/impressum',
  'api::privacy-policy.privacy-policy': '/datenschutz',
};

/** The site's origin as PUBLIC_URL names it, or Vite's dev server when the cms runs on its own. */
export const previewOrigin = (publicUrl: string): string => {
  try {
    return new URL(publicUrl).origin;
  } catch {
    return 'http://localhost:5173';
  }
};

/** The address the preview shows for an entry of `uid`, or null for a type the site does not show. */
export const previewUrl = (origin: string, uid: string): string | null => {
  const path = PREVIEW_PATHS[uid];
  return path ? `${origin}${path}` : null;
};
