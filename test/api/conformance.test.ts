/**
 * Conformance of the built tree with the contract (docs/api.md#the-contract): envelope, exact keys,
 * types, null-ness and link shapes of message, attachment and document; root index; every
 * link resolvable to a file the build wrote. In each layout (the LAYOUTS matrix), with details and
 * list pages read over HTTP from the preview, as a client reads them.
 */
import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { readMediaEntry } from '../../src/media/media-index.ts';
import { fsBuildStore } from '../../src/serve/shared/fs-build-store.ts';
import { readDetail } from '../../src/serve/shared/pack-reader.ts';
import { tokenScope, verifyToken } from '../../src/formats/media-token.ts';
import { DEFAULTS } from '../../src/config.ts';
import { DEVELOPMENT_KEY } from '../../src/formats/token-keys.ts';
import { BUILT_RESOURCES } from '../../src/api/resources/serializer-registry.ts';
import { buildPaths } from '../../src/api/build-paths.ts';
import { writePdf } from '../../tools/pdf-writer.ts';
import { BUILD_CLOCK, LAYOUTS, serveTree, servedReaders, type BuiltTree } from '../helpers/build.ts';
import { minimalArchive, type Tree } from '../helpers/content.ts';
import { readAll } from '../helpers/media.ts';
import { QUERY_ANSWERED, RESOURCES } from '../../src/api/resources/declaration-registry.ts';
import { RESOURCE_NAMES, type ResourceName } from '../../src/formats/resource-names.ts';

const BASE = 'https://archiv.example.org';
const API = `${BASE}/api/v1/`;
const MEDIA = `${BASE}/media/`;
const SITE = 'https://fragdenstaat.example';

// docs/api.md#message-fields, then the seven fields froide's serializer adds after `attachments` (docs/froide.md#message).
const MESSAGE_KEYS = ['resource_uri', 'id', 'url', 'request', 'sent', 'is_response', 'is_postal', 'is_draft', 'kind', 'is_escalation', 'content_hidden', 'sender_public_body', 'recipient_public_body', 'status', 'timestamp', 'registered_mail_date', 'redacted', 'not_publishable', 'attachments', 'subject', 'content', 'redacted_subject', 'redacted_content', 'sender', 'status_name', 'last_modified_at'];
const ATTACHMENT_KEYS = ['resource_uri', 'id', 'belongs_to', 'name', 'filetype', 'size', 'site_url', 'anchor_url', 'file_url', 'pending', 'is_converted', 'converted', 'approved', 'can_approve', 'can_change_approval', 'redacted', 'is_redacted', 'can_redact', 'can_delete', 'is_pdf', 'is_image', 'is_irrelevant', 'document'];
const DOCUMENT_KEYS = ['resource_uri', 'id', 'site_url', 'title', 'slug', 'description', 'published_at', 'num_pages', 'public', 'listed', 'allow_annotation', 'pending', 'file_url', 'file_size', 'cover_image', 'page_template', 'outline', 'properties', 'uid', 'data', 'pages_uri', 'original', 'foirequest', 'publicbody', 'last_modified_at'];

const ISO_WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{6})?[+-]\d{2}:\d{2}$/;
const PYTHON_UTC = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{6}\+00:00$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** 55 more messages in a second request, so the message list has two pages. */
function manyMessages() {
  const tree: Record<string, object> = {
    'requests/20-viele/request.yaml': { id: 20, slug: 'viele', title: 'Viele Nachrichten', description: 'x', public_body: 2, status: 'awaiting_response', created_at: '2024-01-01T00:00:00+01:00' },
  };
  for (let i = 0; i < 55; i++) {
    tree[`requests/20-viele/messages/${200 + i}.yaml`] = {
      id: 200 + i,
      is_response: i % 2 === 1,
      ...(i % 2 === 1 ? { sender_public_body: 2 } : { recipient_public_body: 2 }),
      timestamp: `2024-01-${String(2 + (i % 27)).padStart(2, '0')}T08:00:00Z`,
    };
  }
  return tree;
}

/** The fixture archive: two PDFs (one private), an imported document, a list of messages two pages long. */
async function conformanceArchive(): Promise<Tree> {
  const pdf = await writePdf({
    title: 'Bescheid über den Antrag',
    author: 'Referat Z 1',
    pages: [{ text: 'Seite eins.' }, { text: 'Seite zwei.' }],
    outline: [{ title: 'Bescheid', page: 1, children: [{ title: 'Begründung', page: 2 }] }],
  });
  const plain = await writePdf({ pages: [{ text: 'Interner Vermerk.' }] });
  return minimalArchive({
    'requests/10-akten/messages/101.yaml': {
      id: 101,
      kind: 'post',
      is_response: true,
      sender_public_body: 1,
      timestamp: '2024-02-20T09:30:00.250000+01:00',
      attachments: [
        { id: 1000, name: 'liste.csv' },
        { id: 1001, name: 'Bescheid März.pdf', document: { id: 500 } },
        { id: 1002, name: 'vermerk.pdf', approved: false, document: { id: 501, public: false, title: 'Vermerk' } },
      ],
    },
    'requests/10-akten/files/101/Bescheid März.pdf': pdf,
    'requests/10-akten/files/101/vermerk.pdf': plain,
    'documents/600-drucksache/document.yaml': {
      id: 600,
      file: 'drucksache.pdf',
      title: 'Kleine Anfrage zu Akten',
      description: 'Antwort der **Bundesregierung**.',
      published_at: '2024-03-01T10:00:00+01:00',
      properties: { url: 'https://dip.example/1', publisher: 'Bundestag', reference: '20/1234', foreign_id: 'bt-20-1234', publisher_url: 'https://www.bundestag.de' },
      data: { category: null, publisher: 'bt', document_type: 'minor_interpellation', legislative_term: '20' },
    },
    'documents/600-drucksache/drucksache.pdf': pdf,
    ...manyMessages(),
  });
}

describe.each(LAYOUTS)('%s layout', (layout) => {
  // Served by the preview, which routes as production does: the loose layout's details and pages are its files.
  const served = serveTree(conformanceArchive, { layout });
  let built: BuiltTree;
  beforeAll(() => {
    built = { ...served.built, ...servedReaders(served.get) };
  });

  describe('root index (docs/api.md#root-index)', () => {
    it('maps the 21 resource names, in order, to absolute list URLs', async () => {
      const root = await built.json('api/v1/index.json');
      expect(Object.keys(root)).toEqual([...RESOURCE_NAMES]);
      for (const name of RESOURCE_NAMES) expect(root[name]).toBe(`${API}${name}/`);
    });
  });

  describe('list envelope (docs/api.md#list-envelope)', () => {
    it('first page: limit 50, offset 0, next with explicit limit and offset, previous null', async () => {
      const page = await built.page('message', 0);
      expect(Object.keys(page)).toEqual(['meta', 'objects']);
      expect(page.meta).toEqual({ limit: 50, next: `${API}message/?limit=50&offset=50`, offset: 0, previous: null, total_count: 57 });
      expect(page.objects).toHaveLength(50);
    });

    it('last page: next null, previous with explicit offset 0', async () => {
      const page = await built.page('message', 50);
      expect(page.meta).toEqual({ limit: 50, next: null, offset: 50, previous: `${API}message/?limit=50&offset=0`, total_count: 57 });
      expect(page.objects).toHaveLength(7);
    });

    it('an empty collection still has its first page', async () => {
      const page = await built.page('campaign', 0);
      expect(page.meta.total_count).toBe(1);
      expect(Object.keys(page.meta)).toEqual(['limit', 'next', 'offset', 'previous', 'total_count']);
    });

    it('public body lists carry empty facets like froide', async () => {
      const page = await built.page('publicbody', 0);
      expect(Object.keys(page)).toEqual(['meta', 'objects', 'facets']);
      expect(page.facets).toEqual({ fields: {} });
    });

    it('list order is stable: messages by id', async () => {
      const first = await built.page('message', 0);
      const ids = first.objects.map((message: { id: number }) => message.id);
      expect(ids.slice(0, 3)).toEqual([100, 101, 200]);
      expect([...ids].sort((a, b) => a - b)).toEqual(ids);
    });
  });

  describe('message (docs/api.md#message-fields)', () => {
    it('has exactly the spec fields and froide’s seven more, with their types and link shapes', async () => {
      const message = await built.detail('message', 101);
      expect(Object.keys(message)).toEqual(MESSAGE_KEYS);
      expect(message).toMatchObject({
        resource_uri: `${API}message/101/`,
        id: 101,
        url: `${SITE}/anfrage/akten/#nachricht-101`,
        request: `${API}request/10/`,
        sent: true,
        is_response: true,
        is_postal: true,
        is_draft: false,
        kind: 'post',
        is_escalation: false,
        content_hidden: false,
        sender_public_body: `${API}publicbody/1/`,
        recipient_public_body: null,
        status: 'resolved',
        timestamp: '2024-02-20T09:30:00.250000+01:00',
        registered_mail_date: null,
        redacted: false,
        not_publishable: false,
        subject: '',
        content: '',
        redacted_subject: [],
        redacted_content: [],
        sender: 'Bundesministerium des Innern',
        status_name: 'Anfrage abgeschlossen',
        last_modified_at: '2024-02-20T09:30:00.250000+01:00',
      });
      expect(message.attachments.map((attachment: { name: string }) => attachment.name)).toEqual(['Bescheid März.pdf', 'liste.csv']);
      for (const attachment of message.attachments) expect(Object.keys(attachment)).toEqual(ATTACHMENT_KEYS);
    });

    it('renders timestamps in Europe/Berlin with offset (docs/froide.md#values)', async () => {
      const message = await built.detail('message', 200);
      expect(message.timestamp).toBe('2024-01-02T09:00:00+01:00');
      expect(message.timestamp).toMatch(ISO_WITH_OFFSET);
    });

    it('is byte-identical in its list chunk and in its detail pack', async () => {
      const page = await built.text(buildPaths.chunk('message', 0));
      const detail = new TextDecoder().decode((await readDetail(fsBuildStore(built.buildDir), 'message', '101'))!);
      expect(detail).toMatch(/^\{"resource_uri":/);
      expect(page).toContain(detail);
    });
  });

  describe('attachment (docs/api.md#attachment-fields)', () => {
    it('has exactly the spec fields; file_url carries a token valid for its file', async () => {
      const attachment = await built.detail('attachment', 1000);
      expect(Object.keys(attachment)).toEqual(ATTACHMENT_KEYS);
      expect(attachment).toMatchObject({
        resource_uri: `${API}attachment/1000/`,
        id: 1000,
        belongs_to: `${API}message/101/`,
        name: 'liste.csv',
        filetype: 'text/csv',
        size: 8,
        site_url: `${SITE}/anfrage/akten/101/anhang/liste.csv`,
        anchor_url: `${SITE}/anfrage/akten/#nachricht-101`,
        pending: false,
        is_converted: false,
        converted: null,
        approved: true,
        redacted: null,
        is_redacted: false,
        can_redact: false,
        can_delete: false,
        is_pdf: false,
        is_image: false,
        is_irrelevant: false,
        document: null,
      });
      const url = new URL(attachment.file_url);
      expect(`${url.origin}${url.pathname}`).toBe(`${MEDIA}foi/101/liste.csv`);
      expect([...url.searchParams.keys()]).toEqual(['token']);
      const check = await verifyToken(url.searchParams.get('token'), tokenScope('foi/101/liste.csv')!, [DEVELOPMENT_KEY], BUILD_CLOCK, DEFAULTS.tokenTtl);
      expect(check).toEqual({ ok: true });
    });

    it('percent-encodes names in URLs and embeds the derived document', async () => {
      const attachment = await built.detail('attachment', 1001);
      expect(attachment.site_url).toBe(`${SITE}/anfrage/akten/101/anhang/Bescheid%20M%C3%A4rz.pdf`);
      expect(attachment.file_url.split('?')[0]).toBe(`${MEDIA}foi/101/Bescheid%20M%C3%A4rz.pdf`);
      expect(attachment).toMatchObject({ filetype: 'application/pdf', is_pdf: true, can_redact: true });
      expect(Object.keys(attachment.document)).toEqual(DOCUMENT_KEYS);
      expect(attachment.document.id).toBe(500);
    });

    it('is listed by name', async () => {
      const page = await built.page('attachment', 0);
      expect(page.objects.map((attachment: { name: string }) => attachment.name)).toEqual(['Bescheid März.pdf', 'liste.csv']);
    });
  });

  describe('document (docs/api.md#document-fields)', () => {
    it('derived, public: PDF facts, plain media URLs, references to its attachment, request and public body', async () => {
      const attachment = await built.detail('attachment', 1001);
      const document = attachment.document;
      expect(document).toMatchObject({
        resource_uri: `${API}document/500/`,
        id: 500,
        title: 'Bescheid über den Antrag',
        slug: 'bescheid-uber-den-antrag',
        site_url: `${SITE}/dokumente/500-bescheid-uber-den-antrag/`,
        description: '',
        published_at: null,
        num_pages: 2,
        public: true,
        listed: true,
        allow_annotation: false,
        pending: false,
        outline: '- [Bescheid](#page-1)\n  - [Begründung](#page-2)\n',
        data: {},
        pages_uri: '/api/v1/page/?document=500',
        original: `${API}attachment/1001/`,
        foirequest: `${API}request/10/`,
        publicbody: `${API}publicbody/1/`,
      });
      expect(document.uid).toMatch(UUID);
      const dir = `${MEDIA}docs/${document.uid.replace(/-/g, '').slice(0, 2)}/${document.uid.replace(/-/g, '').slice(2, 4)}/${document.uid.replace(/-/g, '').slice(4, 6)}/${document.uid.replace(/-/g, '')}`;
      expect(document.file_url).toBe(`${dir}/bescheid-marz.pdf`);
      expect(document.cover_image).toBe(`${dir}/page-p1-small.png`);
      expect(document.page_template).toBe(`${dir}/page-p{page}-{size}.png`);
      expect(document.file_size).toBeGreaterThan(500);
      expect(document.last_modified_at).toMatch(PYTHON_UTC);
      expect(document.properties).toMatchObject({ title: 'Bescheid über den Antrag', author: 'Referat Z 1' });
    });

    it('public: page images are plain templates with a literal {size}', async () => {
      const detail = await built.detail('document', 500);
      const dir = detail.page_template.slice(0, -'/page-p{page}-{size}.png'.length);
      expect(detail.pages.map((page: { image: string }) => page.image)).toEqual([`${dir}/page-p1-{size}.png`, `${dir}/page-p2-{size}.png`]);
      const list = await built.page('page', 0);
      expect(list.objects.filter((page: { document: string }) => page.document === `${API}document/500/`).map((page: { image: string }) => page.image)).toEqual([
        `${dir}/page-p1-{size}.png`,
        `${dir}/page-p2-{size}.png`,
      ]);
    });

    it('a private document is published nowhere: no list, no detail, no page, no media entry (docs/content-guide.md#private-documents)', async () => {
      const page = await built.page('document', 0);
      expect(page.objects.map((document: { id: number }) => document.id)).toEqual([500, 600]);
      await expect(built.detail('document', 501)).rejects.toThrow(/no detail/);
      await expect(built.detail('attachment', 1002)).rejects.toThrow(/no detail/);
      const pages = await built.page('page', 0);
      expect(pages.objects.map((item: { document: string }) => item.document)).not.toContain(`${API}document/501/`);
      expect(await readMediaEntry(fsBuildStore(built.buildDir), 'foi/101/vermerk.pdf')).toBeNull();
    });

    it('imported: parliamentary data and source properties, published_at, no references', async () => {
      const document = await built.detail('document', 600);
      expect(Object.keys(document)).toEqual([...DOCUMENT_KEYS, 'pages']);
      expect(document).toMatchObject({
        title: 'Kleine Anfrage zu Akten',
        published_at: '2024-03-01T10:00:00+01:00',
        allow_annotation: true,
        original: null,
        foirequest: null,
        publicbody: null,
        data: { category: null, publisher: 'bt', document_type: 'minor_interpellation', legislative_term: '20' },
        last_modified_at: '2024-03-01 09:00:00.000000+00:00',
      });
      expect(document.properties).toMatchObject({
        url: 'https://dip.example/1',
        publisher: 'Bundestag',
        reference: '20/1234',
        foreign_id: 'bt-20-1234',
        publisher_url: 'https://www.bundestag.de',
      });
      expect(document.pages.map((page: { number: number }) => page.number)).toEqual([1, 2]);
      expect(Object.keys(document.pages[0])).toEqual(['document', 'number', 'content', 'width', 'height', 'image']);
      expect(document.pages[1].content).toContain('Seite zwei.');
    });
  });

  describe('the other resources follow froide (docs/froide.md#request, docs/froide.md#resources)', () => {
    const REQUEST_KEYS = ['resource_uri', 'id', 'url', 'jurisdiction', 'jurisdiction_name', 'is_foi', 'checked', 'refusal_reason', 'costs', 'public', 'law', 'description', 'redacted_description', 'summary', 'same_as_count', 'same_as', 'due_date', 'resolved_on', 'last_message', 'created_at', 'last_modified_at', 'status', 'status_representation', 'readable_status', 'public_body', 'resolution', 'slug', 'title', 'reference', 'user', 'project', 'project_site_url', 'project_request_count', 'campaign', 'tags'];
    const SIMPLE_BODY_KEYS = ['resource_uri', 'id', 'name', 'slug', 'other_names', 'description', 'url', 'depth', 'classification', 'email', 'contact', 'address', 'fax', 'request_note', 'number_of_requests', 'site_url', 'jurisdiction', 'request_note_html', 'geo', 'last_modified_at'];
    const BODY_KEYS = ['resource_uri', 'id', 'name', 'slug', 'other_names', 'description', 'url', 'parent', 'root', 'depth', 'classification', 'categories', 'email', 'contact', 'address', 'fax', 'request_note', 'number_of_requests', 'site_url', 'request_note_html', 'jurisdiction', 'laws', 'regions', 'source_reference', 'alternative_emails', 'wikidata_item', 'extra_data', 'geo'];
    const LAW_KEYS = ['resource_uri', 'id', 'name', 'slug', 'description', 'long_description', 'law_type', 'created', 'request_note', 'request_note_html', 'meta', 'site_url', 'jurisdiction', 'email_only', 'mediator', 'priority', 'url', 'max_response_time', 'requires_signature', 'max_response_time_unit', 'letter_start', 'letter_end', 'last_modified_at', 'refusal_reasons', 'legal_text', 'combined'];

    it('request: list item with the simple public body; detail with messages, full public body and law', async () => {
      const list = await built.page('request', 0);
      const item = list.objects.find((request: { id: number }) => request.id === 10);
      expect(Object.keys(item)).toEqual(REQUEST_KEYS);
      expect(Object.keys(item.public_body)).toEqual(SIMPLE_BODY_KEYS);
      expect(item).toMatchObject({ url: '/anfrage/akten/', status: 'resolved', resolution: 'successful', status_representation: 'successful', readable_status: 'Anfrage erfolgreich', campaign: `${API}campaign/1/`, tags: ['Inneres'] });
      const detail = await built.detail('request', 10);
      expect(Object.keys(detail)).toEqual([...REQUEST_KEYS, 'messages']);
      expect(Object.keys(detail.public_body)).toEqual(BODY_KEYS);
      expect(Object.keys(detail.public_body.laws[0])).toEqual(LAW_KEYS);
      expect(Object.keys(detail.law)).toEqual(LAW_KEYS);
      expect(detail.messages.map((message: { id: number }) => message.id)).toEqual([100, 101]);
    });

    it('public body: list with law links and embedded classification, categories and jurisdiction; detail with full laws', async () => {
      const body = (await built.page('publicbody', 0)).objects.find((b: { id: number }) => b.id === 1);
      expect(Object.keys(body)).toEqual(BODY_KEYS);
      expect(body).toMatchObject({
        site_url: `${SITE}/behoerde/1/bmi/`,
        root: `${API}publicbody/1/`,
        parent: null,
        classification: { id: 1, name: 'Ministerium', slug: 'ministerium', depth: 0 },
        categories: [{ id: 1, name: 'Inneres', slug: 'inneres', is_topic: true, depth: 0 }],
        laws: [`${API}law/1/`],
        geo: { type: 'Point', coordinates: [13.37, 52.52] },
      });
      expect(Object.keys(body.jurisdiction)).toEqual(['resource_uri', 'id', 'name', 'rank', 'description', 'slug', 'site_url', 'region', 'region_kind', 'region_kind_detail', 'last_modified_at']);
      const child = await built.detail('publicbody', 2);
      expect(child).toMatchObject({ parent: `${API}publicbody/1/`, root: `${API}publicbody/1/`, depth: 1 });
      expect(Object.keys((await built.detail('publicbody', 1)).laws[0])).toEqual(LAW_KEYS);
    });

    it('law renders request_note_html from Markdown and joins refusal reasons', async () => {
      const law = await built.detail('law', 1);
      expect(Object.keys(law)).toEqual(LAW_KEYS);
      expect(law).toMatchObject({ request_note_html: '<p>Bitte <strong>kurz</strong> halten.</p>', site_url: `${SITE}/gesetz/ifg/`, jurisdiction: `${API}jurisdiction/1/` });
    });

    it('category, classification and campaign', async () => {
      expect(Object.keys(await built.detail('category', 1))).toEqual(['resource_uri', 'id', 'name', 'slug', 'is_topic', 'depth', 'parent', 'children']);
      expect(Object.keys(await built.detail('classification', 1))).toEqual(['resource_uri', 'id', 'name', 'slug', 'depth', 'parent', 'children']);
      expect(Object.keys(await built.detail('campaign', 1))).toEqual(['resource_uri', 'id', 'name', 'slug', 'url', 'description', 'start_date', 'active']);
    });
  });

  describe('links', () => {
    it('the loose layout answers details from their files, byte for byte (the packed one has none)', async () => {
      const files = new Set(await built.files());
      for (const [resource, id] of [['request', 20], ['document', 500], ['publicbody', 1]] as const) {
        const path = buildPaths.looseDetail(resource, id);
        expect(files.has(path), path).toBe(layout === 'loose');
        if (layout === 'loose') expect(await (await served.get(`/api/v1/${resource}/${id}/`)).text(), path).toBe(await built.text(path));
      }
    });

    it('every resource_uri in every list page ends in /<id>/ and has a detail', async () => {
      for (const name of ['request', 'message', 'attachment', 'document', 'publicbody', 'jurisdiction', 'law', 'category', 'classification', 'campaign'] as const) {
        let seen = 0;
        for (let offset = 0; ; offset += 50) {
          const page = await built.page(name, offset);
          for (const object of page.objects) {
            expect(object.resource_uri).toBe(`${API}${name}/${object.id}/`);
            expect((await built.detail(name, object.id)).id, `${name} ${object.id}`).toBe(object.id);
          }
          seen += page.objects.length;
          if (page.meta.next === null) break;
        }
        expect(seen, name).toBe((await built.page(name, 0)).meta.total_count);
      }
    });

    it('every absolute API link in the tree points at a file the build wrote', async () => {
      const files = await built.files();
      const present = new Set(files);
      const links = new Set<string>();
      for (const file of files.filter((path) => (path.endsWith('.json') || path.endsWith('.pack')) && !path.startsWith('_data/manifest'))) {
        for (const match of (await built.text(file)).matchAll(/"(https:\/\/archiv\.example\.org\/api\/v1\/[^"?]*)"/g)) links.add(match[1]!);
      }
      expect(links.size).toBeGreaterThan(20);
      const missing: string[] = [];
      for (const link of links) {
        const [resource, id] = link.slice(API.length).split('/') as [ResourceName, string];
        const found = id ? await built.detail(resource, id).then(() => true, () => false) : present.has(buildPaths.list(resource));
        if (!found) missing.push(link.slice(API.length));
      }
      // Only the root index's links to the resources the build writes nothing for are missing, and to the
      // resources whose every answer the function computes from the query, or whose list it mints
      // (no static list file).
      const builtNames = new Set(BUILT_RESOURCES.map((resource) => resource.name as string));
      const unwritten = RESOURCE_NAMES.filter((name) => !builtNames.has(name) || QUERY_ANSWERED.has(name) || RESOURCES[name].mediaTokens);
      expect(missing.sort()).toEqual(unwritten.map((name) => `${name}/`).sort());
    });

    it('the media store has the bytes the media index names where the media URLs point', async () => {
      const document = await built.detail('document', 500);
      const paths = ['foi/101/liste.csv', 'foi/101/Bescheid März.pdf', decodeURIComponent(document.file_url.slice(MEDIA.length))];
      for (const path of paths) {
        const entry = await readMediaEntry(fsBuildStore(built.buildDir), path);
        const bytes = await readAll(await built.media.get(entry!.sha256));
        expect(bytes!.byteLength, path).toBe(entry!.size);
        expect(createHash('sha256').update(bytes!).digest('hex'), path).toBe(entry!.sha256);
      }
      expect((await built.files()).some((file) => file.startsWith('media/'))).toBe(false);
    });
  });

  describe('page and request filters froide offers besides document and number (docs/froide.md#request, docs/froide.md#page)', () => {
    const get = async (path: string) => {
      const response = await served.get(path);
      return { status: response.status, body: await response.json() };
    };
    const pages = async (query: string) => {
      const { status, body } = await get(`/api/v1/page/?${query}`);
      expect(status, query).toBe(200);
      return body.objects.map((page: { document: string; number: number }) => `${page.document.split('/').at(-2)}:${page.number}`);
    };

    it('filters pages by the document’s request, public body, jurisdiction slug, campaign slug and date', async () => {
      expect(await pages('')).toEqual(['500:1', '500:2', '600:1', '600:2']);
      expect(await pages('foirequest=10')).toEqual(['500:1', '500:2']);
      expect(await pages('publicbody=1')).toEqual(['500:1', '500:2']);
      expect(await pages('jurisdiction=bund')).toEqual(['500:1', '500:2']);
      expect(await pages('campaign=transparenz-jetzt')).toEqual(['500:1', '500:2']);
      expect(await pages('campaign=-')).toEqual(['600:1', '600:2']);
      expect(await pages('created_at_after=2024-02-25')).toEqual(['600:1', '600:2']);
      expect(await pages('created_at_before=2024-02-25&number=2')).toEqual(['500:2']);
      // filingcabinet's DateFromToRangeFilter: `before` includes its whole day (lte time.max).
      expect(await pages('created_at_after=2024-03-01&created_at_before=2024-03-01')).toEqual(['600:1', '600:2']);
      expect(await pages('created_at_before=2024-02-29')).toEqual(['500:1', '500:2']);
    });

    it('filters documents like filingcabinet: ids ignores unreadable values, created_at_before includes its day', async () => {
      const documents = async (query: string) => {
        const { status, body } = await get(`/api/v1/document/?${query}`);
        expect(status, query).toBe(200);
        return body.objects.map((document: { id: number }) => document.id);
      };
      expect(await documents('ids=600')).toEqual([600]);
      expect(await documents('ids=600,,')).toEqual([600]);
      expect(await documents('ids=abc')).toEqual([500, 600]);
      expect(await documents('ids=600,x')).toEqual([500, 600]);
      expect(await documents('ids=,')).toEqual([500, 600]);
      expect(await documents('created_at_before=2024-03-01')).toEqual([500, 600]);
      expect(await get('/api/v1/document/?created_at_after=x&created_at_before=2024-02-30')).toEqual({ status: 400, body: { created_at: ['Enter a valid date.'] } });
    });

    it('answers unknown ids and bad dates with froide’s 400 bodies', async () => {
      expect(await get('/api/v1/page/?foirequest=99')).toEqual({
        status: 400,
        body: { foirequest: ['Select a valid choice. That choice is not one of the available choices.'] },
      });
      expect(await get('/api/v1/page/?created_at_after=2024-13-01')).toEqual({ status: 400, body: { created_at: ['Enter a valid date.'] } });
      const choice = ['Select a valid choice. That choice is not one of the available choices.'];
      expect(await get('/api/v1/page/?jurisdiction=nrw&campaign=nichts')).toEqual({ status: 400, body: { jurisdiction: choice, campaign: choice } });
      expect(await get('/api/v1/request/?user=999')).toEqual({ status: 400, body: { user: choice } });
    });

    it('refuses request/?follower= for an anonymous caller, as froide does (only yourself)', async () => {
      expect(await get('/api/v1/request/?follower=1')).toEqual({
        status: 400,
        body: { follower: ['Select a valid choice. That choice is not one of the available choices.'] },
      });
      expect((await get('/api/v1/request/?follower=')).status).toBe(200);
    });
  });
});
