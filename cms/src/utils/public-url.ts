/** Where the browser sees the cms: the site's origin plus /cms, or '' when reached directly. */
export const cmsPublicUrl = (publicUrl: string) => (publicUrl ? `${publicUrl.replace(/\/+$/, '')}/cms` : '');

/** The panel's path as the browser sees it behind the site's entry. */
export const CMS_PANEL_PATH = '/cms/admin';
