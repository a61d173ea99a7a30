/**
 * The API's JSON text, shared by the build (static files) and the functions, so both write
 * the same bytes (docs/froide.md#formats-and-links: DRF's renderer, compact, UTF-8, non-ASCII not escaped).
 *
 * froide renders Decimal fields as JSON floats (docs/froide.md#values: request `costs` is `0.0`, never
 * `0`); JavaScript numbers lose that distinction, so integral values of those keys get their
 * `.0` back here. A key only matches as a key (after `{` or `,`, where JSON.stringify puts
 * keys); a free-form editor field with the same name (`data`, `properties`) would get it too.
 */
import { storedSlots, valueSlots } from './token-slots.ts';

const DECIMAL_KEYS = ['costs'] as const;

const INTEGRAL_DECIMAL = new RegExp(`(?<=[{,]"(?:${DECIMAL_KEYS.join('|')})":)(-?\\d+)(?=[,}])`, 'g');

/** JSON text of a value; token slots in it are written as stored slots (src/formats/token-slots.ts). */
export function apiJson(value: unknown): string {
  const text = JSON.stringify(value);
  // The look-behind scan costs more than serializing; most objects have no decimal key at all.
  return storedSlots(DECIMAL_KEYS.some((key) => text.includes(`"${key}":`)) ? text.replace(INTEGRAL_DECIMAL, '$1.0') : text);
}

/** The value of API JSON text that may hold stored token slots (what apiJson wrote). */
export function parseApiJson(text: string): unknown {
  return JSON.parse(valueSlots(text));
}

/** How a number under `key` is written (for the browsable API, which renders value by value). */
export function numberText(key: string | null, value: number): string {
  const text = JSON.stringify(value);
  return key !== null && (DECIMAL_KEYS as readonly string[]).includes(key) && /^-?\d+$/.test(text) ? `${text}.0` : text;
}
