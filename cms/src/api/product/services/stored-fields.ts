// A product's fields as read from their columns by the cms's own SQL, the same as the Query
// Engine reads them: used by the product service and by the order's statements on SQLite.

// Panel edits can leave anything in the json field; the shop only ever shows text variants.
export const variantList = (variants: unknown): string[] =>
  Array.isArray(variants) ? variants.filter((variant): variant is string => typeof variant === 'string') : [];

/**
 * A json field's stored text, read as the Query Engine reads the field (its JSONField): a JSON
 * text stored as a string counts as what it holds, as early Strapi 5 versions stored it.
 */
export function jsonFieldValue(text: string | null): unknown {
  if (text === null) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return text;
  }
  if (typeof value !== 'string') return value;
  try {
    const inner: unknown = JSON.parse(value);
    return typeof inner === 'string' ? JSON.parse(inner) : inner;
  } catch {
    return value;
  }
}
