/**
 * The API's JSON text, shared by the build (static files) and the functions, so both write
 * the same bytes (docs/froide.md#formats-and-links: DRF's renderer, compact, UTF-8, non-ASCII not escaped).
 *
 * froide renders Decimal fields as JSON floats (docs/froide.md#values: request `costs` is `0.0`, never
 * `0`); JavaScript numbers lose that distinction, so integral values of those keys get their
 * `.0` back here. A key only matches as a key (after `{` or `,`, where JSON.stringify puts
 * keys); a free-form editor field with the same name (`data`, `properties`) would get it too.
 */
const DECIMAL_KEYS = ['costs'] as const;

const INTEGRAL_DECIMAL = new RegExp(`(?<=[{,]"(?:${DECIMAL_KEYS.join('|')})":)(-?\\d+)(?=[,}])`, 'g');

export function apiJson(value: unknown): string {
  return JSON.stringify(value).replace(INTEGRAL_DECIMAL, '$1.0');
}

/** How a number under `key` is written (for the browsable API, which renders value by value). */
export function numberText(key: string | null, value: number): string {
  const text = JSON.stringify(value);
  return key !== null && (DECIMAL_KEYS as readonly string[]).includes(key) && /^-?\d+$/.test(text) ? `${text}.0` : text;
}
