/**
 * What editors may write in content/, declared once. The validator (content/load.ts) and the
 * JSON Schemas under content/schemas/ (for editors' YAML language servers) both come from
 * these definitions.
 *
 * Cross-references (a public body id, a parent category) are checked in the model stage,
 * which knows every file; here only the shape of one file is checked.
 */
import { z } from 'zod';
import { MARK_CLOSE, MARK_OPEN, readRedactionMarks } from './redaction-marks.ts';
import { UUID_PATTERN } from '../lib/uuid.ts';
import { webUrlProblem } from './web-url.ts';

// --- value types --------------------------------------------------------------------------

/** Said about any id or reference that is not one; zod's own words ("expected int to be <=9007199254740991") mean nothing to editors. */
const ID_RULE = { error: `ids are whole numbers from 1 (up to ${Number.MAX_SAFE_INTEGER})` };
const idNumber = () => z.number(ID_RULE).int(ID_RULE).positive(ID_RULE);
const idField = () => idNumber().describe('Stable integer id, unique for this kind of record. Never reuse or change it: API clients store it.');
const ref = (what: string) => idNumber().describe(`Id of a ${what}.`);
const optionalRef = (what: string) => ref(what).nullable().default(null);

const slugPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const slug = () =>
  z.string().regex(slugPattern, 'must be a slug: lower-case letters a-z, digits and single hyphens, like "bundesministerium-des-innern"');

/** Date.parse rolls "2024-02-30" over to March 1st, so check the calendar and the clock ourselves. */
function isRealDateTime(value: string): boolean {
  const [y, m, d, hh = 0, mm = 0, ss = 0] = (value.match(/\d+/g) ?? []).map(Number);
  if (y === undefined || m === undefined || d === undefined) return false;
  const daysInMonth = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return m >= 1 && m <= 12 && d >= 1 && d <= daysInMonth && hh < 24 && mm < 60 && ss < 60;
}

const dateTimePattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/;
/** ISO 8601 date-time with an explicit offset, so that nobody has to guess the time zone. */
const dateTimeField = () =>
  z
    .string()
    .regex(dateTimePattern, 'must be a date-time with time zone, like "2024-03-01T10:15:00+01:00"')
    // Only for what has the form: zod runs every check, and one mistake is one error.
    .refine((value) => !dateTimePattern.test(value) || isRealDateTime(value), 'is not a real date (check day and month)');

const datePattern = /^\d{4}-\d{2}-\d{2}$/;
const dateField = () =>
  z
    .string()
    .regex(datePattern, 'must be a date like "2024-03-01"')
    .refine((value) => !datePattern.test(value) || isRealDateTime(value), 'is not a real date (check day and month)');

const text = () => z.string().default('');

/** A problem of a whole value with its catalogue kind and hint (content/parse.ts reports it at the value). */
export interface ValueIssueParams {
  kind: string;
  hint?: string | undefined;
}

/**
 * Where in a text value a problem is (content/parse.ts reports it there rather than at the
 * start of the value): at the `occurrence`-th `find`.
 */
export interface TextIssueParams {
  find: string;
  occurrence: number;
  /** The catalogue's kind of the problem (content/errors.ts) and its hint. */
  kind: string;
  hint?: string | undefined;
}

/** Message text in which `[[…]]` marks passages froide shows redacted (content/redaction-marks.ts). */
const redactableText = (what: string) =>
  z
    .string()
    .superRefine((value, ctx) => {
      const read = readRedactionMarks(value);
      if (!('problem' in read)) return;
      const { kind, message, hint, occurrence } = read.problem;
      ctx.addIssue({ code: 'custom', message, input: value, params: { find: MARK_OPEN, occurrence, kind, hint } satisfies TextIssueParams });
    })
    .default('')
    .describe(`${what} A passage between ${MARK_OPEN} and ${MARK_CLOSE} is published redacted, as "[geschwärzt]"; the text between the marks is never published.`);
const uuid = () => z.string().regex(UUID_PATTERN, 'must be a lower-case UUID like "3f0c1c1e-6d2a-4f5e-9a51-2c8e3b7d9f10"');
const url = () => z.string().url('must be an absolute URL like "https://example.org/page"');
/** A link the API publishes: "" or an absolute http(s) URL (content/web-url.ts says why). */
const webUrl = () =>
  z.string().superRefine((value, ctx) => {
    const problem = webUrlProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem.message, input: value, params: { kind: problem.kind, hint: problem.hint } satisfies ValueIssueParams });
  });

// --- choices (docs/froide.md#choices): in choices.ts, which the edge-safe API layer reads too ----

export * from './choices.ts';
import { DOCUMENT_TYPES, GEOREGION_KINDS, LAW_RESPONSE_TIME_UNITS, MESSAGE_KINDS, PLAN_STATUSES, REQUEST_RESOLUTIONS, REQUEST_STATUSES } from './choices.ts';

// --- files --------------------------------------------------------------------------------

const siteSchema = z
  .strictObject({
    title: z.string().min(1).describe('Name of the archive.'),
    base_url: url().describe('Public address of the API host, e.g. "https://archiv.example.org". Overridden by BASE_URL, and on Netlify by URL / DEPLOY_PRIME_URL.'),
    media_url: z.string().min(1).optional().describe('Address of the media files; relative ("/media/") follows base_url. Overridden by MEDIA_URL.'),
    site_url: z.string().min(1).optional().describe('Address of the public HTML pages (requests, documents). Defaults to base_url. Overridden by SITE_URL.'),
    layout: z
      .enum(['auto', 'loose', 'packed'])
      .optional()
      .describe('Where the build puts its answers: loose (every detail and list page also a file under api/v1/), packed (in packs only), auto (default: loose while the build fits --max-files). Overridden by --layout.'),
    updated_at: dateTimeField().describe('Last change of the small reference tables (jurisdictions, public bodies...) that carry no date of their own.'),
  })
  .describe('Site settings of the archive.');

const jurisdictionSchema = z.strictObject({
  id: idField(),
  name: z.string().min(1),
  slug: slug(),
  rank: z.number().int().default(1).describe('Sort key: lower ranks come first (Bund before Länder).'),
  description: text(),
  last_modified_at: dateTimeField().optional(),
  region: optionalRef('georegion').describe('Id of the georegion the jurisdiction covers (its kind is published as region_kind).'),
});

const lawSchema = z.strictObject({
  id: idField(),
  name: z.string().min(1),
  slug: slug(),
  description: text(),
  long_description: text(),
  law_type: text().describe('e.g. "IFG", "UIG", "VIG".'),
  created: dateField().nullable().default(null),
  request_note: text().describe('Markdown shown to requesters.'),
  meta: z.boolean().default(false).describe('A meta law combines several laws (see combined).'),
  jurisdiction: ref('jurisdiction'),
  email_only: z.boolean().default(false),
  mediator: optionalRef('public body'),
  priority: z.number().int().default(3),
  url: webUrl().default(''),
  max_response_time: z.number().int().positive().nullable().default(null),
  max_response_time_unit: z.enum(LAW_RESPONSE_TIME_UNITS).default('day'),
  requires_signature: z.boolean().default(false),
  letter_start: text(),
  letter_end: text(),
  last_modified_at: dateField().optional().describe('Date of the last change of the law text. Defaults to the date of site updated_at.'),
  refusal_reasons: z.array(z.string()).default([]).describe('One entry per refusal reason.'),
  legal_text: text(),
  combined: z.array(ref('law')).default([]),
});

const treeNode = {
  id: idField(),
  name: z.string().min(1),
  slug: slug(),
  parent: optionalRef('record of the same kind (the parent in the tree)'),
};

const classificationSchema = z.strictObject(treeNode);

const categorySchema = z.strictObject({
  ...treeNode,
  is_topic: z.boolean().default(false),
});

const articleTagSchema = z.strictObject({
  id: idField(),
  name: z.string().min(1).max(100),
  slug: slug(),
});

const governmentSchema = z.strictObject({
  id: idField(),
  name: z.string().min(1),
  slug: slug().describe('Part of the plans\' public URLs: /koalitionstracker/<slug>/vorhaben/<plan slug>/.'),
});

const planUpdateSchema = z.strictObject({
  id: idField(),
  timestamp: dateTimeField(),
  title: z.string().min(1),
  content: text().describe('Markdown.'),
  url: webUrl().default('').describe('Source of the update, e.g. a press release.'),
  status: z.union([z.enum(PLAN_STATUSES), z.literal('')]).default('').describe('The plan\'s status after this update, or "" when it did not change.'),
  rating: z.number().int().min(1).max(5).nullable().default(null),
});

const governmentPlanSchema = z.strictObject({
  id: idField(),
  government: ref('government'),
  title: z.string().min(1),
  slug: slug(),
  description: text().describe('Markdown.'),
  quote: text().describe('The coalition agreement\'s wording.'),
  due_date: dateField().nullable().default(null),
  measure: text(),
  status: z.enum(PLAN_STATUSES).default('not_started'),
  rating: z.number().int().min(1).max(5).nullable().default(null).describe('1 (bad) to 5 (good).'),
  public: z.boolean().default(true).describe('Non-public plans are not published.'),
  reference: z.string().default('').describe('Sort key, e.g. the agreement\'s line number.'),
  properties: z.record(z.string(), z.unknown()).default({}),
  updates: z.array(planUpdateSchema).default([]),
});

const campaignSchema = z.strictObject({
  id: idField(),
  name: z.string().min(1),
  slug: slug(),
  url: webUrl().default(''),
  description: text(),
  start_date: dateTimeField().nullable().default(null),
  active: z.boolean().default(true),
  public: z.boolean().default(true).describe('Non-public campaigns are not published.'),
});

const geoPoint = z
  .tuple([z.number().min(-180).max(180), z.number().min(-90).max(90)])
  .describe('[longitude, latitude]');

const publicBodySchema = z.strictObject({
  id: idField(),
  name: z.string().min(1),
  slug: slug(),
  other_names: z.array(z.string()).default([]),
  description: text(),
  url: webUrl().nullable().default(null).describe('Website of the body.'),
  parent: optionalRef('public body'),
  classification: optionalRef('classification'),
  categories: z.array(ref('category')).default([]),
  email: z.string().default(''),
  contact: text(),
  address: text(),
  fax: z.string().default(''),
  request_note: text().describe('Markdown.'),
  jurisdiction: ref('jurisdiction'),
  laws: z.array(ref('law')).default([]),
  source_reference: z.string().default(''),
  alternative_emails: z.record(z.string(), z.string()).default({}),
  wikidata_item: z.string().default(''),
  extra_data: z.record(z.string(), z.unknown()).default({}),
  geo: geoPoint.nullable().default(null),
  last_modified_at: dateTimeField().optional(),
  regions: z.array(ref('georegion')).default([]).describe('Ids of the georegions the body is responsible for (filters regions and lnglat).'),
});

/**
 * GeoJSON geometry of a georegion. Only the shape is checked here; closed rings and
 * longitude/latitude ranges are checked in the model stage (model/georegions.ts), which can
 * say which ring and suggest a fix.
 */
const position = z.array(z.number()).min(2).max(3).describe('[longitude, latitude] (a third number, the altitude, is ignored)');
const ring = z.array(position).describe('A closed ring: at least 4 positions, the last one repeating the first.');
const polygon = z.array(ring).min(1).describe('The outer ring, then any holes.');
const geometrySchema = z
  .discriminatedUnion('type', [
    z.strictObject({ type: z.literal('Polygon'), coordinates: polygon }),
    z.strictObject({ type: z.literal('MultiPolygon'), coordinates: z.array(polygon).min(1) }),
  ])
  .describe('GeoJSON Polygon or MultiPolygon, positions as [longitude, latitude] (WGS 84).');

/** A georegion's geometry in its own file: a GeoJSON geometry, or a Feature holding one (what GIS tools export). */
const geometryFileSchema = z.union([
  geometrySchema,
  z.object({ type: z.literal('Feature'), geometry: geometrySchema }).describe('A GeoJSON Feature; only its geometry is read.'),
]);

const georegionSchema = z.strictObject({
  id: idField(),
  name: z.string().min(1),
  slug: slug(),
  kind: z.enum(GEOREGION_KINDS),
  kind_detail: z.string().default('').describe('Finer kind in German, e.g. "Kreisfreie Stadt"; shown instead of the kind in labels.'),
  level: z.number().int().min(0).optional().describe('Administrative level; greater than the level of part_of. Defaults to part_of\'s level + 1, or 0.'),
  region_identifier: z.string().default('').describe('Official key, e.g. the Amtlicher Gemeindeschlüssel "05315000".'),
  global_identifier: z.string().default('').describe('Identifier in a global register, e.g. a Wikidata item "Q365".'),
  population: z.number().int().min(0).nullable().default(null),
  valid_on: dateTimeField().nullable().default(null).describe('Since when the region exists in this form.'),
  part_of: optionalRef('georegion (the region this one lies in)'),
  gov_seat: geoPoint.nullable().default(null).describe('Seat of government, [longitude, latitude].'),
  geom: geometrySchema.optional().describe('The geometry inline. For large geometries use geom_file instead.'),
  geom_file: z
    .string()
    .regex(/^[^/\\\0]+\.geojson$/, 'must be the name of a .geojson file in the same folder')
    .optional()
    .describe('Name of a .geojson file next to this one holding the geometry (a GeoJSON Polygon, MultiPolygon or a Feature with one).'),
  area: z.number().min(0).optional().describe('Area in m². Computed from the geometry when left out.'),
  centroid: geoPoint.optional().describe('[longitude, latitude]. Computed from the geometry when left out.'),
});

const requestSchema = z.strictObject({
  id: idField(),
  slug: slug(),
  title: z.string().min(1),
  description: z.string().min(1).describe('The request text as published (already free of personal data).'),
  summary: text().describe('Summary of the outcome.'),
  public_body: optionalRef('public body'),
  jurisdiction: optionalRef('jurisdiction').describe('Defaults to the public body\'s jurisdiction.'),
  law: optionalRef('law'),
  status: z.enum(REQUEST_STATUSES),
  resolution: z.enum(REQUEST_RESOLUTIONS).default(''),
  refusal_reason: text(),
  costs: z.number().min(0).default(0),
  is_foi: z.boolean().default(true),
  checked: z.boolean().default(false),
  public: z.boolean().default(true).describe('Non-public requests, and everything in them, are not published.'),
  same_as: optionalRef('request this one duplicates'),
  created_at: dateTimeField().optional().describe('Defaults to the first message.'),
  due_date: dateTimeField().nullable().default(null),
  resolved_on: dateTimeField().nullable().default(null),
  last_modified_at: dateTimeField().optional().describe('Defaults to the latest of created_at, last message and resolved_on.'),
  reference: z.string().default(''),
  user: z.number().int().positive().nullable().default(null).describe('User id; null for private users.'),
  user_name: z
    .string()
    .min(1)
    .optional()
    .describe('The requester\'s public name as FragDenStaat shows it ("Erika Mustermann", with an organisation "Erika Mustermann (Verein)"): the sender of their messages. Only with user; once per user is enough. Without it the sender is "<< Anfragesteller:in >>".'),
  project: z.number().int().positive().nullable().default(null),
  campaign: optionalRef('campaign'),
  tags: z.array(z.string().min(1)).default([]),
});

export const derivedDocumentSchema = z
  .strictObject({
    id: idField(),
    uid: uuid().optional().describe('Defaults to a UUID derived from the id.'),
    title: z.string().optional().describe('Defaults to the PDF title, else the file name.'),
    slug: z.union([slug(), z.literal('')]).optional().describe('Defaults to the slug of the title.'),
    description: text(),
    public: z.boolean().default(true),
    listed: z.boolean().default(true),
    last_modified_at: dateTimeField().optional().describe('Defaults to the message timestamp.'),
  })
  .describe('A document derived from this PDF attachment (its pages, images and text).');

export const attachmentSchema = z.strictObject({
  id: idField(),
  name: z
    .string()
    .min(1)
    .regex(/^[^/\\\0]+$/, 'must be a plain file name without "/"')
    .describe('File name. The file lives at files/<message id>/<name> inside the request folder.'),
  filetype: z.string().optional().describe('MIME type; defaults from the file extension.'),
  approved: z.boolean().default(true).describe('Unapproved attachments are not published.'),
  is_redacted: z.boolean().default(false),
  is_irrelevant: z.boolean().default(false),
  can_approve: z.boolean().default(true),
  document: derivedDocumentSchema.optional(),
});

const messageSchema = z.strictObject({
  id: idField(),
  kind: z.enum(MESSAGE_KINDS).default('email'),
  is_response: z.boolean(),
  sender_public_body: optionalRef('public body'),
  recipient_public_body: optionalRef('public body'),
  timestamp: dateTimeField(),
  subject: redactableText('Subject line.'),
  content: redactableText('The message text.'),
  status: z.enum(REQUEST_STATUSES).optional().describe('Request status after this message; defaults to the request status.'),
  sent: z.boolean().optional().describe('Defaults to true, and to false for drafts.'),
  is_draft: z.boolean().default(false).describe('Drafts are not published.'),
  is_escalation: z.boolean().default(false),
  content_hidden: z.boolean().default(false),
  registered_mail_date: dateTimeField().nullable().default(null),
  redacted: z.boolean().default(false),
  not_publishable: z.boolean().default(false),
  last_modified_at: dateTimeField().optional().describe('Defaults to timestamp.'),
  attachments: z.array(attachmentSchema).default([]),
});

const tableSchema = z.strictObject({
  page: z.number().int().positive(),
  order: z.number().int().min(0),
  accuracy: z.number(),
  whitespace: z.number(),
});

const documentSchema = z.strictObject({
  id: idField(),
  file: z.string().min(1).regex(/^[^/\\\0]+\.pdf$/i, 'must be the name of a .pdf file in the same folder'),
  uid: uuid().optional().describe('Defaults to a UUID derived from the id. Unlisted documents need their own random uid.'),
  title: z.string().optional().describe('Defaults to the PDF title.'),
  slug: z.union([slug(), z.literal('')]).optional().describe('Defaults to the slug of the title.'),
  description: text().describe('Markdown.'),
  published_at: dateTimeField().nullable().default(null),
  public: z.boolean().default(true),
  listed: z.boolean().default(true),
  allow_annotation: z.boolean().default(true).describe('Must stay true: imported documents allow annotation (docs/api.md#document-fields). Leave it out.'),
  last_modified_at: dateTimeField().optional().describe('Defaults to published_at, else site updated_at.'),
  properties: z
    .strictObject({
      url: webUrl().optional(),
      publisher: z.string().optional(),
      reference: z.string().optional(),
      foreign_id: z.string().optional(),
      publisher_url: webUrl().optional(),
      tables: z.array(tableSchema).nullable().optional().describe('Published as properties._tables.'),
    })
    .default({})
    .describe('Source facts of imported documents (docs/api.md#document-fields).'),
  data: z
    .union([
      z.strictObject({
        category: z.null().default(null),
        publisher: z.string(),
        document_type: z.enum(DOCUMENT_TYPES).nullable(),
        legislative_term: z.string(),
      }),
      z.strictObject({
        year: z.number().int(),
        category: z.string(),
        publisher: z.string(),
        jurisdiction: z.string().optional(),
        document_type: z.null().optional(),
      }),
      z.strictObject({}),
    ])
    .default({})
    .describe('Parliamentary paper or research paper facts (docs/api.md#document-fields), or nothing.'),
});

// --- froide-food venues and froide-campaign information campaigns ----------------------------

/** froide-food's venue providers (okfde/froide-food:froide_food/venue_providers/__init__.py). */
const VENUE_PROVIDERS = ['amenity', 'custom', 'google', 'yelp', 'foursquare'] as const;

/** A DRF detail segment is `[^/.]+`: a venue ident must fit in one. */
const venueIdentPattern = new RegExp(`^(${VENUE_PROVIDERS.join('|')}):[^/.\\s?#%]+$`);

const latitude = () => z.number().min(-90).max(90);
const longitude = () => z.number().min(-180).max(180);

const venueSchema = z.strictObject({
  ident: z
    .string()
    .regex(venueIdentPattern, `must be "<provider>:<id>" with provider one of ${VENUE_PROVIDERS.join(', ')} and an id without "/", "." or blanks, like "amenity:4711"`)
    .describe('Stable id "<provider>:<id>"; "custom:…" marks a venue users added themselves. Part of the detail URL.'),
  name: z.string().min(1),
  address: z.string().min(1).describe('Street and "PLZ Ort", one per line.'),
  city: z.string().optional(),
  lat: latitude(),
  lng: longitude(),
  category: z.string().optional().describe('OSM amenity category, e.g. "restaurant", "bakery", "cafe".'),
  image: webUrl().optional(),
  url: webUrl().optional(),
  rating: z.number().optional(),
  review_count: z.number().int().min(0).optional(),
  publicbody: optionalRef('public body (the food safety authority in charge)'),
  requests: z.array(ref('published request for a control report of this venue')).default([]),
});

const foodAuthoritySchema = z.strictObject({
  id: idField(),
  title: z.string().min(1).describe('Status of the authorities, e.g. "Behörde kooperiert".'),
  description: text(),
  cooperative: z.boolean().default(false),
  publicbodies: z.array(ref('public body')).min(1),
});

const objectIdentPattern = /^[-a-zA-Z0-9_]+$/;

const informationObjectSchema = z.strictObject({
  id: idField(),
  ident: z.string().regex(objectIdentPattern, 'must hold only letters, digits, "-" and "_", like "schule-4711"').describe('Unique within the campaign; part of the detail URL.'),
  title: z.string().min(1),
  subtitle: text(),
  address: text(),
  lat: latitude().nullable().default(null),
  lng: longitude().nullable().default(null),
  publicbody: optionalRef('public body'),
  requests: z.array(ref('published request about this object')).default([]),
  categories: z.array(ref('category of this campaign')).default([]),
  featured: z.boolean().default(false),
  ordering: z.string().default('').describe('Sort key: larger strings come first (froide: "-ordering", then id).'),
  context: z.record(z.string(), z.unknown()).default({}),
});

const infoCampaignSchema = z.strictObject({
  id: idField(),
  title: z.string().min(1),
  slug: slug(),
  public: z.boolean().default(true).describe('Objects of non-public campaigns are not published.'),
  description: text().describe('Template of each object\'s description; {{ title }} when empty.'),
  subject_template: text().describe('Template of the request subject; {{ title }} when empty.'),
  template: text().describe('Template of the request body.'),
  law_type: text().describe('e.g. "IFG", passed on to the request form.'),
  redirect_url: webUrl().default(''),
  categories: z.array(z.strictObject({ id: idField(), title: z.string().min(1) })).default([]),
  objects: z.array(informationObjectSchema).default([]),
});

const languageText = z
  .record(z.string().regex(/^[a-z]{2}$/, 'must be a two-letter language code like "de"'), z.string())
  .refine((labels) => Object.keys(labels).length > 0, 'needs at least one language')
  .describe('Text per language: { de: "…", en: "…" }.');

/** django-filingcabinet's settings schema (filingcabinet/schema.py, docs/froide.md#documentcollection); extra keys are kept, as there. */
const collectionSettingsSchema = z.looseObject({
  preferences: z
    .looseObject({
      showSearch: z.boolean().optional(),
      allowToggleSearch: z.boolean().optional(),
      showSearchFeed: z.boolean().optional(),
    })
    .optional()
    .describe('UI preferences of the collection viewer.'),
  filters: z
    .array(
      z.looseObject({
        id: z.string(),
        key: z.string().describe('e.g. "data.year".'),
        type: z.enum(['choice', 'daterange', 'number']),
        label: languageText,
        datatype: z.enum(['int', 'str']).optional(),
        facet: z.boolean().optional(),
        facet_config: z.looseObject({ type: z.string().optional(), interval: z.string().optional(), format: z.string().optional() }).optional(),
        choices: z.array(z.looseObject({ value: z.union([z.number(), z.string()]), label: languageText.optional() })).optional(),
        min: z.number().optional(),
        max: z.number().optional(),
      }),
    )
    .optional()
    .describe('Search filters of the collection viewer.'),
});

function isJsonText(value: string): boolean {
  if (value === '') return true;
  try {
    JSON.parse(value);
    return true;
  } catch {
    return false;
  }
}

const collectionDirectorySchema = z.strictObject({
  id: z.number().int().positive().describe('Stable integer id, unique across the directories of all collections (API clients use it in ?directory=).'),
  name: z.string().min(1).max(255),
  parent: z.number().int().positive().nullable().default(null).describe('Id of the directory this one is in; null for a top-level directory.'),
  description: text().describe('Markdown; published as HTML limited to paragraphs, bold, italics, lists and links.'),
  created_at: dateTimeField().optional().describe('Defaults to the collection\'s created_at.'),
  updated_at: dateTimeField().optional().describe('Defaults to created_at.'),
});

const collectionEntrySchema = z.strictObject({
  document: z.number().int().positive().describe('Id of a document (imported or derived from an attachment).'),
  directory: z.number().int().positive().nullable().default(null).describe('Id of a directory of this collection; null or absent: the top level.'),
});

const documentCollectionSchema = z.strictObject({
  id: idField(),
  title: z.string().max(255).default(''),
  slug: z.union([slug(), z.literal('')]).default('').describe('Part of the public URL /dokumente/sammlung/<id>-<slug>/.'),
  description: text(),
  public: z.boolean().default(true).describe('Non-public collections are not published.'),
  listed: z.boolean().default(true).describe('Unlisted collections are left out of the list and answer only with ?uid=<uid>.'),
  uid: uuid().optional().describe('Defaults to a UUID derived from the id. Unlisted collections need their own random uid.'),
  created_at: dateTimeField(),
  updated_at: dateTimeField().optional().describe('Defaults to created_at.'),
  allow_zip_download: z.boolean().default(true).describe('false: zip_download_url is "".'),
  settings: collectionSettingsSchema.default({}),
  directories: z.array(collectionDirectorySchema).default([]).describe('Folders of the collection, a tree through parent.'),
  documents: z.array(collectionEntrySchema).default([]).describe('The documents in collection order, each optionally in a directory.'),
});

const pageAnnotationSchema = z.strictObject({
  id: idField(),
  page: z.number().int().positive().describe('Page number, 1 for the first page.'),
  title: z.string().max(255).default(''),
  description: z.string().max(1024).default(''),
  top: z.number().int().min(0).nullable().default(null).describe('Pixels from the top of the page\'s original image (see docs/content-guide.md).'),
  left: z.number().int().min(0).nullable().default(null),
  width: z.number().int().min(10).nullable().default(null).describe('At least 10 pixels.'),
  height: z.number().int().min(10).nullable().default(null).describe('At least 10 pixels.'),
  timestamp: dateTimeField(),
  highlight: z
    .string()
    .refine(isJsonText, 'must be JSON text, like "[]" or "[{\\"x\\": 1}]"')
    .default('')
    .describe('JSON text, as froide stores it; "" for none.'),
});

/**
 * Every kind of content file: the field of the loaded content that holds its records
 * (LoadedContent, content/load.ts), where it lives, its schema, and whether it holds one record
 * or a list. The one list of content kinds: the loader, the parse workers and the editor schemas
 * read it.
 */
export const CONTENT_FILES = {
  site: { field: 'site', pattern: 'site.yaml', schema: siteSchema, list: false },
  jurisdiction: { field: 'jurisdictions', pattern: 'jurisdictions.yaml', schema: jurisdictionSchema, list: true },
  law: { field: 'laws', pattern: 'laws.yaml', schema: lawSchema, list: true },
  classification: { field: 'classifications', pattern: 'classifications.yaml', schema: classificationSchema, list: true },
  category: { field: 'categories', pattern: 'categories.yaml', schema: categorySchema, list: true },
  campaign: { field: 'campaigns', pattern: 'campaigns.yaml', schema: campaignSchema, list: true },
  articletag: { field: 'articleTags', pattern: 'articletags.yaml', schema: articleTagSchema, list: true },
  government: { field: 'governments', pattern: 'governments.yaml', schema: governmentSchema, list: true },
  governmentplan: { field: 'governmentPlans', pattern: 'governmentplans/*.yaml', schema: governmentPlanSchema, list: false },
  publicbody: { field: 'publicBodies', pattern: 'publicbodies/*.yaml', schema: publicBodySchema, list: false },
  request: { field: 'requests', pattern: 'requests/*/request.yaml', schema: requestSchema, list: false },
  message: { field: 'messages', pattern: 'requests/*/messages/*.yaml', schema: messageSchema, list: false },
  document: { field: 'documents', pattern: 'documents/*/document.yaml', schema: documentSchema, list: false },
  georegion: { field: 'georegions', pattern: 'georegions/*.yaml', schema: georegionSchema, list: false },
  georegiongeometry: { field: 'georegionGeometries', pattern: 'georegions/*.geojson', schema: geometryFileSchema, list: false },
  venue: { field: 'venues', pattern: 'venues.yaml', schema: venueSchema, list: true },
  foodauthority: { field: 'foodAuthorities', pattern: 'foodauthorities.yaml', schema: foodAuthoritySchema, list: true },
  infocampaign: { field: 'infoCampaigns', pattern: 'infocampaigns/*.yaml', schema: infoCampaignSchema, list: false },
  documentcollection: { field: 'collections', pattern: 'collections/*.yaml', schema: documentCollectionSchema, list: false },
  pageannotation: { field: 'annotations', pattern: 'documents/*/annotations.yaml', schema: pageAnnotationSchema, list: true },
} as const;

export type ContentKind = keyof typeof CONTENT_FILES;

/** A record of a kind of content file, as its schema outputs it. */
export type ContentInput<K extends ContentKind> = z.output<(typeof CONTENT_FILES)[K]['schema']>;

export type SiteInput = z.output<typeof siteSchema>;
export type LawInput = z.output<typeof lawSchema>;
export type RequestInput = z.output<typeof requestSchema>;
export type MessageInput = z.output<typeof messageSchema>;
export type DerivedDocumentInput = z.output<typeof derivedDocumentSchema>;
export type DocumentInput = z.output<typeof documentSchema>;
export type GeoRegionInput = z.output<typeof georegionSchema>;
export type GeometryInput = z.output<typeof geometrySchema>;
export type GeometryFileInput = z.output<typeof geometryFileSchema>;
export type DocumentCollectionInput = z.output<typeof documentCollectionSchema>;
export type PageAnnotationInput = z.output<typeof pageAnnotationSchema>;

/** JSON Schema for one kind of file, for yaml-language-server (draft-07 is what it knows best). */
export function jsonSchemaFor(kind: ContentKind): Record<string, unknown> {
  const { schema, list } = CONTENT_FILES[kind];
  const target = list ? z.array(schema) : schema;
  return {
    ...z.toJSONSchema(target, { target: 'draft-7', io: 'input' }),
    title: `${kind} content file (${CONTENT_FILES[kind].pattern})`,
  };
}
