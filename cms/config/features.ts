// Strapi 5.54's redesigned media library has its own messages, in English only; the one before it
// (which the media dialogs inside every entry use too) speaks German (docs/decisions/041).
export default {
  useLegacyMediaLibrary: true,
};
