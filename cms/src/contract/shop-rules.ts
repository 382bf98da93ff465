// The cart's limits and the shop's messages, without a schema: the public pages import these, and
// importing shop.ts would build every schema of the shop (zod builds a schema when it is defined,
// a long task on a phone while the page is being taken over).

export const CART_LIMITS = { maxLines: 50, maxQuantity: 99, maxNameLength: 100, maxCartText: 50_000 } as const;

export const SHOP_MESSAGES = {
  itemNotFound: 'Artikel nicht gefunden',
  shopClosed: 'Der Shop ist derzeit geschlossen.',
  namesRequired: 'Bitte Vor- und Nachname eingeben.',
  namesTooLong: `Vor- und Nachname dürfen höchstens ${CART_LIMITS.maxNameLength} Zeichen lang sein.`,
  cartEmpty: 'Der Warenkorb ist leer.',
  cartInvalid: 'Der Warenkorb ist ungültig.',
  tooManyLines: `Eine Bestellung darf höchstens ${CART_LIMITS.maxLines} Positionen enthalten.`,
  invalidLine: 'Der Warenkorb enthält einen ungültigen Artikel.',
  variantRequired: 'Bitte wähle für jeden Artikel eine Variante.',
  quantity: `Die Anzahl muss eine ganze Zahl von 1 bis ${CART_LIMITS.maxQuantity} sein.`,
  orderInvalid: 'Die Bestellung ist ungültig.',
  orderTooLarge: 'Die Bestellsumme ist zu hoch.',
  // One answer for an unknown number and a wrong token alike: neither is told from the other.
  orderNotFound: 'Bestellung nicht gefunden.',
  tooManyOrderLookups: 'Zu viele Versuche. Bitte warte ein paar Minuten.',
  changedMeanwhile: 'Der Shop wurde gerade geändert. Bitte versuche es noch einmal.',
  unavailable: (title: string) => `Dieser Artikel ist nicht mehr erhältlich: ${title}`,
  unknownVariant: (title: string, variant: string) => `Diese Variante gibt es nicht: ${title} (${variant})`,
  outOfStock: (title: string, variant: string) => `Leider nicht mehr genug auf Lager: ${title} (${variant})`,
  tooManyUnitsPerLine: (max: number, title: string, variant: string) => `Höchstens ${max} Stück je Artikel: ${title} (${variant})`,
  tooManyUnitsPerOrder: (max: number) => `Eine Bestellung darf höchstens ${max} Stück enthalten.`,
  tooManyOrders: (max: number, minutes: number) =>
    `Zu viele Bestellungen in kurzer Zeit: höchstens ${max} in ${minutes === 1 ? 'einer Minute' : `${minutes} Minuten`}. Bitte versuche es später erneut.`,
  tooManyUnitsOfProduct: (max: number, minutes: number, title: string) =>
    `Zu viele Stück von ${title} in kurzer Zeit: höchstens ${max} in ${minutes === 1 ? 'einer Minute' : `${minutes} Minuten`}. Bitte versuche es später erneut.`,
} as const;
