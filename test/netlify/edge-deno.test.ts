/**
 * Every Edge Function in Deno, the runtime Netlify runs them in, against the same function in
 * Node. One table of cases (request, what `context.next()` answers, env); the
 * vitest process runs it, one Deno subprocess runs it (test/helpers/deno.ts), and each case
 * checks its facts on the Node answer and that Deno's answer equals it field by field.
 *
 * To add a case, add an entry to CASES; to add a function, give it cases (a test below fails
 * for a function without any). A case that needs a server starts it on 127.0.0.1 (the only
 * host Deno may reach) in `deploy` below and puts its address into the URL or the env.
 */
import { readdir, readFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signScope, tokenScope } from '../../src/formats/media-token.ts';
import { DEVELOPMENT_KEY, type TokenKey } from '../../src/formats/token-keys.ts';
import { TOKENS_REFUSED_DETAIL } from '../../src/serve/shared/minting.ts';
import { mediaPaths } from '../../src/api/media-paths.ts';
import { startPreviewServer } from '../../src/serve/preview/server.ts';
import { runEdgeCases, type EdgeCase, type EdgeRun, type EdgeRunResult, type WireResponse } from '../helpers/edge-cases.ts';
import { EDGE_PACKAGES, runInDeno, type DenoResult } from '../helpers/deno.ts';
import { startBlobsServer } from '../helpers/media.ts';
import { ATTACHMENT_ID, KEYS, MEDIA, PDF_BYTES, PNG_BYTES, putFixtureMedia, sha256, URLS, writeFixtureBuild } from '../serve/fixture.ts';
import { mediaPathOf, verifyToken } from '../../src/formats/media-token.ts';

const ROOT = resolve(import.meta.dirname, '../..');

// --- servers the cases reach ---------------------------------------------------------------

// The deploy: the media function reads the media index (`_data/media/index/`) from the
// request's origin (docs/netlify.md#functions). The preview serves the fixture build's files as
// Netlify's CDN would. The media bytes are in a Netlify Blobs store: @netlify/blobs' own
// BlobsServer, which the function reaches through NETLIFY_BLOBS_CONTEXT (edge access), as on Netlify.
const buildDir = await mkdtemp(join(tmpdir(), 'edge-deno-'));
await writeFixtureBuild(buildDir);
const deploy = await startPreviewServer({ buildDir, port: 0 });
const blobs = await startBlobsServer();
await putFixtureMedia(blobs.store());
afterAll(async () => {
  await deploy.close();
  await blobs.stop();
  await rm(buildDir, { recursive: true, force: true });
});

// --- the table -----------------------------------------------------------------------------

interface Expected {
  status: number;
  /** How often the function passed the request on; 0 for every refusal. */
  nextCalls: number;
  /** Headers the answer must carry (a subset); null: must not carry. */
  headers?: Record<string, string | null>;
  /** The body as text, a pattern of the text, or bytes; null: no body; absent: not checked. */
  body?: string | RegExp | WireResponse['body'];
}

interface Case extends EdgeCase {
  name: string;
  expect: Expected;
  /**
   * The answer carries minted tokens: each must open its file now (checked on both runtimes'
   * answers with the gate's own check); the runtimes may mint in different seconds, so the
   * token values and the ETag are compared as placeholders.
   */
  minted?: true;
}

const API = 'https://archive.test/api/v1';
const JSON_TYPE = { 'content-type': 'application/json' };

/** What the CDN answers for a built detail file. */
const STATIC_JSON: WireResponse = {
  status: 200,
  headers: { ...JSON_TYPE, etag: '"static"', 'cache-control': 'public, max-age=0, must-revalidate' },
  body: { text: '{"id":7}' },
};

const api = (fn: string, name: string, request: EdgeCase['request'], expected: Expected, next: WireResponse = STATIC_JSON): Case => ({
  fn,
  name,
  request: { ...request, url: `${API}${request.url}` },
  next,
  expect: expected,
});

const notFound = '{"detail":"Not found."}';
/** A static list page as the CDN answers it, with the list's Allow from _headers. */
const CSV_LIST_JSON: WireResponse = {
  status: 200,
  headers: { ...JSON_TYPE, allow: 'GET, POST, HEAD, OPTIONS', etag: '"static"' },
  body: { text: '{"meta":{"total_count":2},"objects":[{"id":7,"title":"x, \\"y\\"","tags":["a"]},{"id":8,"title":"z","tags":[]}]}' },
};
/** The function's JSON 404 for a path that names no view, as context.next() gives it behind the edge. */
const FUNCTION_404: WireResponse = { status: 404, headers: { ...JSON_TYPE, 'cache-control': 'no-cache' }, body: { text: notFound } };
/** A case on the deploy: api-detail reads detail files from the request's origin. */
const detail = (name: string, request: EdgeCase['request'], expected: Expected, next: WireResponse = STATIC_JSON): Case => ({
  ...api('api-detail', name, request, expected, next),
  request: { ...request, url: `${deploy.url}api/v1${request.url}` },
});
const MESSAGE_7 = await (async () => {
  const response = await fetch(`${deploy.url}api/v1/message/7/`);
  return { etag: response.headers.get('etag')!, body: await response.text() };
})();
const unauthenticated = { status: 401, nextCalls: 0, headers: { 'www-authenticate': 'Bearer realm="api"', ...JSON_TYPE }, body: '{"detail":"Authentication credentials were not provided."}' };
const form = (body: string, type: string) => ({ method: 'POST', headers: { 'content-type': type }, body });
const MULTIPART = 'multipart/form-data; boundary=XyZ';

const API_CASES: Case[] = [
  api('api-slash', 'a list without slash is a 301 that keeps the query', { url: '/message?limit=5&format=json' }, { status: 301, nextCalls: 0, headers: { location: '/api/v1/message/?limit=5&format=json' }, body: null }),
  api('api-slash', 'the root without slash is a 301', { url: '' }, { status: 301, nextCalls: 0, headers: { location: '/api/v1/' } }),
  api('api-slash', 'HEAD on a detail without slash is a 301 without body', { method: 'HEAD', url: '/message/7' }, { status: 301, nextCalls: 0, headers: { location: '/api/v1/message/7/' }, body: null }),
  api('api-slash', 'an unknown resource is the JSON 404', { url: '/nosuchthing' }, { status: 404, nextCalls: 0, headers: JSON_TYPE, body: notFound }),
  api('api-slash', 'an encoded slash is no path separator', { url: '/message%2F7' }, { status: 404, nextCalls: 0, body: notFound }),
  // Django appends the slash when the slashed path is a view: any id is one until it is looked up.
  api('api-slash', 'an encoded NUL in an id keeps its encoding in the 301', { url: '/message/7%00' }, { status: 301, nextCalls: 0, headers: { location: '/api/v1/message/7%00/' } }),
  api('api-slash', 'an encoded backslash in an id keeps its encoding in the 301', { url: '/message/%5C7' }, { status: 301, nextCalls: 0, headers: { location: '/api/v1/message/%5C7/' } }),
  api('api-slash', 'a raw backslash is a slash to the URL parser', { url: '\\message' }, { status: 301, nextCalls: 0, headers: { location: '/api/v1/message/' } }),
  api('api-slash', '%2e%2e is a dot segment the URL parser removes', { url: '/message/%2e%2e' }, { status: 200, nextCalls: 1, body: '{"id":7}' }),

  api('api-methods', 'OPTIONS on a list answers its metadata', { method: 'OPTIONS', url: '/message/' }, { status: 200, nextCalls: 0, headers: { ...JSON_TYPE, allow: 'GET, POST, HEAD, OPTIONS' }, body: /"name":"Foi Message List"/ }),
  api('api-methods', 'OPTIONS on a write action names the action', { method: 'OPTIONS', url: '/message/7/publish/' }, { status: 200, nextCalls: 0, headers: { allow: 'POST, OPTIONS' }, body: /"name":"Publish"/ }),
  api('api-methods', 'OPTIONS on request/search/ names the search', { method: 'OPTIONS', url: '/request/search/' }, { status: 200, nextCalls: 0, headers: { ...JSON_TYPE, allow: 'GET, HEAD, OPTIONS' }, body: /"name":"Search"/ }),
  api('api-methods', 'POST on request/search/ is the 401 of the view\'s permission (checked before the method)', { method: 'POST', url: '/request/search/?q=x' }, unauthenticated),
  api('api-slash', 'request/search without slash is a 301 that keeps the query', { url: '/request/search?q=Vertr%C3%A4ge' }, { status: 301, nextCalls: 0, headers: { location: '/api/v1/request/search/?q=Vertr%C3%A4ge' }, body: null }),
  api('api-methods', 'OPTIONS with an Accept no renderer meets is a 406', { method: 'OPTIONS', url: '/message/', headers: { accept: 'image/png' } }, { status: 406, nextCalls: 0, body: '{"detail":"Could not satisfy the request Accept header."}' }),
  api('api-methods', 'POST on a read-only list is a 401', { method: 'POST', url: '/message/', body: '{}' }, unauthenticated),
  api('api-methods', 'POST on a write action is a 401', { method: 'POST', url: '/message/7/publish/' }, unauthenticated),
  api('api-methods', 'POST with an unknown format is a 404 before permissions', { method: 'POST', url: '/message/?format=xml' }, { status: 404, nextCalls: 0, body: notFound }),
  api('api-methods', 'DELETE of a following is froide\'s 404', { method: 'DELETE', url: '/following/5/' }, { status: 404, nextCalls: 0, body: '{"detail":"No FoiRequestFollower matches the given query."}' }),
  api('api-methods', 'PUT on a venue (open, GET only) is a 405', { method: 'PUT', url: '/venue/1/' }, { status: 405, nextCalls: 0, headers: { allow: 'GET, HEAD, OPTIONS' }, body: '{"detail":"Method \\"PUT\\" not allowed."}' }),
  api('api-methods', 'PUT on a document (open, has PUT) is the 401 of froide\'s handler', { method: 'PUT', url: '/document/1/' }, unauthenticated),
  // api-csv renders the CDN's JSON of a bare list as CSV when Accept picks froide's CSV renderer.
  api('api-csv', 'Accept: text/csv renders the static JSON list as CSV with the list\'s headers', { url: '/request/', headers: { accept: 'text/csv' } }, { status: 200, nextCalls: 1, headers: { 'content-type': 'text/csv; charset=utf-8', allow: 'GET, POST, HEAD, OPTIONS', vary: 'Accept' }, body: 'id,tags.0,title\r\n7,a,"x, ""y"""\r\n8,,z\r\n' }, CSV_LIST_JSON),
  api('api-csv', 'Accept: text/* picks CSV too (the first renderer it admits)', { url: '/request/', headers: { accept: 'text/*' } }, { status: 200, nextCalls: 1, headers: { 'content-type': 'text/csv; charset=utf-8' }, body: /^id,tags\.0,title\r\n/ }, CSV_LIST_JSON),
  api('api-csv', 'a POST asking for CSV is passed on untouched (writes are api-methods\')', { method: 'POST', url: '/request/', headers: { accept: 'text/csv' } }, { status: 200, nextCalls: 1, headers: JSON_TYPE, body: '{"id":7}' }),
  api('api-csv', 'no Accept passes the JSON through untouched', { url: '/request/' }, { status: 200, nextCalls: 1, headers: JSON_TYPE, body: '{"id":7}' }),
  api('api-csv', 'a browser Accept passes through (HTML is not rendered here)', { url: '/request/', headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } }, { status: 200, nextCalls: 1, headers: JSON_TYPE }),
  api('api-csv', '?format=json with Accept: text/csv is DRF\'s 406 (format leaves JSON only)', { url: '/request/?format=json', headers: { accept: 'text/csv' } }, { status: 406, nextCalls: 0, headers: JSON_TYPE }),
  api('api-csv', '?format=json with Accept: */* passes through', { url: '/request/?format=json', headers: { accept: '*/*' } }, { status: 200, nextCalls: 1, headers: JSON_TYPE }),
  api('api-csv', 'an Accept no renderer of the view satisfies is the 406 the CDN cannot answer', { url: '/request/', headers: { accept: 'application/xml' } }, { status: 406, nextCalls: 0, headers: JSON_TYPE, body: '{"detail":"Could not satisfy the request Accept header."}' }),
  api('api-csv', 'an error answer stays JSON', { url: '/nosuch/', headers: { accept: 'text/csv' } }, { status: 404, nextCalls: 1, headers: JSON_TYPE }, FUNCTION_404),
  api('api-csv', 'an answer that is CSV already (the function\'s) passes through', { url: '/message/', headers: { accept: 'text/csv' } }, { status: 200, nextCalls: 1, headers: { 'content-type': 'text/csv; charset=utf-8' }, body: 'id\r\n1\r\n' }, { status: 200, headers: { 'content-type': 'text/csv; charset=utf-8' }, body: { text: 'id\r\n1\r\n' } }),

  api('api-methods', 'an annotation from JSON names its document', { ...form('{"document": 3}', 'application/json'), url: '/pageannotation/' }, { status: 400, nextCalls: 0, body: '{"document":["Invalid pk \\"3\\" - object does not exist."]}' }),
  api('api-methods', 'an annotation from malformed JSON is a parse error', { ...form('{"document": }', 'application/json'), url: '/pageannotation/' }, { status: 400, nextCalls: 0, body: /^\{"detail":"JSON parse error - / }),
  api('api-methods', 'an annotation from a form', { ...form('document=abc&document=4', 'application/x-www-form-urlencoded'), url: '/pageannotation/' }, { status: 400, nextCalls: 0, body: '{"document":["Invalid pk \\"4\\" - object does not exist."]}' }),
  api('api-methods', 'an annotation from multipart', { ...form('--XyZ\r\nContent-Disposition: form-data; name="document"\r\n\r\n5\r\n--XyZ--\r\n', MULTIPART), url: '/pageannotation/' }, { status: 400, nextCalls: 0, body: '{"document":["Invalid pk \\"5\\" - object does not exist."]}' }),
  api('api-methods', 'an annotation with a file as its document', { ...form('--XyZ\r\nContent-Disposition: form-data; name="document"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\n5\r\n--XyZ--\r\n', MULTIPART), url: '/pageannotation/' }, { status: 400, nextCalls: 0, body: /Expected pk value, received InMemoryUploadedFile/ }),
  api('api-methods', 'DELETE through %2e%2e lands on the root: 401', { method: 'DELETE', url: '/message/%2e%2e/' }, unauthenticated),

  // api-detail fetches a static detail from its shard file on the deploy (the fixture build on
  // the preview) and passes everything else to context.next(): here, the function's answers.
  detail('Accept: text/csv on a detail goes on to the function, which renders CSV', { url: '/message/7/', headers: { accept: 'text/csv' } }, { status: 200, nextCalls: 1, headers: { 'content-type': 'text/csv; charset=utf-8' }, body: 'id\r\n7\r\n' }, { status: 200, headers: { 'content-type': 'text/csv; charset=utf-8' }, body: { text: 'id\r\n7\r\n' } }),
  detail('Accept: text/csv on a list action of detail shape renders its static JSON', { url: '/publicbody/autocomplete/', headers: { accept: 'text/csv' } }, { status: 200, nextCalls: 1, headers: { 'content-type': 'text/csv; charset=utf-8', allow: 'GET, POST, HEAD, OPTIONS' }, body: 'id,tags.0,title\r\n7,a,"x, ""y"""\r\n8,,z\r\n' }, CSV_LIST_JSON),
  detail('a missing numeric id is froide\'s JSON 404', { url: '/message/99999/' }, { status: 404, nextCalls: 0, headers: { ...JSON_TYPE, allow: 'GET, PUT, PATCH, HEAD, OPTIONS', 'cache-control': 'no-cache' }, body: '{"detail":"No FoiMessage matches the given query."}' }),
  detail('HEAD: the same 404 without body', { method: 'HEAD', url: '/message/99999/' }, { status: 404, nextCalls: 0, headers: JSON_TYPE, body: null }),
  detail('a non-numeric id is Not found', { url: '/message/abc/' }, { status: 404, nextCalls: 0, body: notFound }),
  detail('a built detail comes from its shard file with the view\'s headers', { url: '/message/7/' }, { status: 200, nextCalls: 0, headers: { ...JSON_TYPE, allow: 'GET, PUT, PATCH, HEAD, OPTIONS', etag: MESSAGE_7.etag }, body: MESSAGE_7.body }),
  detail('If-None-Match of the file is a 304 without body', { url: '/message/7/', headers: { 'if-none-match': MESSAGE_7.etag } }, { status: 304, nextCalls: 0, headers: { etag: MESSAGE_7.etag, 'content-type': null }, body: null }),
  detail('an Accept no renderer meets is a 406 before any fetch', { url: '/message/7/', headers: { accept: 'image/png' } }, { status: 406, nextCalls: 0 }),
  detail('an unknown format is a 404 before any fetch', { url: '/message/7/?format=xml' }, { status: 404, nextCalls: 0, body: notFound }),
  detail('a 404 of the function (venue) passes unchanged', { url: '/venue/5/' }, { status: 404, nextCalls: 1, body: FUNCTION_404.body }, FUNCTION_404),
  detail('an encoded slash in the id names no file: the function answers', { url: '/message/7%2F..%2F8/' }, { status: 404, nextCalls: 1, body: notFound }, FUNCTION_404),
  detail('an encoded backslash in the id names no file: the function answers', { url: '/message/..%5C8/' }, { status: 404, nextCalls: 1, body: notFound }, FUNCTION_404),
  detail('an encoded NUL id is Not found', { url: '/message/%00/' }, { status: 404, nextCalls: 0, body: notFound }),
  detail('%2e%2e lands on the root, which the chain answers', { url: '/message/%2e%2e/' }, { status: 200, nextCalls: 1, body: '{"id":7}' }),
  {
    ...detail('a stored detail with a token slot is answered minted, with a short CDN lifetime', { url: `/attachment/${ATTACHMENT_ID}/` }, { status: 200, nextCalls: 0, headers: { ...JSON_TYPE, 'netlify-cdn-cache-control': 'public, durable, max-age=30', 'cache-control': 'public, max-age=0, must-revalidate' }, body: /"file_url":"https:\/\/archive\.test\/media\/foi\/5\/Bescheid%20vom%203\.%20M%C3%A4rz\.pdf\?token=[0-9a-z]+%3Anew%3A[\w-]{43}"/ }),
    env: { MEDIA_TOKEN_KEYS: KEYS.map((key) => `${key.kid}:${key.secret}`).join(',') },
    minted: true,
  },
  {
    ...detail('MEDIA_TOKEN_TTL sets the lifetime the CDN may keep a quarter of', { url: `/attachment/${ATTACHMENT_ID}/` }, { status: 200, nextCalls: 0, headers: { 'netlify-cdn-cache-control': 'public, durable, max-age=150' } }),
    env: { MEDIA_TOKEN_KEYS: KEYS.map((key) => `${key.kid}:${key.secret}`).join(','), MEDIA_TOKEN_TTL: '600' },
    minted: true,
  },
  detail('without MEDIA_TOKEN_KEYS a detail with a slot cannot be minted: a 500, never a raw slot', { url: `/attachment/${ATTACHMENT_ID}/` }, { status: 500, nextCalls: 0, headers: { ...JSON_TYPE, 'cache-control': 'no-cache' }, body: '{"detail":"A server error occurred."}' }),
  {
    ...detail('in production a key under 32 bytes mints nothing: a 503 that says so', { url: `/attachment/${ATTACHMENT_ID}/` }, { status: 503, nextCalls: 0, headers: { ...JSON_TYPE, 'cache-control': 'no-cache' }, body: JSON.stringify({ detail: TOKENS_REFUSED_DETAIL }) }),
    env: { MEDIA_TOKEN_KEYS: KEYS.map((key) => `${key.kid}:${key.secret}`).join(','), CONTEXT: 'production' },
  },
];

// Media: tokens signed now with the fixture keys (no clock to pin: both runtimes read the real one).
const now = Math.floor(Date.now() / 1000);
const MEDIA_TOKEN_KEYS = KEYS.map((key) => `${key.kid}:${key.secret}`).join(',');
const withToken = async (path: string, expiresAt = now + 60, key: TokenKey = KEYS[0]!) =>
  `?token=${encodeURIComponent(await signScope(tokenScope(path)!, expiresAt, key))}`;
/** A media URL on the deploy; the path is encoded by the caller (traversal cases need raw control). */
const mediaUrl = (rawPath: string, query = '') => `${deploy.url}media/${rawPath}${query}`;
const encoded = (path: string) => path.split('/').map(encodeURIComponent).join('/');

const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');
const OTHER_PRIVATE_DIR = mediaPaths.documentDir('12121212-3434-5656-7878-909090909090', false);
const NETLIFY_BLOBS_CONTEXT = blobs.edgeContext();

/** A media case: no `next` (the function never passes a media request on; calling it throws). */
const media = (name: string, url: string, expected: Expected, env: Record<string, string> = { MEDIA_TOKEN_KEYS }, headers?: Record<string, string>): Case => ({
  fn: 'media',
  name,
  request: { url, ...(headers ? { headers } : {}) },
  env: { ...env, NETLIFY_BLOBS_CONTEXT },
  expect: expected,
});
const served = (access: 'public' | 'token', bytes: Uint8Array = PDF_BYTES): Expected => ({
  status: 200,
  nextCalls: 0,
  headers: {
    'cache-control': access === 'token' ? 'private, no-store' : 'public, max-age=3600, must-revalidate',
    'x-content-type-options': 'nosniff',
    etag: `"${sha256(bytes)}"`,
    'content-length': String(bytes.byteLength),
  },
  body: bytes === PDF_BYTES ? new TextDecoder().decode(bytes) : { base64: base64(bytes) },
});
const refused = (message: RegExp): Expected => ({ status: 403, nextCalls: 0, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' }, body: message });
const missingFile: Expected = { status: 404, nextCalls: 0, body: 'Not found.\n' };
const PDF_SIZE = PDF_BYTES.byteLength;

const MEDIA_CASES: Case[] = [
  media('a public document without token', mediaUrl(encoded(MEDIA.publicPdf)), { ...served('public'), headers: { ...served('public').headers, 'content-type': 'application/pdf', 'content-disposition': "inline; filename*=UTF-8''public.pdf", 'accept-ranges': 'bytes' } }),
  media('an attachment with a valid token', mediaUrl(encoded(MEDIA.attachment), await withToken(MEDIA.attachment)), { ...served('token'), headers: { ...served('token').headers, 'content-disposition': `inline; filename*=UTF-8''${encodeURIComponent('Bescheid vom 3. März.pdf')}` } }),
  media('a token of the previous key (rotation)', mediaUrl(encoded(MEDIA.attachment), await withToken(MEDIA.attachment, now + 60, KEYS[1])), served('token')),
  media('a document token covers its page images: binary bytes unchanged', mediaUrl(encoded(MEDIA.privateImage), await withToken(MEDIA.privatePdf)), { ...served('token', PNG_BYTES), headers: { ...served('token', PNG_BYTES).headers, 'content-type': 'image/png' } }),
  media('a missing token', mediaUrl(encoded(MEDIA.attachment)), refused(/needs a token/)),
  media('an expired token', mediaUrl(encoded(MEDIA.attachment), await withToken(MEDIA.attachment, now - 60)), refused(/expired/)),
  media('a forged token', mediaUrl(encoded(MEDIA.attachment), (await withToken(MEDIA.attachment)).replace(/%3A(.)(?!.*%3A)/, (_, c: string) => `%3A${c === 'A' ? 'B' : 'A'}`)), refused(/not valid for this file/)),
  media('a malformed token', mediaUrl(encoded(MEDIA.attachment), '?token=nonsense'), refused(/malformed/)),
  media('a token that lives longer than MEDIA_TOKEN_TTL (a build-time token of 30 days)', mediaUrl(encoded(MEDIA.attachment), await withToken(MEDIA.attachment, now + 30 * 86_400)), refused(/outlives/)),
  media('a token of an hour under MEDIA_TOKEN_TTL=7200', mediaUrl(encoded(MEDIA.attachment), await withToken(MEDIA.attachment, now + 3600)), served('token'), { MEDIA_TOKEN_KEYS, MEDIA_TOKEN_TTL: '7200' }),
  media('a token of an unknown key', mediaUrl(encoded(MEDIA.attachment), await withToken(MEDIA.attachment, now + 60, { kid: 'gone', secret: 'x' })), refused(/no longer accepts/)),
  media('another document\'s token', mediaUrl(encoded(MEDIA.privatePdf), await withToken(`${OTHER_PRIVATE_DIR}/private.pdf`)), refused(/not valid for this file/)),
  media('another attachment\'s token', mediaUrl(encoded(MEDIA.attachment), await withToken(MEDIA.publicAttachment)), refused(/not valid for this file/)),
  media('a public attachment, marked so in the deploy\'s media index, without token', mediaUrl(encoded(MEDIA.publicAttachment)), served('public')),
  media('a public attachment with an expired token', mediaUrl(encoded(MEDIA.publicAttachment), await withToken(MEDIA.publicAttachment, now - 60)), served('public')),
  media('an attachment whose media index file is malformed needs its token', mediaUrl(encoded(MEDIA.brokenListAttachment)), refused(/needs a token/)),
  media('without MEDIA_TOKEN_KEYS no token verifies', mediaUrl(encoded(MEDIA.attachment), await withToken(MEDIA.attachment)), refused(/no longer accepts/), {}),
  media('without MEDIA_TOKEN_KEYS public documents still work', mediaUrl(encoded(MEDIA.publicPdf)), served('public'), {}),
  // The fixture keys have 29-byte secrets: refused in production, even for a token they signed.
  media('in production a key under 32 bytes opens no tokened file', mediaUrl(encoded(MEDIA.attachment), await withToken(MEDIA.attachment)), { status: 503, nextCalls: 0, headers: { 'cache-control': 'no-store' }, body: /^Files that need a token are not served: this site's media token key/ }, { MEDIA_TOKEN_KEYS, CONTEXT: 'production' }),
  media('in production the development key opens no tokened file', mediaUrl(encoded(MEDIA.privatePdf), await withToken(MEDIA.privatePdf, now + 60, DEVELOPMENT_KEY)), { status: 503, nextCalls: 0 }, { MEDIA_TOKEN_KEYS: `dev:${DEVELOPMENT_KEY.secret}`, NODE_ENV: 'production' }),
  media('in production with a weak key public documents still work', mediaUrl(encoded(MEDIA.publicPdf)), served('public'), { MEDIA_TOKEN_KEYS, CONTEXT: 'production' }),
  media('a valid token for a file the media index lacks is a 404', mediaUrl('foi/5/nothing.pdf', await withToken('foi/5/nothing.pdf')), missingFile),
  media('a range is a 206 with the bytes and Content-Range, cut from the Blobs stream', mediaUrl(encoded(MEDIA.publicPdf)), { status: 206, nextCalls: 0, headers: { 'content-range': `bytes 1-4/${PDF_SIZE}`, 'content-length': '4' }, body: 'PDF-' }, undefined, { range: 'bytes=1-4' }),
  media('a range beyond the end is a 416 with the size', mediaUrl(encoded(MEDIA.publicPdf)), { status: 416, nextCalls: 0, headers: { 'content-range': `bytes */${PDF_SIZE}` }, body: null }, undefined, { range: `bytes=${PDF_SIZE}-` }),
  media('If-None-Match with the sha256 is a 304', mediaUrl(encoded(MEDIA.publicPdf)), { status: 304, nextCalls: 0, headers: { etag: `"${sha256(PDF_BYTES)}"`, 'content-type': null }, body: null }, undefined, { 'if-none-match': `"${sha256(PDF_BYTES)}"` }),
  media('an object the store lacks is a 500', mediaUrl(encoded(MEDIA.lostPdf)), { status: 500, nextCalls: 0, body: 'Internal error.\n' }),
  // Traversal: nothing may leave the area its first segment names, or the media tree.
  media('%2e%2e out of docs/ lands in foi/, which needs a token', mediaUrl(`docs/%2e%2e/${encoded(MEDIA.attachment)}`), refused(/needs a token/)),
  media('.. out of docs/ lands in docs-private/, which needs a token', mediaUrl(`docs/../${encoded(MEDIA.privatePdf)}`), refused(/needs a token/)),
  media('raw backslashes are slashes, and their .. is resolved', mediaUrl(`docs\\..\\${encoded(MEDIA.attachment).replaceAll('/', '\\')}`), refused(/needs a token/)),
  media('dot segments resolve before the token is checked', mediaUrl(encoded(MEDIA.attachment).replace(/^foi\//, 'foi/x/%2E%2E/'), await withToken(MEDIA.attachment)), served('token')),
  media('an encoded slash is refused', mediaUrl(`docs/x%2F..%2F..%2F${encoded(MEDIA.attachment).replaceAll('/', '%2F')}`), missingFile),
  media('%2e%2e%2f is refused', mediaUrl('docs/%2e%2e%2ffoi%2f5%2fa.pdf'), missingFile),
  media('an encoded NUL is refused', mediaUrl('docs/a%00.pdf'), missingFile),
  media('an encoded backslash is refused', mediaUrl('docs/..%5Cfoi%5C5%5Ca.pdf'), missingFile),
  media('an empty segment is refused', mediaUrl('docs//public.pdf'), missingFile),
  media('a malformed escape is refused', mediaUrl('docs/%E0%A4%A.pdf'), missingFile),
  media('an unknown area is refused', mediaUrl('secret/x.pdf'), missingFile),
  media('%2e%2e above the mount is no media path', mediaUrl('%2e%2e/_data/manifest.json'), missingFile),
];

const CASES: Case[] = [...API_CASES, ...MEDIA_CASES];

/**
 * Packages Deno must import from node_modules by bare specifier: the Edge Functions' own and
 * `marked`, which proves the mechanism while they have none (pure ESM, so both runtimes list
 * the same exports; a dual CJS/ESM package may differ, Deno adding `module.exports`).
 */
const PACKAGES = ['marked', ...EDGE_PACKAGES];

/**
 * Checks every token of a minted answer as the media gate would, now, and returns the answer
 * with the token values and the ETag replaced by placeholders (they depend on the second).
 */
async function checkedTokens(wire: WireResponse, env: Record<string, string> | undefined): Promise<WireResponse> {
  const text = wire.body && 'text' in wire.body ? wire.body.text : '';
  const links = [...text.matchAll(/"(https:[^"]+)\?token=([^"]+)"/g)];
  expect(links.length, 'minted links').toBeGreaterThan(0);
  const ttl = Number(env?.MEDIA_TOKEN_TTL ?? 120);
  for (const [, url, token] of links) {
    const scope = mediaPathOf(new URL(url!).pathname, new URL(URLS.mediaUrl).pathname)!;
    const seconds = Math.floor(Date.now() / 1000);
    expect(await verifyToken(decodeURIComponent(token!), scope, KEYS, seconds, ttl), url).toEqual({ ok: true });
    expect(parseInt(decodeURIComponent(token!).split(':')[0]!, 36), 'expiry: minted now + MEDIA_TOKEN_TTL').toBeGreaterThan(seconds + ttl - 30);
  }
  return { ...wire, headers: { ...wire.headers, etag: '"minted"' }, body: { text: text.replace(/\?token=[^"]+"/g, '?token=TOKEN"') } };
}

// --- the runs ------------------------------------------------------------------------------

let node: EdgeRunResult;
let deno: DenoResult;

beforeAll(async () => {
  const run: EdgeRun = { packages: PACKAGES, cases: CASES.map(({ name: _, expect: __, ...edgeCase }) => edgeCase) };
  [deno, node] = await Promise.all([runInDeno(run), runEdgeCases(run)]);
});

describe('the Deno run', () => {
  it('is Deno 2.9 from the pinned npm package', async () => {
    const pinned = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8')).devDependencies.deno;
    expect(deno.deno).toBe(pinned);
    expect(deno.deno).toMatch(/^2\.9\./);
  });

  it('imports npm packages from the project\'s node_modules by bare specifier', () => {
    expect(deno.packages.marked).toContain('marked');
    expect(deno.packages).toEqual(node.packages);
  });

  it('answers every case', () => {
    expect(deno.answers).toHaveLength(CASES.length);
    expect(node.answers).toHaveLength(CASES.length);
  });

  it('has cases for every Edge Function', async () => {
    const functions = (await readdir(join(ROOT, 'src/netlify/edge-functions'))).filter((name) => name.endsWith('.ts')).map((name) => name.slice(0, -3));
    expect(new Set(CASES.map((c) => c.fn))).toEqual(new Set(functions));
  });
});

describe.each([...new Set(CASES.map((c) => c.fn))])('%s in Node and Deno', (fn) => {
  const cases = CASES.map((c, index) => ({ ...c, index })).filter((c) => c.fn === fn);

  it.each(cases.map((c) => [c.name, c] as const))('%s', async (_, c) => {
    const [inNode, inDeno] = [node.answers[c.index]!, deno.answers[c.index]!];
    expect(inNode.threw, 'Node threw').toBeUndefined();
    expect(inDeno.threw, 'Deno threw').toBeUndefined();
    const response = inNode.response!;

    // The facts, on Node's answer.
    expect(response.status, 'status').toBe(c.expect.status);
    expect(inNode.nextCalls, 'context.next() calls').toBe(c.expect.nextCalls);
    for (const [name, value] of Object.entries(c.expect.headers ?? {})) expect(response.headers[name], name).toBe(value ?? undefined);
    const body = c.expect.body;
    if (body instanceof RegExp) expect(response.body && 'text' in response.body ? response.body.text : response.body, 'body').toMatch(body);
    else if (body !== undefined) expect(response.body, 'body').toEqual(typeof body === 'string' ? { text: body } : body);

    // Minted tokens open their file, in either runtime's answer.
    const [nodeWire, denoWire] = c.minted ? [await checkedTokens(response, c.env), await checkedTokens(inDeno.response!, c.env)] : [response, inDeno.response];

    // Deno answers the same, field by field.
    expect.soft(inDeno.nextCalls, 'Deno: context.next() calls').toBe(inNode.nextCalls);
    expect.soft(denoWire?.status, 'Deno: status').toBe(nodeWire.status);
    expect.soft(denoWire?.statusText, 'Deno: status text').toBe(nodeWire.statusText);
    expect.soft(denoWire?.headers, 'Deno: headers').toEqual(nodeWire.headers);
    expect.soft(denoWire?.body, 'Deno: body').toEqual(nodeWire.body);
  });
});
