/**
 * The catalogue of content problems: every kind of problem `check` and `build`
 * report about content, with its message and what to do about it, in one place (as Astro's
 * error catalogue, withastro/astro packages/astro/src/core/errors/errors-data.ts). Call sites
 * name a kind and give its parameters; the words live here.
 *
 * Wording (Astro's errors README): the message follows the key path
 * (`sender_public_body: refers to public body 33, which does not exist`), so it starts with a
 * verb in lower case and says what is wrong with the value; the hint says what to do, in the
 * editor's terms, naming a value to write where one is known.
 */
import type { Severity } from './problems.ts';

export interface ErrorKind<P = void> {
  /** The kind's name, also in each Problem (`kind`), for tests and tools. */
  name: string;
  /** One line for the catalogue: what the problem is about. */
  title: string;
  severity: Severity;
  message: (params: P) => string;
  hint?: (params: P) => string | undefined;
}

/** A problem's words: its kind, message and hint. */
export interface Described {
  kind: string;
  message: string;
  hint?: string;
}

type Entry<P> = Omit<ErrorKind<P>, 'name' | 'severity'> & { severity?: Severity };

/** One entry; `P` is what its message and hint are made from (`void`: nothing). */
const kind = <P = void>(entry: Entry<P>): Entry<P> => entry;

/** Names each entry after its key, so a kind's name is written once. */
function catalogue<T extends Record<string, object>>(entries: T): { [K in keyof T]: T[K] extends Entry<infer P> ? ErrorKind<P> : never } {
  return Object.fromEntries(Object.entries(entries).map(([name, entry]) => [name, { severity: 'error', ...entry, name }])) as never;
}

/** A kind's words for its parameters (none for a kind without: `void` may be left out). */
export function describe(kind: ErrorKind): Described;
export function describe<P>(kind: ErrorKind<P>, params: P): Described;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the implementation of the overloads above, which type the parameters
export function describe(kind: ErrorKind<any>, params?: unknown): Described {
  const hint = kind.hint?.(params);
  return { kind: kind.name, message: kind.message(params), ...(hint ? { hint } : {}) };
}

const SAVE_AS_UTF8 = 'save it as UTF-8 (in VS Code: click the encoding in the status bar, then "Save with Encoding" → "UTF-8")';
const LAYOUT = 'the editors\' guide (docs/content-guide.md, "Layout")';

/** How the editors' guide names a type: "must be a list", not "expected array". */
const TYPE_WORDS: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  tuple: 'a list',
  object: 'a mapping (keys indented below it)',
  record: 'a mapping (keys indented below it)',
  null: 'empty (null)',
};

const typeWord = (expected: string) => TYPE_WORDS[expected] ?? expected;

/** What to write instead of a value of the wrong type, where something can be said. */
function typeHint({ expected, input, key = 'key' }: { expected: string; input: unknown; key?: string | undefined }): string | undefined {
  switch (expected) {
    case 'array':
    case 'tuple': {
      const items = typeof input === 'string' ? input.split(',').map((part) => part.trim()).filter(Boolean) : [input];
      return `write a list in square brackets, e.g. ${key}: [${items.map(flowItem).join(', ')}]`;
    }
    case 'string':
      return `put the value in quotes: ${key}: "${String(input)}"`;
    case 'number':
    case 'int':
      if (typeof input === 'string' && input.trim() !== '' && Number.isFinite(Number(input))) return `write the number without quotes: ${key}: ${input.trim()}`;
      return undefined;
    case 'boolean': {
      const word = typeof input === 'string' ? input.trim().toLowerCase() : '';
      if (['true', 'yes', 'y', 'on', 'ja', 'wahr'].includes(word)) return `write ${key}: true (without quotes)`;
      if (['false', 'no', 'n', 'off', 'nein', 'falsch'].includes(word)) return `write ${key}: false (without quotes)`;
      return 'write true or false (without quotes)';
    }
    case 'object':
    case 'record':
      return `write the keys of ${key} on the lines below it, indented`;
    default:
      return undefined;
  }
}

function flowItem(item: unknown): string {
  if (typeof item !== 'string') return JSON.stringify(item) ?? String(item);
  return /^[\p{L}\p{N}][\p{L}\p{N} ._-]*$/u.test(item) ? item : JSON.stringify(item);
}

/** Hints for the YAML parser's errors, by its error code (yaml's YAMLError.code). */
const SYNTAX_HINTS: Partial<Record<string, string>> = {
  TAB_AS_INDENT: 'indent with spaces, not tabs',
  BAD_INDENT: 'line up the keys of one mapping in the same column, and indent with spaces what belongs to the key above',
  MISSING_CHAR: 'close the quote or bracket this value opens, or put the whole value in quotes',
  MULTILINE_IMPLICIT_KEY: 'a key and its colon must be on one line; for text over several lines, write "key: |" and indent the text below it',
  MULTIPLE_DOCS: 'a content file holds one record or one list: delete the "---" or "..." line',
  BAD_DQ_ESCAPE: 'inside "double quotes" a backslash starts an escape: write \\\\ for a backslash, or use single quotes',
  KEY_OVER_1024_CHARS: 'a key must be a short word followed by a colon; is a colon missing after the key above?',
};

export const ERRORS = catalogue({
  // --- files and folders (content/load.ts, content/unread.ts) --------------------------------
  SiteMissing: kind({
    title: 'content/site.yaml is missing',
    message: () => 'is missing',
    hint: () => 'create content/site.yaml with title, base_url and updated_at',
  }),
  SiteSettings: kind<{ reason: string }>({
    title: 'site.yaml gives settings that cannot be used',
    message: ({ reason }) => reason,
  }),
  MisnamedYamlFile: kind({
    title: 'a YAML file the build does not read, named almost like one it reads',
    message: () => 'is not read by the build, so its records are missing',
    hint: ({ target, exists }: { target: string; exists: boolean }) => `rename it to ${target}${exists ? ` (${target} exists too: merge the two, or delete this one)` : ''}`,
  }),
  MisnamedFolder: kind<{ files: number; to: string }>({
    title: 'a folder of YAML files named almost like one the build reads',
    message: ({ files }) => `is not read by the build, so the records of its ${files} YAML files are missing`,
    hint: ({ to }) => `rename the folder to ${to}/`,
  }),
  UnreadYamlFile: kind({
    title: 'a YAML file where the build reads none',
    severity: 'warning',
    message: () => 'is not read by the build; nothing in it is published',
    hint: ({ places, named, top }: { places: readonly string[]; named: boolean; top: string }) =>
      places.length
        ? `YAML files ${named ? 'of this name' : top ? `under ${top}/` : 'at the top of content/'} are read only as ${places.join(', ')}: move or rename it, or delete it`
        : `YAML files are read only where ${LAYOUT} puts them: move it there, or delete it`,
  }),
  UnreadFolder: kind({
    title: 'a folder the build does not read',
    severity: 'warning',
    message: () => 'is a folder the build does not read; nothing in it is published',
    hint: ({ near }: { near: string | undefined }) => (near ? `rename it to ${near}/` : `move its files where ${LAYOUT} puts them, or keep them outside content/`),
  }),
  UnusedAttachmentFile: kind({
    title: 'a file in files/ that no attachment names',
    severity: 'warning',
    message: () => 'is not named by any attachment and will not be published',
    hint: () => 'list it under attachments of the message whose id is its folder name, or delete it',
  }),
  MissingAttachmentFile: kind<{ path: string }>({
    title: 'an attachment names a file that does not exist',
    message: ({ path }) => `names a file that does not exist: ${path}`,
    hint: ({ path }) => `add the file at ${path}, or fix the name`,
  }),
  MissingDocumentFile: kind<{ path: string }>({
    title: 'a document names a PDF that does not exist',
    message: ({ path }) => `names a file that does not exist: ${path}`,
    hint: () => 'put the PDF next to document.yaml, or fix the name',
  }),
  MissingGeometryFile: kind<{ path: string }>({
    title: 'a georegion names a GeoJSON file that does not exist',
    message: ({ path }) => `names a file that does not exist: ${path}`,
    hint: ({ path }) => `put the GeoJSON file at ${path}, or fix the name`,
  }),
  UnusedGeometryFile: kind({
    title: 'a GeoJSON file that no georegion names',
    severity: 'warning',
    message: () => 'is not named by any georegion and will not be published',
    hint: () => "name it with geom_file in the georegion's YAML file, or delete it",
  }),

  // --- text encoding (content/encoding.ts) ---------------------------------------------------
  Utf16Text: kind({
    title: 'a content file saved as UTF-16',
    message: () => 'is UTF-16 text, not UTF-8',
    hint: () => SAVE_AS_UTF8,
  }),
  NulBytes: kind({
    title: 'a content file with NUL bytes',
    message: () => 'contains NUL bytes, so it is not UTF-8 text (UTF-16, or not text at all)',
    hint: () => SAVE_AS_UTF8,
  }),
  NotUtf8: kind<{ byte: number; latin1: string }>({
    title: 'a content file that is not UTF-8 (often Latin-1)',
    message: ({ byte, latin1 }) =>
      `is not UTF-8 text: byte 0x${byte.toString(16).toUpperCase().padStart(2, '0')} here is not valid UTF-8${byte >= 0xa0 ? ` (in Latin-1 that is "${latin1}": the file was probably saved as Latin-1 or Windows-1252)` : ''}`,
    hint: () => SAVE_AS_UTF8,
  }),

  // --- YAML (content/yaml.ts, content/yaml-rules.ts) ------------------------------------------
  YamlSpecial: kind<{ char: string; meaning: string; feature?: string; quote?: string }>({
    title: 'an anchor, alias or tag, which content files do not use',
    message: ({ char, meaning, feature }) =>
      `starts with "${char}", which ${meaning}${feature ? `; content files do not use ${feature}` : ''}`,
    // On a mapping or list the editor meant the feature; on a value, usually the text.
    hint: ({ quote }) => (quote === undefined ? 'write the values out in full wherever they are needed' : `put the value in quotes: ${quote}`),
  }),
  YamlKeyNotPlain: kind({
    title: 'a key that is not a plain word',
    message: () => 'has a key that is not a plain word',
    hint: () => 'write keys as plain words followed by a colon, like "title:"',
  }),
  YamlDuplicateKey: kind<{ name: string; was: number; now: number }>({
    title: 'a key twice in one mapping',
    message: ({ name, was, now }) => `key "${name}" appears twice in the same mapping, at lines ${was} and ${now}`,
    hint: () => 'keep one of them: YAML allows a key once per mapping (the second would silently replace the first)',
  }),
  YamlMoreLikeIt: kind<{ more: number; hint?: string }>({
    title: 'more lines with the problem above',
    message: ({ more }) => `and ${more} more line${more === 1 ? '' : 's'} like it in this file`,
    hint: ({ hint }) => hint,
  }),
  YamlSyntax: kind<{ said: string; code: string; quote?: string; blockHeader?: boolean }>({
    title: 'a YAML syntax error',
    message: ({ said }) => `YAML syntax: ${said}`,
    hint: ({ code, quote, blockHeader }) => {
      if (blockHeader) return 'after "|" or ">" the line must end; write the text on the lines below, indented';
      if (quote !== undefined) return `if the value is text, put the value in quotes: ${quote}`;
      return SYNTAX_HINTS[code] ?? 'check the quotes, colons and indentation of this line and the line above';
    },
  }),
  YamlFailure: kind<{ reason: string }>({
    title: 'YAML the parser could not turn into values',
    message: ({ reason }) => `YAML: ${reason}`,
    hint: () => 'simplify this file to plain keys, lists and values',
  }),

  // --- the shape of a file (content/parse.ts, content/issues.ts) ------------------------------
  EmptyFile: kind<{ list: boolean }>({
    title: 'a content file without content',
    message: () => 'is empty',
    hint: ({ list }) => (list ? 'add its entries, each starting with "- id: ...", or delete the file' : "fill in its keys (the editors' guide, docs/content-guide.md, lists them), or delete the file"),
  }),
  NotAList: kind({
    title: 'a list file that holds no list',
    message: () => 'must be a list of records',
    hint: () => 'start each record with "- id: ..."',
  }),
  UnknownKey: kind<{ key: string }>({
    title: 'a key the schema does not have',
    message: ({ key }) => `unknown key "${key}"`,
    hint: () => 'remove the key or fix its spelling; the JSON Schema in content/schemas/ lists the allowed keys',
  }),
  Required: kind<{ expected: string }>({
    title: 'a required key is missing',
    message: ({ expected }) => `is required (${typeWord(expected)})`,
    hint: () => 'add this key',
  }),
  RequiredChoice: kind<{ values: readonly unknown[] }>({
    title: 'a required key with fixed values is missing',
    message: () => 'is required',
    hint: ({ values }) => `add this key with one of: ${values.map((value) => JSON.stringify(value)).join(', ')}`,
  }),
  EmptyValue: kind<{ expected: string; key: string }>({
    title: 'a key without a value where one is needed',
    message: ({ expected }) => `is empty, but must be ${typeWord(expected)}`,
    hint: ({ key }) => `write a value after "${key}:", or delete the line (then its default applies)`,
  }),
  WrongType: kind<{ expected: string; value: string; input: unknown; key?: string | undefined }>({
    title: 'a value of the wrong type',
    message: ({ expected, value }) => `must be ${typeWord(expected)}, not ${value}`,
    hint: typeHint,
  }),
  BrokenRule: kind<{ value: string; rule: string; type?: { expected: string; input: unknown; key?: string | undefined } }>({
    title: "a value that breaks the schema's own rule (a slug, a date, an id)",
    message: ({ value, rule }) => `is ${value}, but ${rule}`,
    hint: ({ type }) => (type ? typeHint(type) : undefined),
  }),
  NotAllowed: kind<{ value: string; allowed: readonly unknown[] }>({
    title: 'a value that is not one of the allowed values',
    message: ({ value }) => `is ${value}, which is not allowed`,
    hint: ({ allowed }) => `use one of: ${allowed.map((value) => JSON.stringify(value)).join(', ')}`,
  }),
  EmptyText: kind({
    title: 'empty text where text is needed',
    message: () => 'must not be empty',
  }),
  EmptyList: kind({
    title: 'an empty list where entries are needed',
    message: () => 'must not be an empty list',
  }),
  TextLength: kind<{ length: number; bound: 'at least' | 'at most'; limit: number }>({
    title: 'text too short or too long',
    message: ({ length, bound, limit }) => `is ${length} characters long, but must be ${bound} ${limit}`,
  }),
  ListLength: kind<{ count: number | '?'; bound: 'at least' | 'at most'; limit: number }>({
    title: 'a list with too few or too many entries',
    message: ({ count, bound, limit }) => `has ${count} entries, but must have ${bound} ${limit}`,
  }),
  NumberBound: kind<{ value: string; bound: 'at least' | 'at most'; limit: number; inclusive: boolean }>({
    title: 'a number out of its range',
    message: ({ value, bound, limit, inclusive }) =>
      inclusive ? `is ${value}, but must be ${bound} ${limit}` : `is ${value}, but must be ${bound === 'at least' ? 'greater' : 'less'} than ${limit}`,
  }),
  NumberTooLarge: kind<{ value: string }>({
    title: 'a whole number past 2^53',
    message: ({ value }) => `is ${value}, which is larger than the largest whole number allowed (${Number.MAX_SAFE_INTEGER})`,
  }),
  InvalidFormat: kind<{ value: string; format: string }>({
    title: 'a value not in its format (URL, e-mail, …)',
    message: ({ value, format }) => `is ${value}, but is not a valid ${format}`,
  }),
  UrlScheme: kind<{ scheme: string; mailto: string | null }>({
    title: 'a link that is not an http(s) URL (javascript:, data:, mailto:, …)',
    message: ({ scheme }) => `is a "${scheme}:" link, but links of the archive must start with https:// or http://`,
    hint: ({ mailto }) =>
      mailto !== null
        ? `write the web address of the page here (or "" for none); an e-mail address such as ${mailto} belongs under email`
        : 'write the address of a web page, like "https://www.example.org/page", or "" for none',
  }),
  UrlNotAbsolute: kind<{ value: string }>({
    title: 'a link without https:// (or http://) and host',
    message: ({ value }) => `is ${JSON.stringify(value)}, but links of the archive must be absolute, with https:// and a host`,
    hint: ({ value }) => (/^[\w-]+(\.[\w-]+)+(\/|$)/.test(value) ? `write it in full: "https://${value}"` : 'write the address in full, like "https://www.example.org/page", or "" for none'),
  }),
  UrlWithSpaces: kind<{ fixed: string | null }>({
    title: 'a link with spaces or control characters',
    message: () => 'holds spaces or control characters, which no link may hold',
    hint: ({ fixed }) => (fixed !== null ? `remove the spaces around it: "${fixed}"` : 'write spaces inside the address as %20, and remove line breaks and tabs'),
  }),
  NoShape: kind({
    title: 'a value that fits none of the allowed shapes',
    message: () => 'does not match any of the allowed shapes',
    hint: () => 'compare it with the shapes in the JSON Schema (content/schemas/)',
  }),
  SchemaOther: kind<{ said: string }>({
    title: 'any other schema problem',
    message: ({ said }) => said,
  }),

  // --- redaction marks in message texts (content/redaction-marks.ts) ------------------------------------
  UnclosedRedaction: kind<{ open: string; close: string; beforeNext: boolean }>({
    title: 'a redaction "[[" without its "]]"',
    message: ({ open, beforeNext }) => `opens a redaction with "${open}" that is not closed${beforeNext ? ` before the next "${open}"` : ''}`,
    hint: ({ open, close }) => `end the hidden passage with "${close}", as in "${open}Erika Mustermann${close}"`,
  }),
  EmptyRedaction: kind<{ open: string; close: string }>({
    title: 'a redaction with nothing in it',
    message: ({ open, close }) => `has an empty redaction "${open}${close}"`,
    hint: () => 'put the hidden passage between the marks, or delete them',
  }),

  // --- references between records (src/model/) -----------------------------------------------
  UnknownReference: kind<{ kind: string; id: number; sample: string; which: 'existing' | 'published' }>({
    title: 'a reference to a record that does not exist',
    message: ({ kind, id }) => `refers to ${kind} ${id}, which does not exist`,
    hint: ({ kind, sample, which }) => (sample ? `use the id of ${which === 'existing' ? 'an existing' : 'a published'} ${kind} (${sample})` : `add the ${kind} first`),
  }),
  ReferenceIntoInvalidFiles: kind<{ kind: string; id: number; files: string }>({
    title: 'a reference that cannot be checked because of errors in other files',
    message: ({ kind, id }) => `refers to ${kind} ${id}, which does not exist or is in a file with errors`,
    hint: ({ files }) => `fix the errors in the ${files} files first`,
  }),
  ReferenceIntoFileWithErrors: kind<{ kind: string; id: number; file: string }>({
    title: 'a reference to a record not published because its file has errors',
    message: ({ kind, id, file }) => `refers to ${kind} ${id}, which is not published because ${file} has errors`,
    hint: ({ file }) => `fix the errors in ${file} first`,
  }),
  UnpublishedRequest: kind<{ id: number }>({
    title: 'a reference to a request that is not published',
    message: ({ id }) => `refers to request ${id}, which is not published (public: false)`,
    hint: () => 'link only published requests, or publish the request',
  }),
  TreeCycle: kind<{ kind: string; id: number; key: string }>({
    title: 'parents that make a cycle',
    message: ({ kind, id }) => `makes a cycle: ${kind} ${id} is its own ancestor`,
    hint: ({ kind, key }) => `point ${key} at a ${kind} higher up the tree, or set it to null`,
  }),
  DuplicateId: kind<{ kind: string; id: number; others: string; free: number }>({
    title: 'two records of one kind with the same id',
    message: ({ kind, id, others }) => `duplicate ${kind} id ${id}; it is also used in ${others}`,
    hint: ({ kind, free }) => `ids are stable: keep the id of the ${kind} that is already published and give the one you are adding a free id, e.g. ${free}`,
  }),

  // --- requests, messages, attachments, documents (src/model/link-requests.ts) ---------------------
  MessageWithoutRequest: kind<{ requestDir: string }>({
    title: 'a message outside the folder of a request',
    message: ({ requestDir }) => `belongs to no request: there is no ${requestDir}/request.yaml`,
    hint: () => 'keep each message in the messages/ folder of its request, next to the request.yaml',
  }),
  DuplicateRequestSlug: kind<{ slug: string; others: string }>({
    title: 'two requests with the same slug',
    message: ({ slug, others }) => `"${slug}" is also the slug of the request in ${others}`,
    hint: () => 'request slugs are part of public URLs and must be unique: keep the slug of the request that is already published and add a distinguishing word or number to the one you are adding',
  }),
  ResolutionWithoutResolved: kind<{ resolution: string; status: string }>({
    title: 'a resolution on a request that is not resolved',
    message: ({ resolution, status }) => `is "${resolution}" but status is "${status}"`,
    hint: () => 'a resolution belongs to a resolved request: set status: resolved, or resolution: ""',
  }),
  SameAsItself: kind({
    title: 'a request that is the same as itself',
    message: () => 'refers to the request itself',
    hint: () => 'point same_as at the original request, or remove it',
  }),
  DateOrder: kind<{ later: string; earlier: string; laterName: string; earlierName: string }>({
    title: 'a date before the date it must follow',
    message: ({ later, earlier, earlierName }) =>
      `${later} is before ${earlierName} (${earlier}), which is impossible`,
    hint: ({ laterName, earlierName }) => `fix the date of ${laterName}, or of ${earlierName}`,
  }),
  UserNameWithoutUser: kind({
    title: 'a requester name without a requester',
    message: () => 'is given, but user is not: the name of a private requester is never published',
    hint: () => "remove user_name, or add the requester's user id as user",
  }),
  UserNameMismatch: kind<{ name: string; file: string; user: number; known: string }>({
    title: 'one user with two names',
    message: ({ name, file, user, known }) => `is "${name}", but ${file} names user ${user} "${known}"`,
    hint: () => 'a user has one public name: write the same user_name in both files, or check the user ids',
  }),
  ResponseWithoutSender: kind({
    title: 'a response without the public body that sent it',
    message: () => 'is true, so sender_public_body is required',
    hint: () => 'a response comes from a public body: add "sender_public_body: <its id>"',
  }),
  MessageWithoutRecipient: kind({
    title: "a requester's message without the public body it went to",
    message: () => 'is false, so recipient_public_body is required',
    hint: () => 'a message of the requester goes to a public body: add "recipient_public_body: <its id>"',
  }),
  DuplicateAttachmentName: kind<{ name: string; others: string }>({
    title: 'two attachments of one message with the same name',
    message: ({ name, others }) => `"${name}" is also the name of another attachment of this message (${others})`,
    hint: () => 'attachment names must be unique within a message (they are part of the URL): rename one of the files and its name here',
  }),
  DocumentOfNonPdf: kind<{ name: string; filetype: string }>({
    title: 'a derived document for an attachment that is not a PDF',
    message: ({ name, filetype }) => `asks for a document, but "${name}" is not a PDF (${filetype})`,
    hint: () => 'only PDF attachments can have a derived document: remove the document block',
  }),
  UnlistedWithoutUid: kind<{ what: 'document' | 'collection'; uid: string }>({
    title: 'an unlisted document or collection without its own uid',
    message: ({ what }) => `is false, but the ${what} has no uid of its own`,
    hint: ({ what, uid }) => `unlisted ${what}s are reached only through their uid, so it must be random: add "uid: ${uid}"`,
  }),
  ImportedWithoutAnnotation: kind({
    title: 'an imported document with annotation switched off',
    message: () => 'is false, but documents imported from parliamentary sources always allow annotation (docs/api.md#document-fields)',
    hint: () => 'delete the line "allow_annotation: false"; only documents derived from attachments have annotation switched off, and they get that on their own',
  }),

  // --- collections and annotations (src/model/collections.ts, src/documents/annotations.ts) -----
  UnknownDirectory: kind<{ id: number; own: string; elsewhere?: string; ids: readonly number[] }>({
    title: 'a directory that is not one of the collection',
    message: ({ id, own, elsewhere }) =>
      elsewhere ? `refers to directory ${id}, which belongs to another collection (${elsewhere})` : `refers to directory ${id}, which does not exist in ${own}`,
    hint: ({ ids }) => (ids.length ? `use the id of a directory listed under directories here (${ids.join(', ')})` : 'add the directory under directories first'),
  }),
  FacetNotCounted: kind<{ field: string; why: 'text' | 'date' | 'unknown' }>({
    title: 'a collection facet on a field the page search cannot count',
    severity: 'warning',
    message: ({ field, why }) =>
      why === 'text'
        ? `names ${field}, a text field of froide's page index (froide/document/documents.py): Elasticsearch refuses to count a text field, so froide's search with q in this collection finds nothing; the archive leaves the facet out`
        : why === 'date'
          ? `names ${field}, a date field of froide's page index: the archive counts no dates, so it leaves the facet out`
          : `names ${field}, which froide's page index (froide/document/documents.py) does not hold: froide counts nothing for it, and the archive leaves it out`,
    hint: () => 'facet on data.<key> (a key of the documents\' data, e.g. data.publisher) or on an id field (document, publicbody, jurisdiction, foirequest, campaign, collections, directories, number), or delete "facet: true"',
  }),
  FacetTypeNotCounted: kind<{ type: string }>({
    title: 'a collection facet of a type other than term',
    severity: 'warning',
    message: ({ type }) =>
      type === 'date_histogram'
        ? 'is date_histogram: froide\'s page search answers a server error for it (SearchQuerySetWrapper.get_aggregations reads the buckets of term facets only), so the archive leaves the facet out'
        : `is "${type}", which froide does not know: it asks for no facet, and neither does the archive`,
    hint: () => 'write type: term (or leave facet_config out), or delete "facet: true"',
  }),
  DirectoryInItself: kind({
    title: 'a directory that is its own parent',
    message: () => 'refers to the directory itself',
    hint: () => 'point parent at the directory this one is in, or set it to null',
  }),
  PrivateDocumentInCollection: kind<{ id: number }>({
    title: 'a collection lists a document that is not public',
    severity: 'warning',
    message: ({ id }) => `refers to document ${id}, which is not public: froide leaves it out of the collection for anonymous readers, and so does the archive`,
    hint: () => 'make the document public, or remove it from the collection',
  }),
  PrivateDocumentOfPublishedAttachment: kind<{ id: number; attachment: number }>({
    title: 'a private document made from a published attachment',
    message: ({ id, attachment }) =>
      `is false, but document ${id} is made from attachment ${attachment}, which is published: its file would be public under the attachment's URL (froide keeps a document made from an attachment exactly as public as the attachment, FoiAttachment.approve_and_save)`,
    hint: ({ attachment }) => `to keep the file private, write "approved: false" on attachment ${attachment} (then neither is published); to publish both, remove "public: false"`,
  }),
  SameBytesPublished: kind<{ what: string; file: string; published: string; publishedFile: string }>({
    title: 'a file that is not published has the same bytes as one that is',
    message: ({ what, file, published, publishedFile }) => `${what} (${file}) is not published, but ${published} (${publishedFile}) has the same bytes and is published: anyone can download what ${what} keeps private`,
    hint: ({ published }) => `replace the file of ${published} by its redacted version, or stop publishing it (approved: false, or public: false on its document), or publish both`,
  }),
  DocumentOfUnpublishedAttachment: kind<{ id: number; attachment: number; file: string }>({
    title: 'a reference to a document whose attachment is not published',
    message: ({ id, attachment, file }) => `refers to document ${id}, whose attachment ${attachment} is not published (${file})`,
    hint: () => 'publish the attachment (approved, not a draft, in a public request), or remove the entry',
  }),
  DocumentTwiceInCollection: kind<{ id: number; others: string }>({
    title: 'a collection lists a document twice',
    message: ({ id, others }) => `lists document ${id} more than once (also at ${others})`,
    hint: () => 'a document is in a collection once: remove one of the entries',
  }),
  AnnotationsWithoutDocument: kind<{ documentFile: string }>({
    title: 'annotations.yaml outside the folder of a document',
    message: ({ documentFile }) => `belongs to no document: there is no ${documentFile}`,
    hint: () => 'keep annotations.yaml in the folder of the document it annotates, next to its document.yaml',
  }),
  PartialArea: kind({
    title: 'an annotation area without all four sides',
    message: () => 'is missing: top, left, width and height go together',
    hint: () => 'give all four for a marked area, or none for a note on the whole page',
  }),
  AnnotationPage: kind<{ page: number; file: string; pages: number }>({
    title: 'an annotation on a page the PDF does not have',
    message: ({ page, file, pages }) => `is ${page}, but ${file} has ${pages} page${pages === 1 ? '' : 's'}`,
    hint: ({ pages }) => `use a page number from 1 to ${pages}`,
  }),
  AreaOutsidePage: kind<{ side: 'left' | 'top' | 'width' | 'height'; value: number; end: number; size: string; width: number; height: number; min: number }>({
    title: 'an annotation area outside its page',
    message: ({ side, value, end, size }) => {
      if (side === 'left' || side === 'top') return `is ${value}, outside the page: ${size}`;
      return `is ${value}, so the area ends at ${end}, ${side === 'width' ? 'right of' : 'below'} the page: ${size}`;
    },
    hint: ({ width, height, min }) => `keep the area inside the page: left + width <= ${width}, top + height <= ${height}, width and height at least ${min}`,
  }),

  // --- PDF files (src/documents/unreadable-pdfs.ts: the failure policy of docs/pdf.md) -----------
  UnreadablePdf: kind<{ file: string; reason: string }>({
    title: 'an imported document whose PDF cannot be read',
    message: ({ file, reason }) => `${file} cannot be read as a PDF: ${reason}`,
    hint: () => 'replace it with a readable PDF (open it in a PDF viewer to check), or remove the document',
  }),
  UnreadableAttachmentPdf: kind<{ attachment: number; document: number; reason: string }>({
    title: 'a PDF attachment whose derived document cannot be read',
    severity: 'warning',
    message: ({ attachment, document, reason }) => `cannot be read as a PDF, so attachment ${attachment} is published without its derived document ${document}: ${reason}`,
    hint: () => 'replace the file with a readable PDF, or remove the document block of the attachment',
  }),
  CollectionLosesDocument: kind<{ document: number; file: string; reason: string }>({
    title: 'a collection entry whose document is left out because its PDF cannot be read',
    severity: 'warning',
    message: ({ document, file, reason }) => `lists document ${document}, which is left out of the collection because its PDF ${file} cannot be read: ${reason}`,
    hint: () => 'replace the PDF with a readable one, or remove the entry',
  }),
  AttachmentNotPdf: kind<{ attachment: number; filetype: string; reason: string }>({
    title: 'a PDF attachment whose file is not a PDF',
    severity: 'warning',
    message: ({ attachment, filetype, reason }) => `is published as attachment ${attachment} with the type ${filetype}, but it is ${reason}`,
    hint: () => 'replace it with the file the public body sent, or give the attachment the name (extension) or filetype of what the file really is',
  }),

  // --- georegions (src/model/georegions.ts) ---------------------------------------------------
  GeometryTwice: kind({
    title: 'a georegion with geom and geom_file',
    message: () => 'is given together with geom',
    hint: () => 'keep one of them: geom (the geometry inline) or geom_file (a .geojson file next to this one)',
  }),
  PositionOutOfRange: kind<{ lng: number; lat: number }>({
    title: 'a GeoJSON position outside longitude and latitude',
    message: ({ lng, lat }) => `is [${lng}, ${lat}]: longitude must lie in -180…180 and latitude in -90…90`,
    hint: ({ lng, lat }) => (lat >= -180 && lat <= 180 && lng >= -90 && lng <= 90 ? 'GeoJSON positions are [longitude, latitude]: swap the two numbers' : 'fix the position'),
  }),
  RingTooShort: kind<{ count: number }>({
    title: 'a polygon ring with fewer than 4 positions',
    message: ({ count }) => `is a ring of ${count} position${count === 1 ? '' : 's'}; a ring needs at least 4`,
    hint: () => 'list at least three corners, then the first one again to close the ring',
  }),
  RingNotClosed: kind<{ first: readonly [number, number] }>({
    title: 'a polygon ring that does not end where it starts',
    message: ({ first }) => `does not close the ring: the last position must repeat the first, [${first[0]}, ${first[1]}]`,
    hint: ({ first }) => `add [${first[0]}, ${first[1]}] as the last position of the ring`,
  }),
  RegionLevel: kind<{ level: number; parent: { name: string; id: number; level: number } }>({
    title: 'a georegion not below the region it is part of',
    message: ({ level, parent }) =>
      `is ${level}, but the region it is part of (${parent.name}, georegion ${parent.id}) has level ${parent.level}`,
    hint: ({ parent }) => `a region's level must be greater than its part_of region's: use ${parent.level + 1} or more, or leave level out`,
  }),

  // --- campaigns, food, plans (src/model/) ----------------------------------------------------
  CoordinateMissing: kind({
    title: 'a point with one coordinate',
    message: () => 'is missing while the other coordinate is set',
    hint: () => 'give both lat and lng, or neither',
  }),
  UnknownCampaignCategory: kind<{ id: number; known: string }>({
    title: 'a campaign object in a category its campaign does not define',
    message: ({ id }) => `refers to category ${id}, which this campaign does not define`,
    hint: ({ known }) => (known ? `use one of this campaign's categories (${known})` : 'add the category under categories: of this campaign first'),
  }),
  DuplicateCampaignIdent: kind<{ ident: string; others: string }>({
    title: 'two objects of one campaign with the same ident',
    message: ({ ident, others }) => `duplicate ident "${ident}" in this campaign; it is also used in ${others}`,
    hint: () => 'idents are unique within a campaign (they are part of the detail URL): keep the published one and change the one you are adding',
  }),
  DuplicateCampaignCategoryId: kind<{ id: number; others: string }>({
    title: 'two campaign categories with the same id',
    message: ({ id, others }) => `duplicate campaign category id ${id}; it is also used in ${others}`,
    hint: () => 'category ids are unique over all campaigns: keep the published one and give the one you are adding an id no other campaign category uses',
  }),
  FoodAuthorityTwice: kind<{ id: number; others: string }>({
    title: 'a public body listed by two food authority statuses',
    message: ({ id, others }) => `lists public body ${id}, which is also listed at ${others}`,
    hint: () => 'a public body has one food authority status: remove it from one of them',
  }),
  DuplicateVenueIdent: kind<{ ident: string; others: string }>({
    title: 'two venues with the same ident',
    message: ({ ident, others }) => `duplicate venue ident "${ident}"; it is also used in ${others}`,
    hint: () => 'every venue needs its own ident (it is the detail URL): merge the two entries, or fix the id part of the one you are adding',
  }),
  DuplicateArticleTag: kind<{ key: 'name' | 'slug'; value: string; others: string }>({
    title: 'two article tags with the same name or slug',
    message: ({ key, value, others }) => `"${value}" is also the ${key} of the article tag at ${others}`,
    hint: ({ key }) => `article tag ${key}s are unique: merge the two tags, or rename the one you are adding`,
  }),
  DuplicatePlanUpdateId: kind<{ id: number; others: string }>({
    title: 'two plan updates with the same id',
    message: ({ id, others }) => `duplicate plan update id ${id}; it is also used in ${others}`,
    hint: () => 'ids are stable: keep the id of the update that is already published and give the one you are adding an id no other update uses',
  }),
});

