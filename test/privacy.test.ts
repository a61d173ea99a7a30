/**
 * The privacy audit (docs/content-guide.md#private-documents, docs/serving.md#what-a-secret-unlocks): a real build of an archive with
 * every kind of private thing, then, as an attacker without a token would, every file the CDN
 * serves (all of build/, `_data/` included) and every answer reachable from the API root through
 * the preview (links followed, media files fetched without their token) is searched for what
 * only a secret, an account or an editor may see: uids, private media paths, unpublished texts
 * and ids, text from before redaction, private bytes by their sha256, the token key. A finding
 * names the file or URL and the marker.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaPaths } from '../src/api/media-paths.ts';
import { uuidFromId } from '../src/model/names.ts';
import { startPreviewServer, type PreviewServer } from '../src/serve/preview/server.ts';
import { writePdf } from '../tools/pdf-writer.ts';
import { BUILD_CLOCK, buildTree, type BuiltTree } from './helpers/build.ts';
import { contentChecker, minimalArchive, responseMessage, type Tree } from './helpers/content.ts';

const BASE = 'https://archiv.example.org';
const COLLECTION_UID = '5b2f8c1e-4a7d-4e0b-9c3a-8d1e6f2a7b40';
const IMPORTED_UID = '0b9e2f61-5c3a-4d8e-9f17-2a6c4e8b1d03';
const PRIVATE_UID = '9d4c1a27-6e3b-4f80-b5d2-7c19e8a03f64';
const KEY_SECRET = 'audit-secret-0123456789abcdefghijklmnopqrstuv';

/** Texts no anonymous caller may read, each where it hides. */
const SECRET_TEXTS = {
  'pre-redaction text of a published message': 'Mustermannstraße',
  'subject of an unpublished request': 'Geheimanfrage',
  'text of a message in an unpublished request': 'Verschlusssache',
  'text of a draft message': 'Entwurfsnachricht',
  'name of an unapproved attachment': 'entwurf-intern',
  'page text of a private imported document': 'Interngeheim',
  'page text of a private document made from an attachment': 'Vermerkgeheim',
  'title of an unpublished request': 'Unveroeffentlicht',
};
/** Ids of unpublished objects (request, messages, attachments, private documents). */
const SECRET_IDS = [98761, 98762, 98763, 98764, 98765, 98766, 98767];

/** A download file's objects as text: the NDJSON lines, or every Parquet row as DuckDB reads it. */
async function downloadText(path: string): Promise<string> {
  if (path.endsWith('.ndjson.gz')) return gunzipSync(await readFile(path)).toString('utf8');
  const instance = await DuckDBInstance.create(':memory:');
  const connection = await instance.connect();
  try {
    const rows = (await connection.runAndReadAll(`SELECT * FROM read_parquet('${path.replaceAll("'", "''")}')`)).getRowObjectsJson();
    expect(rows.length).toBeGreaterThan(0);
    return JSON.stringify(rows);
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
}

const pdf = (text: string) => writePdf({ title: text, pages: [{ text }] });
const sha256 = (bytes: Uint8Array | string) => createHash('sha256').update(bytes).digest('hex');

let privateFiles: Record<string, Uint8Array | string>;

async function tree(): Promise<Tree> {
  privateFiles = {
    'the file of a private document made from an attachment': await pdf('Vermerkgeheim'),
    'an unapproved attachment': await pdf('Entwurf entwurf-intern'),
    'an attachment of an unpublished request': 'Verschlusssache;1\n',
    'a private imported document': await pdf('Interngeheim'),
    // Published once, withdrawn since: this build must not name it (docs/deploy.md#withdrawn-files).
    'a withdrawn attachment': 'zurueckgezogen;1\n',
  };
  return minimalArchive({
    'requests/10-akten/messages/101.yaml': {
      ...responseMessage([
        { id: 1000, name: 'liste.csv' },
        { id: 1001, name: 'offen.pdf', document: { id: 500 } },
        { id: 98763, name: 'vermerk.pdf', approved: false, document: { id: 98764, public: false } },
        { id: 98765, name: 'entwurf-intern.pdf', approved: false },
        { id: 98766, name: 'zurueckgezogen.csv', approved: false },
      ]),
      content: 'Der Bescheid geht an [[Mustermannstraße 5]].',
      subject: 'Bescheid an [[Mustermannstraße 5]]',
    },
    'requests/10-akten/files/101/offen.pdf': await pdf('Offener Bescheid'),
    'requests/10-akten/files/101/vermerk.pdf': privateFiles['the file of a private document made from an attachment']!,
    'requests/10-akten/files/101/entwurf-intern.pdf': privateFiles['an unapproved attachment']!,
    'requests/10-akten/files/101/zurueckgezogen.csv': privateFiles['a withdrawn attachment']!,
    'requests/10-akten/messages/98762.yaml': { id: 98762, kind: 'email', is_response: false, is_draft: true, sent: false, recipient_public_body: 1, timestamp: '2024-03-01T10:00:00+01:00', subject: 'Entwurf', content: 'Entwurfsnachricht an das Amt.' },
    'requests/98761-geheim/request.yaml': { id: 98761, slug: 'geheim', title: 'Unveroeffentlicht', description: 'Geheimanfrage', public: false, public_body: 1, law: 1, status: 'resolved', resolution: 'successful' },
    'requests/98761-geheim/messages/98767.yaml': {
      id: 98767,
      kind: 'email',
      is_response: true,
      sender_public_body: 1,
      timestamp: '2024-02-01T10:00:00+01:00',
      subject: 'Geheimanfrage',
      content: 'Verschlusssache.',
      attachments: [{ id: 98768, name: 'akte.csv' }],
    },
    'requests/98761-geheim/files/98767/akte.csv': privateFiles['an attachment of an unpublished request']!,
    'documents/600-gutachten/document.yaml': { id: 600, file: 'g.pdf', listed: false, uid: IMPORTED_UID, published_at: '2024-03-01T00:00:00+01:00' },
    'documents/600-gutachten/g.pdf': await pdf('Gutachten unlisted'),
    'documents/601-intern/document.yaml': { id: 601, file: 'i.pdf', public: false, uid: PRIVATE_UID },
    'documents/601-intern/i.pdf': privateFiles['a private imported document']!,
    'collections/1.yaml': {
      id: 1,
      title: 'Arbeitsstand',
      listed: false,
      uid: COLLECTION_UID,
      created_at: '2024-05-01T10:00:00+02:00',
      directories: [{ id: 7, name: 'Entwürfe' }],
      documents: [{ document: 600, directory: 7 }, { document: 500 }],
    },
  });
}

interface Finding {
  where: string;
  marker: string;
}

/** The markers of this archive; each says what it stands for. */
function markers(): [marker: string, what: string][] {
  const found: [string, string][] = [];
  for (const [uid, what] of [
    [COLLECTION_UID, 'uid of the unlisted collection'],
    [IMPORTED_UID, 'uid of an unlisted document only that collection shows'],
  ] as const) {
    found.push([uid, what], [uid.replace(/-/g, ''), `${what} (hex)`]);
  }
  found.push([mediaPaths.documentDir(IMPORTED_UID, true), 'media directory of the unlisted document']);
  // The media directories a private document would have, public or private (its uid is derived from its id when content gives none).
  for (const uid of [PRIVATE_UID, uuidFromId(98764)]) {
    for (const open of [true, false]) found.push([mediaPaths.documentDir(uid, open), 'media directory of a private document']);
    found.push([uid, 'uid of a private document'], [uid.replace(/-/g, ''), 'uid of a private document (hex)']);
  }
  for (const [what, text] of Object.entries(SECRET_TEXTS)) found.push([text, what]);
  for (const [what, bytes] of Object.entries(privateFiles)) found.push([sha256(bytes), `sha256 of ${what}`]);
  found.push([KEY_SECRET, 'the token key'], [Buffer.from(KEY_SECRET).toString('base64url').slice(0, 24), 'the token key (base64url)']);
  return found;
}

/** Where a secret may appear: a path that itself holds that secret (only who has it finds it). */
function allowedAt(where: string, marker: string): boolean {
  for (const uid of [COLLECTION_UID, IMPORTED_UID]) {
    if (!where.includes(uid)) continue;
    // Behind the collection's uid: the collection's own files name its documents' uids and media.
    if (uid === COLLECTION_UID && [IMPORTED_UID, IMPORTED_UID.replace(/-/g, ''), mediaPaths.documentDir(IMPORTED_UID, true)].includes(marker)) return true;
    if (marker === uid || marker === uid.replace(/-/g, '')) return true;
    if (uid === IMPORTED_UID && marker === mediaPaths.documentDir(IMPORTED_UID, true)) return true;
  }
  return false;
}

function scan(where: string, text: string, all: [string, string][], findings: Finding[]): void {
  for (const [marker, what] of all) if (text.includes(marker) && !allowedAt(where, marker)) findings.push({ where, marker: `${what}: ${marker}` });
  for (const id of SECRET_IDS) if (new RegExp(`(?<![0-9a-f])${id}(?![0-9a-f])`).test(text)) findings.push({ where, marker: `id ${id} of an unpublished object` });
}

const LINK = /(?:https:\/\/archiv\.example\.org)?\/(?:api\/v1|media)\/[^"\s\\<>]*/g;

/** Every answer reachable from the API root without a token: links in answers, their next pages, media files without the token. */
async function crawl(server: PreviewServer, visit: (url: string, response: Response, body: Uint8Array) => void): Promise<number> {
  const seen = new Set<string>();
  const queue = ['/api/v1/', '/api/v1/schema/'];
  while (queue.length > 0 && seen.size < 3000) {
    const path = queue.shift()!;
    if (seen.has(path)) continue;
    seen.add(path);
    const response = await fetch(new URL(path, server.url));
    const body = new Uint8Array(await response.arrayBuffer());
    visit(path, response, body);
    if (path.startsWith('/media/') || !(response.headers.get('content-type') ?? '').includes('json')) continue;
    for (const match of new TextDecoder().decode(body).matchAll(LINK)) {
      const url = new URL(match[0].replace(/&amp;/g, '&'), BASE);
      if (/\{|%7B/i.test(url.pathname)) continue;
      // Media without their token: only what needs none answers.
      if (url.pathname.startsWith('/media/')) url.search = '';
      queue.push(`${url.pathname}${url.search}`);
    }
  }
  return seen.size;
}

const check = contentChecker();

describe('privacy audit: nothing private leaves through the CDN', () => {
  let built: BuiltTree;
  let server: PreviewServer;
  let all: [string, string][];

  beforeAll(async () => {
    built = await buildTree(await tree(), { images: true, downloads: true, env: { MEDIA_TOKEN_KEYS: `audit:${KEY_SECRET}` } });
    server = await startPreviewServer({ buildDir: built.buildDir, media: built.media, port: 0, env: { MEDIA_TOKEN_KEYS: `audit:${KEY_SECRET}` }, now: () => BUILD_CLOCK });
    all = markers();
  }, 180_000);
  afterAll(async () => {
    await server?.close();
    await built?.remove();
  });

  it('no file of build/ holds a private marker outside a path that itself needs the secret', async () => {
    const findings: Finding[] = [];
    const files = await built.files();
    expect(files.length).toBeGreaterThan(100);
    for (const file of files) scan(file, await readFile(join(built.buildDir, file), 'latin1'), all, findings);
    // The same, read as UTF-8: the texts with umlauts.
    for (const file of files) scan(file, await readFile(join(built.buildDir, file), 'utf8'), all, findings);
    // The data downloads are compressed: their objects are read as a reader gets them (src/downloads/).
    const downloads = files.filter((file) => file.startsWith('downloads/') && file !== 'downloads/manifest.json');
    expect(downloads.filter((file) => file.endsWith('.parquet')).length).toBeGreaterThanOrEqual(5);
    for (const file of downloads) scan(file, await downloadText(join(built.buildDir, file)), all, findings);
    expect([...new Map(findings.map((finding) => [`${finding.where} ${finding.marker}`, finding])).values()]).toEqual([]);
  });

  it('no answer reachable without a token holds one, and every media file it links is public bytes', async () => {
    const findings: Finding[] = [];
    const privateHashes = new Set(Object.values(privateFiles).map(sha256));
    let media = 0;
    const visited = await crawl(server, (url, response, body) => {
      scan(url, new TextDecoder().decode(body), all, findings);
      if (url.startsWith('/media/') && response.status === 200) {
        media++;
        if (privateHashes.has(sha256(body))) findings.push({ where: url, marker: 'private bytes' });
      }
    });
    expect(visited).toBeGreaterThan(60);
    expect(media).toBeGreaterThan(2);
    expect(findings).toEqual([]);
  });

  it('the media store holds none of the private bytes, so no path of any deploy can name them', async () => {
    const stored = new Set<string>();
    for await (const hash of built.media.list()) stored.add(hash);
    expect(stored.size).toBeGreaterThan(2);
    for (const [what, bytes] of Object.entries(privateFiles)) expect(stored.has(sha256(bytes)), what).toBe(false);
  });

  it('the secrets still open what they guard, as froide does', async () => {
    const get = (path: string) => fetch(new URL(path, server.url));
    expect((await get('/api/v1/documentcollection/1/')).status).toBe(401);
    const collection = await (await get(`/api/v1/documentcollection/1/?uid=${COLLECTION_UID}`)).json();
    expect(collection.documents.map((document: { id: number }) => document.id)).toEqual([500]);
    const listed = await (await get(`/api/v1/document/?collection=1&uid=${COLLECTION_UID}`)).json();
    expect(listed.objects.map((document: { id: number }) => document.id)).toEqual([500]);
    expect((await (await get('/api/v1/document/?collection=1')).json()).objects).toEqual([]);
    expect((await (await get(`/api/v1/document/?collection=1&uid=${IMPORTED_UID}`)).json()).objects).toEqual([]);
    const inDirectory = await (await get(`/api/v1/documentcollection/1/?uid=${COLLECTION_UID}&directory=7`)).json();
    expect(inDirectory.documents.map((document: { id: number }) => document.id)).toEqual([600]);
    expect((await get(`/api/v1/document/600/?uid=${IMPORTED_UID}`)).status).toBe(200);
    // froide: a private document answers an anonymous caller as one that does not exist.
    for (const path of ['/api/v1/document/601/', `/api/v1/document/601/?uid=${PRIVATE_UID}`, '/api/v1/document/98764/']) expect((await get(path)).status, path).toBe(404);
  });
});

describe('privacy is decided per bytes, once (docs/content-guide.md#private-documents)', () => {
  it('check refuses a private document made from a published attachment, saying what to change', async () => {
    const { problems } = await check(
      minimalArchive({
        'requests/10-akten/messages/101.yaml': responseMessage([{ id: 1001, name: 'bescheid.pdf', document: { id: 500, public: false } }]),
        'requests/10-akten/files/101/bescheid.pdf': '%PDF-1.4 not read by check',
      }),
    );
    expect(problems.errors.map((problem) => [problem.file, problem.path, problem.kind, problem.hint])).toEqual([
      ['requests/10-akten/messages/101.yaml', 'attachments[0].document.public', 'PrivateDocumentOfPublishedAttachment', 'to keep the file private, write "approved: false" on attachment 1001 (then neither is published); to publish both, remove "public: false"'],
    ]);
  });

  it('check refuses a file kept private whose bytes a published file has, naming both', async () => {
    const { problems } = await check(
      minimalArchive({
        'requests/10-akten/messages/101.yaml': responseMessage([
          { id: 1000, name: 'liste.csv' },
          { id: 1001, name: 'kopie.csv', approved: false },
        ]),
        'requests/10-akten/files/101/kopie.csv': 'a;b\n1;2\n',
        'documents/601-intern/document.yaml': { id: 601, file: 'i.pdf', public: false },
        'documents/601-intern/i.pdf': 'a;b\n1;2\n',
        'documents/602-anders/document.yaml': { id: 602, file: 'j.pdf', public: false },
        'documents/602-anders/j.pdf': 'a;b\n1;3\n',
      }),
    );
    expect(problems.errors.map((problem) => `${problem.file} ${problem.path}: ${problem.message}`).sort()).toEqual([
      'documents/601-intern/document.yaml file: private document 601 (documents/601-intern/i.pdf) is not published, but attachment 1000 (requests/10-akten/files/101/liste.csv) has the same bytes and is published: anyone can download what private document 601 keeps private',
      'requests/10-akten/messages/101.yaml attachments[1]: attachment 1001 (requests/10-akten/files/101/kopie.csv) is not published, but attachment 1000 (requests/10-akten/files/101/liste.csv) has the same bytes and is published: anyone can download what attachment 1001 keeps private',
    ]);
  });
});
