/**
 * Python and Django, as far as the answers depend on them: how froide's views read a query
 * value (`int()`, `float()`, Django's form fields), how they quote a URL and how DRF names a
 * type in a message. One module, so every reader of a query value agrees.
 * Web-standard: the Edge Functions import it through the resources' filters.
 */

/** Python's `int()` on a query value: optional sign, digits, surrounding blanks; null when it fails. */
export function pythonInt(raw: string | null | undefined): number | null {
  if (raw === null || raw === undefined) return null;
  const text = raw.trim();
  return /^[+-]?\d+$/.test(text) ? Number(text) : null;
}

/**
 * Whether Python's `int()` reads the text, which also allows `_` between digits. DRF's
 * primary key field reads a value so; the query readers above do not accept `_` yet.
 */
export function isPythonIntText(text: string): boolean {
  return /^\s*[+-]?\d+(_\d+)*\s*$/.test(text);
}

/** Python's `float()` on a query value: decimal or exponent notation, inf and nan; null when it fails. */
export function pythonFloat(raw: string | null | undefined): number | null {
  if (raw === null || raw === undefined) return null;
  const text = raw.trim();
  if (/^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(text)) return Number(text);
  const special = /^([+-]?)(inf|infinity|nan)$/i.exec(text);
  if (!special) return null;
  if (special[2]!.toLowerCase() === 'nan') return Number.NaN;
  return special[1] === '-' ? -Infinity : Infinity;
}

/** Python's `str.capitalize()`: the first character upper case, the rest lower case. */
export function pythonCapitalize(text: string): string {
  const [first = '', ...rest] = text;
  return first.toUpperCase() + rest.join('').toLowerCase();
}

/** Python's `urllib.parse.quote(value, safe='')`: everything but `A-Za-z0-9_.-~` percent-encoded as UTF-8. */
export function pythonQuote(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** Django's `reverse()` on a path segment: `quote(path, safe="/~:@" + RFC 3986 sub-delims)`, UTF-8. */
export function djangoQuote(segment: string): string {
  return encodeURIComponent(segment).replace(/%(3A|40|24|26|2B|2C|3B|3D)/gi, (escape) => decodeURIComponent(escape));
}

/** Python's type name of a parsed JSON or form value, as DRF's messages print it. */
export function pythonTypeName(value: unknown): string {
  if (value === null) return 'NoneType';
  if (typeof value === 'boolean') return 'bool';
  if (typeof value === 'number') return Number.isInteger(value) ? 'int' : 'float';
  if (typeof value === 'string') return 'str';
  if (Array.isArray(value)) return 'list';
  if (typeof Blob !== 'undefined' && value instanceof Blob) return 'InMemoryUploadedFile';
  return 'dict';
}

/** Django's DecimalField on a (trimmed) value: digits with an optional point; null when it fails. */
export function djangoDecimal(value: string): number | null {
  return /^[+-]?(\d+\.?\d*|\.\d+)$/.test(value) ? Number(value) : null;
}

/** Django's DateField on a (trimmed) value: a real calendar date `YYYY-MM-DD`; null when it is not one. */
export function djangoDate(value: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day ? value : null;
}

/**
 * Django's `slugify` (allow_unicode=False), which django-taggit uses for a tag's slug: NFKD,
 * ASCII only, word characters, spaces and hyphens kept, lower case, runs of spaces and
 * hyphens to one hyphen, hyphens and underscores trimmed at both ends.
 */
export function djangoSlugify(value: string): string {
  // eslint-disable-next-line no-control-regex -- the ASCII range, from NUL up
  const ascii = value.normalize('NFKD').replace(/[^\x00-\x7f]/g, '');
  return ascii
    .replace(/[^\w\s-]/g, '')
    .toLowerCase()
    .replace(/[-\s]+/g, '-')
    .replace(/^[-_]+|[-_]+$/g, '');
}
