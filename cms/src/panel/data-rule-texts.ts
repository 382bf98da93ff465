import { HOUSE_MESSAGES } from '../contract/houses';
import { ORDER_MESSAGES } from '../contract/orders';
import { PRODUCT_LIMITS, PRODUCT_MESSAGES } from '../contract/products';
import { PROGRAMME_MESSAGES } from '../contract/programme';
import { ORDER_LIMIT_FIELDS, ORDER_LIMIT_MESSAGES, ORDER_LIMIT_NAMES, SETTING_MESSAGES } from '../contract/settings';
import { FESTIVAL_MESSAGES } from '../contract/site-content';
import { SETTING_KEYS } from '../contract/stored-rules';
import { USER_MESSAGES } from '../contract/users';
import { IMAGE_MESSAGES } from '../http/image-upload';

// What the content manager shows under a field whose value the data's rules refuse: the panel
// speaks German, the dashboard keeps the contract's English messages (SPEC §5).

const thousands = (value: number) => value.toLocaleString('de-DE');

const GERMAN: Record<string, string> = {
  [HOUSE_MESSAGES.nameTooShort]: 'Der Name muss mindestens 2 Zeichen lang sein.',
  [HOUSE_MESSAGES.nameTooLong]: 'Der Name darf höchstens 100 Zeichen lang sein.',
  [HOUSE_MESSAGES.nameNotText]: 'Der Name muss ein Text sein.',
  [HOUSE_MESSAGES.nameMarkup]: 'Der Name darf weder <, > noch Steuerzeichen enthalten.',
  [HOUSE_MESSAGES.invalidChatUrl]: 'Bitte eine Web-Adresse angeben, die mit http:// oder https:// beginnt.',
  [FESTIVAL_MESSAGES.invalidLink]: 'Bitte eine Web-Adresse angeben, die mit http:// oder https:// beginnt, oder das Feld leer lassen.',
  [HOUSE_MESSAGES.invalidColour]: 'Die Farbe muss ein Hex-Wert wie #8E3B2E sein.',
  [HOUSE_MESSAGES.invalidEmblem]: 'Das Wappen muss ein Bild der Medienbibliothek sein.',
  [USER_MESSAGES.usernameTooShort]: 'Der Benutzername muss mindestens 3 Zeichen lang sein.',
  [USER_MESSAGES.usernameTooLong]: 'Der Benutzername darf höchstens 100 Zeichen lang sein.',
  [USER_MESSAGES.usernameNotText]: 'Der Benutzername muss ein Text sein.',
  [USER_MESSAGES.usernameControlCharacters]: 'Der Benutzername darf keine Steuerzeichen (z. B. Zeilenumbrüche) enthalten.',
  [USER_MESSAGES.invalidIsAdmin]: 'Organisator muss „ja“ oder „nein“ sein.',
  [USER_MESSAGES.unknownHouse]: 'Dieses Haus gibt es nicht.',
  [PRODUCT_MESSAGES.titleRequired]: 'Bitte einen Titel angeben.',
  [PRODUCT_MESSAGES.titleTooLong]: `Der Titel darf höchstens ${PRODUCT_LIMITS.titleLength} Zeichen lang sein.`,
  [PRODUCT_MESSAGES.descriptionRequired]: 'Bitte eine Beschreibung angeben.',
  [PRODUCT_MESSAGES.descriptionTooLong]: `Die Beschreibung darf höchstens ${thousands(PRODUCT_LIMITS.descriptionLength)} Zeichen lang sein.`,
  [PRODUCT_MESSAGES.price]: 'Der Preis muss eine ganze Zahl von Cent sein, 0 oder mehr.',
  [PRODUCT_MESSAGES.priceTooHigh]: `Der Preis darf höchstens ${thousands(PRODUCT_LIMITS.maxPrice)} Cent betragen.`,
  [PRODUCT_MESSAGES.quantity]: 'Der Bestand muss eine ganze Zahl sein, 0 oder mehr.',
  [PRODUCT_MESSAGES.quantityTooHigh]: `Der Bestand darf höchstens ${thousands(PRODUCT_LIMITS.maxQuantity)} betragen.`,
  [PRODUCT_MESSAGES.variantsFormat]: 'Die Varianten müssen eine JSON-Liste von Namen sein, z. B. ["S","M","L"].',
  [PRODUCT_MESSAGES.variantsRequired]: 'Mindestens eine Variante ist nötig.',
  [PRODUCT_MESSAGES.variantsNotDistinct]: 'Jede Variante muss ein eigener Name sein, ohne Leerzeichen am Anfang oder Ende.',
  [PRODUCT_MESSAGES.tooManyVariants]: `Höchstens ${PRODUCT_LIMITS.variants} Varianten, jede höchstens ${PRODUCT_LIMITS.variantLength} Zeichen lang.`,
  [PRODUCT_MESSAGES.isActive]: 'Aktiv muss „ja“ oder „nein“ sein.',
  [IMAGE_MESSAGES.wrongType]: 'Bitte ein Bild wählen (JPEG, PNG, WebP oder AVIF).',
  [SETTING_MESSAGES.unknownKey]: `Diese Einstellung gibt es nicht. Möglich sind: ${SETTING_KEYS.join(', ')}.`,
  [ORDER_MESSAGES.outOfStockToReopen]: 'Es ist nicht mehr genug Vorrat da, um diese Bestellung wieder zu öffnen.',
  [ORDER_MESSAGES.oneStatusAtATime]: 'Bitte ändere den Status jeder Bestellung einzeln.',
  [SETTING_MESSAGES.invalidSwitch]: 'Der Wert muss „true“ oder „false“ sein.',
  // The programme's messages are German already: only editors write entries.
  ...Object.fromEntries(Object.values(PROGRAMME_MESSAGES).map((message) => [message, message])),
  ...Object.fromEntries(
    ORDER_LIMIT_NAMES.map((name) => {
      const { min, max } = ORDER_LIMIT_FIELDS[name];
      return [ORDER_LIMIT_MESSAGES.outOfRange(name), `Der Wert muss eine ganze Zahl von ${min} bis ${thousands(max)} sein.`];
    }),
  ),
};

/** The German text of a rule's message, for the panel's field error. */
export const germanRuleMessage = (message: string) => GERMAN[message] ?? 'Dieser Wert ist nicht erlaubt.';
