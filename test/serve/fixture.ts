/**
 * A tiny build/ tree written from object literals, laid out by the same
 * buildPaths, envelope() and planFilterIndexes() the real build uses. What is in it:
 *
 * - request 1..7 (status alternates resolved / awaiting_response, tag "bund" on odd ids)
 * - message 1..120: request = ((id - 1) % 7) + 1, kind "post" when id % 10 == 0 else "email",
 *   is_response = id is even; list ordered by id, so position = id - 1; subject and content
 *   quote the request's API URL (free text, which format=api must leave alone)
 * - publicbody 1..3 "Behörde <id>" (a faceted list; jurisdiction 1, body 3 jurisdiction 2; body 2 about contracts), document 1..2
 * - autocomplete: publicbody (from its list), request tags ("bund", "Umwelt und Klima"), page: document 1 has 3 pages, document 2 has 2
 * - attachment 5: only a detail file, its file_url with a token slot (minted when answered)
 * - media: a public document PDF, an attachment (name with spaces and an umlaut) and a private
 *   document directory with a PDF and a page image; a public attachment, marked so in the media
 *   index file it shares with the first (not public) attachment, and one whose media index file
 *   is malformed. Their objects go into the media store the caller passes (none: index only).
 */
import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { envelope } from '../../src/api/envelope.ts';
import { MANIFEST_VERSION, type Manifest } from '../../src/formats/manifest.ts';
import { signScope, tokenScope } from '../../src/formats/media-token.ts';
import { apiJson } from '../../src/formats/json.ts';
import { withTokenSlot } from '../../src/formats/token-slots.ts';
import type { TokenKey } from '../../src/formats/token-keys.ts';
import { buildPaths } from '../../src/api/build-paths.ts';
import { mediaPaths } from '../../src/api/media-paths.ts';
import { answeredByFunction } from '../../src/api/route-shapes.ts';
import { UrlBuilder } from '../../src/api/urls.ts';
import { planSearchFilters } from '../../src/output/search-filters.ts';
import { planSearchIndex } from '../../src/output/search-index.ts';
import { planFilterIndexes } from '../../src/output/indexes.ts';
import { planChunks, planPacks } from '../../src/output/plan.ts';
import { planListActions } from '../../src/api/resources/autocomplete-files.ts';
import { planMediaIndexFiles } from '../../src/output/media-index-files.ts';
import type { MediaStore } from '../../src/media/media-store.ts';
import type { Archive } from '../../src/model/types.ts';
import { type ResourceItems, RESOURCES } from '../../src/api/resources/declaration-registry.ts';
import { RESOURCE_NAMES, type ResourceName } from '../../src/formats/resource-names.ts';
import { PAGE_SIZE } from '../../src/api/resources/declaration-spec.ts';

export const URLS = { baseUrl: 'https://archive.test', mediaUrl: 'https://archive.test/media/', siteUrl: 'https://site.test' };
export const urls = new UrlBuilder(URLS);
export const KEYS: TokenKey[] = [
  { kid: 'new', secret: 'fixture-secret-new-0123456789' },
  { kid: 'old', secret: 'fixture-secret-old-0123456789' },
];
export const NOW = 1_800_000_000;
/** The one attachment detail of the fixture: its file_url has a token slot for MEDIA.attachment. */
export const ATTACHMENT_ID = 5;

export const MEDIA = {
  publicPdf: `${mediaPaths.documentDir('11111111-2222-3333-4444-555555555555', true)}/public.pdf`,
  attachment: mediaPaths.attachment(5, 'Bescheid vom 3. März.pdf'),
  /** Public in the media index (docs/froide.md#media-tokens: served without a token); in the index file of `attachment`. */
  publicAttachment: mediaPaths.attachment(5, 'Antwort öffentlich.pdf'),
  /** Its media index file is malformed: the gate must fail closed. */
  brokenListAttachment: mediaPaths.attachment(6, 'kaputt.pdf'),
  /** An empty public file. */
  emptyAttachment: mediaPaths.attachment(5, 'leer.txt'),
  /** Its index entry names an object no store has. */
  lostPdf: `${mediaPaths.documentDir('11111111-2222-3333-4444-555555555555', true)}/verloren.pdf`,
  privateDir: mediaPaths.documentDir('99999999-8888-7777-6666-555555555555', false),
  get privatePdf() {
    return `${this.privateDir}/private.pdf`;
  },
  get privateImage() {
    return mediaPaths.pageImage(this.privateDir, 1, 'small');
  },
};
export const PDF_BYTES = new TextEncoder().encode('%PDF-1.4\n% fixture 0123456789\n%%EOF\n');
export const PNG_BYTES = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 13, 10, 26, 10]);
export const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
/** Named by the index for MEDIA.lostPdf, in no store: a store that lost an object. */
const LOST_BYTES = new TextEncoder().encode('%PDF-1.4 lost');

/** Media path, bytes, public. */
const MEDIA_FILES: [string, Uint8Array, boolean][] = [
  [MEDIA.publicPdf, PDF_BYTES, false],
  [MEDIA.attachment, PDF_BYTES, false],
  [MEDIA.publicAttachment, PDF_BYTES, true],
  [MEDIA.emptyAttachment, new Uint8Array(0), true],
  [MEDIA.privatePdf, PDF_BYTES, false],
  [MEDIA.privateImage, PNG_BYTES, false],
];

function messageObject(id: number) {
  const request = ((id - 1) % 7) + 1;
  return {
    resource_uri: urls.detail('message', id),
    id,
    url: `${urls.settings.siteUrl}/anfrage/r${request}/#nachricht-${id}`,
    request: urls.detail('request', request),
    kind: id % 10 === 0 ? 'post' : 'email',
    is_response: id % 2 === 0,
    sender_public_body: id % 2 === 0 ? urls.detail('publicbody', 1) : null,
    attachments: [],
    // froide's seven fields after attachments. The texts quote API URLs: text, not links.
    subject: `Re: ${urls.detail('request', request)}`,
    content: urls.detail('request', request),
    redacted_subject: [[false, 'Re: '], [true, '[geschwärzt]']],
    redacted_content: [[false, urls.detail('request', request)]],
    sender: id % 2 === 0 ? 'Behörde 1' : '<< Anfragesteller:in >>',
    status_name: 'Anfrage abgeschlossen',
    last_modified_at: '2024-03-01T10:00:00+01:00',
  };
}

/**
 * The fixture's model objects carry only the fields the filters, search sources and actions of
 * `resource` read: typed as the resource's items so the planners take them.
 */
function modelsOf<N extends ResourceName>(_resource: N, objects: readonly object[]): ResourceItems[N][] {
  return objects as ResourceItems[N][];
}

function requestModel(id: number) {
  return {
    id,
    user: null,
    isFoi: true,
    checked: id === 1,
    sameAs: null,
    jurisdiction: { id: 1 },
    publicBody: { id: 1 + (id % 3), categories: [], classification: null },
    law: null,
    project: null,
    slug: `r${id}`,
    status: id % 2 ? 'resolved' : 'awaiting_response',
    resolution: id % 2 ? 'successful' : '',
    tags: id % 2 ? ['bund', 'Umwelt und Klima'] : [],
    reference: '',
    campaign: null,
  };
}

async function put(dir: string, path: string, body: string | Uint8Array): Promise<void> {
  const file = join(dir, ...path.split('/'));
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, body);
}

async function putList(dir: string, resource: ResourceName, objects: unknown[], lists: Manifest['lists']): Promise<void> {
  lists[resource] = { total: objects.length };
  for (let offset = 0; offset === 0 || offset < objects.length; offset += PAGE_SIZE) {
    const page = envelope(urls, resource, {
      offset,
      limit: PAGE_SIZE,
      total: objects.length,
      objects: objects.slice(offset, offset + PAGE_SIZE),
      facets: RESOURCES[resource].facets,
    });
    // A list the function answers (whole, or to mint its media tokens) has no static bare file.
    if (offset === 0 && !answeredByFunction({ kind: 'list', resource })) await put(dir, buildPaths.list(resource), JSON.stringify(page));
  }
  for (const file of planChunks(resource, objects.map((object) => JSON.stringify(object)))) await put(dir, file.path, file.body);
}

async function putDetails(dir: string, resource: ResourceName, objects: readonly { id: number }[]): Promise<void> {
  for (const file of planPacks(resource, objects.map((object) => [object.id, JSON.stringify(object)] as const))) await put(dir, file.path, file.body);
}

/** A media URL with a token as an answer minted at NOW would carry (the default lifetime is 120 s). */
export async function signedMediaUrl(path: string, expiresAt = NOW + 60, key: TokenKey = KEYS[0]!): Promise<string> {
  return urls.media(path, { token: await signScope(tokenScope(path)!, expiresAt, key) });
}

export async function writeFixtureBuild(dir: string, media?: MediaStore): Promise<void> {
  const lists: Manifest['lists'] = {};
  await put(dir, buildPaths.apiRoot, JSON.stringify(Object.fromEntries(RESOURCE_NAMES.map((n) => [n, urls.list(n)]))));

  const messages = Array.from({ length: 120 }, (_, i) => messageObject(i + 1));
  await putList(dir, 'message', messages, lists);
  await putDetails(dir, 'message', messages);
  const messageModels = messages.map((m) => ({ id: m.id, request: { id: ((m.id - 1) % 7) + 1 }, kind: m.kind, isResponse: m.is_response, isDraft: false }));
  for (const file of planFilterIndexes('message', modelsOf('message', messageModels))) await put(dir, file.path, (file as { body: string }).body);

  const requests = Array.from({ length: 7 }, (_, i) => i + 1);
  const requestObjects = requests.map((id) => ({ resource_uri: urls.detail('request', id), id, url: `/anfrage/r${id}/`, status: requestModel(id).status, tags: requestModel(id).tags }));
  await putList(dir, 'request', requestObjects, lists);
  await putDetails(dir, 'request', requestObjects.map((request) => ({ ...request, messages: [] })));
  for (const file of planFilterIndexes('request', modelsOf('request', requests.map(requestModel)))) await put(dir, file.path, (file as { body: string }).body);
  // The full-text index and request/search/'s filter indexes (docs/search.md): odd requests are
  // about contracts, even ones about expert opinions.
  const searchModels = requests.map((id) => {
    const model = requestModel(id);
    const body = { ...model.publicBody, slug: `b${model.publicBody.id}`, name: `Behörde ${model.publicBody.id}`, jurisdiction: { slug: 'bund', rank: 1 } };
    return { ...model, title: id % 2 ? `Verträge ${id}` : `Gutachten ${id}`, description: 'Bitte um Auskunft', refusalReason: '', messages: [], costs: 0, dueDate: null, lastMessage: null, createdAt: null, publicBody: body };
  });
  const searchArchive = { jurisdictions: [{ slug: 'bund' }], campaigns: [], categories: [], classifications: [], publicBodies: [1, 2, 3].map((id) => ({ slug: `b${id}` })), requests: searchModels } as unknown as Archive;
  for (const file of [...planSearchIndex('request', modelsOf('request', searchModels)), ...planSearchFilters('request', modelsOf('request', searchModels), searchArchive, NOW * 1_000_000)]) await put(dir, file.path, (file as { body: string }).body);

  const bodies = [1, 2, 3].map((id) => ({ resource_uri: urls.detail('publicbody', id), id, name: `Behörde ${id}`, site_url: `${URLS.siteUrl}/behoerde/${id}/b${id}/` }));
  await putList(dir, 'publicbody', bodies, lists);
  await putDetails(dir, 'publicbody', bodies);
  // Body 2 is about contracts (publicbody/search/).
  const bodyModels = [1, 2, 3].map((id) => ({
    id,
    name: `Behörde ${id}`,
    slug: `b${id}`,
    otherNames: [],
    description: id === 2 ? 'Prüft Verträge' : '',
    email: '',
    contact: '',
    address: '',
    url: null,
    jurisdiction: { id: id === 3 ? 2 : 1, name: id === 3 ? 'Berlin' : 'Bund' },
    classification: null,
    categories: [],
    regions: [],
  }));
  for (const file of planFilterIndexes('publicbody', modelsOf('publicbody', bodyModels))) await put(dir, file.path, (file as { body: string }).body);
  for (const file of [...planSearchIndex('publicbody', modelsOf('publicbody', bodyModels)), ...planSearchFilters('publicbody', modelsOf('publicbody', bodyModels), {} as Archive, NOW * 1_000_000)]) await put(dir, file.path, (file as { body: string }).body);

  // Autocomplete actions: publicbody from its list; request tags from the requests (names).
  const actionFiles = [
    ...planListActions('publicbody', modelsOf('publicbody', bodyModels), {} as Archive, urls),
    ...planListActions('request', modelsOf('request', requests.map(requestModel)), { requests: requests.map(requestModel) } as unknown as Archive, urls),
  ];
  for (const file of actionFiles) await put(dir, file.path, file.body);

  const documents = [1, 2].map((id) => ({
    resource_uri: urls.detail('document', id),
    id,
    file_url: urls.media(MEDIA.publicPdf),
    pages_uri: urls.relativeList('page', { document: id }),
    foirequest: urls.detail('request', id),
  }));
  await putList(dir, 'document', documents, lists);
  await putDetails(dir, 'document', documents);

  const pages = [
    [1, 1],
    [1, 2],
    [1, 3],
    [2, 1],
    [2, 2],
  ].map(([document, number]) => ({ document: { id: document!, collections: [] }, page: { number: number! } }));
  await putList(
    dir,
    'page',
    pages.map((p) => ({ document: urls.detail('document', p.document.id), number: p.page.number, content: `Seite ${p.page.number}` })),
    lists,
  );
  for (const file of planFilterIndexes('page', modelsOf('page', pages))) await put(dir, file.path, (file as { body: string }).body);
  const searchPages = pages.map((p) => ({ document: { id: p.document.id, title: `Dokument ${p.document.id}`, description: '' }, page: { number: p.page.number, text: `Seite ${p.page.number}` } }));
  for (const file of planSearchIndex('page', modelsOf('page', searchPages))) await put(dir, file.path, (file as { body: string }).body);

  // An attachment detail as the build stores it: its file_url ends in a token slot (src/formats/token-slots.ts).
  for (const file of planPacks('attachment', [[ATTACHMENT_ID, apiJson({ resource_uri: urls.detail('attachment', ATTACHMENT_ID), id: ATTACHMENT_ID, file_url: withTokenSlot(urls.media(MEDIA.attachment)) })]])) await put(dir, file.path, file.body);

  const manifest: Manifest = { version: MANIFEST_VERSION, build: 'fixture', urls: URLS, lists };
  await put(dir, buildPaths.manifest, JSON.stringify(manifest));

  const entries = MEDIA_FILES.map(([path, bytes, open]) => ({ path, sha256: sha256(bytes), size: bytes.byteLength, ...(open ? { public: true as const } : {}) }));
  for (const file of planMediaIndexFiles([...entries, { path: MEDIA.lostPdf, sha256: sha256(LOST_BYTES), size: LOST_BYTES.byteLength }])) await put(dir, file.path, (file as { body: string }).body);
  await put(dir, buildPaths.mediaIndex(MEDIA.brokenListAttachment), `{"${MEDIA.brokenListAttachment}": {"sha256": "${sha256(PDF_BYTES)}"`);
  if (media) await putFixtureMedia(media);
}

/** The fixture's media objects (all but LOST_BYTES, which its index names and no store has). */
export async function putFixtureMedia(media: MediaStore): Promise<void> {
  for (const [, bytes] of MEDIA_FILES) await media.put(sha256(bytes), bytes);
}
