/**
 * One suite of API facts, run against every implementation: the core handler
 * called with `new Request`, the Netlify function adapter, and the local preview over real
 * sockets. Fixture: test/serve/fixture.ts.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { MESSAGE_KINDS } from '../../src/content/schema.ts';
import { urls } from './fixture.ts';

export type Client = (path: string, init?: RequestInit) => Promise<Response>;

const API_HEADERS = (allow: string) => ({
  'content-type': 'application/json',
  vary: 'Accept',
  allow,
  'access-control-allow-origin': '*',
});

function expectHeaders(response: Response, expected: Record<string, string>): void {
  for (const [name, value] of Object.entries(expected)) expect(response.headers.get(name), name).toBe(value);
}

async function json(response: Response): Promise<any> {
  expect(response.headers.get('content-type')).toBe('application/json');
  return response.json();
}

const ids = (body: any) => body.objects.map((o: any) => o.id);
const list = (resource: 'message' | 'request' | 'page' | 'publicbody', query: Record<string, string | number> = {}) =>
  urls.list(resource, query);

/**
 * `differs`: tests (by name) whose answers a local runtime gives differently from the CDN, each
 * with the difference; they are skipped on that implementation, saying why.
 */
export function apiContract(name: string, client: () => Client, differs: Record<string, string> = {}): void {
  describe(`API contract: ${name}`, () => {
    beforeEach((context) => {
      const why = differs[context.task.name];
      if (why) context.skip(why);
    });
    describe('pagination', () => {
      it('answers any limit/offset from the page files, with absolute next/previous', async () => {
        const response = await client()('/api/v1/message/?limit=20&offset=45');
        expect(response.status).toBe(200);
        const body = await json(response);
        expect(Object.keys(body)).toEqual(['meta', 'objects']);
        expect(body.meta).toEqual({
          limit: 20,
          next: list('message', { limit: 20, offset: 65 }),
          offset: 45,
          previous: list('message', { limit: 20, offset: 25 }),
          total_count: 120,
        });
        expect(ids(body)).toEqual(Array.from({ length: 20 }, (_, i) => 46 + i));
      });

      it.each([
        ['limit=0', 50, 0],
        ['limit=-3', 50, 0],
        ['limit=abc', 50, 0],
        ['limit=51', 50, 0],
        ['limit=1000', 50, 0],
        ['limit=+7', 7, 0],
        ['offset=-1', 50, 0],
        ['offset=x', 50, 0],
        ['limit=5&limit=9', 9, 0],
      ])('parses %s like froide', async (query, limit, offset) => {
        const body = await json(await client()(`/api/v1/message/?${query}`));
        expect(body.meta.limit).toBe(limit);
        expect(body.meta.offset).toBe(offset);
        expect(body.objects).toHaveLength(limit);
      });

      it('answers an offset at or past the end with no objects and no next', async () => {
        for (const offset of [120, 500]) {
          const body = await json(await client()(`/api/v1/message/?offset=${offset}&limit=10`));
          expect(body.objects).toEqual([]);
          expect(body.meta.next).toBeNull();
          expect(body.meta.previous).toBe(list('message', { limit: 10, offset: offset - 10 }));
          expect(body.meta.total_count).toBe(120);
        }
      });

      it('keeps the request’s other parameters in next/previous, keys sorted, + for spaces', async () => {
        const body = await json(await client()('/api/v1/message/?zz=a%20b&limit=10&offset=10&aa=1'));
        expect(body.meta.next).toBe('https://archive.test/api/v1/message/?aa=1&limit=10&offset=20&zz=a+b');
        expect(body.meta.previous).toBe('https://archive.test/api/v1/message/?aa=1&limit=10&offset=0&zz=a+b');
      });

      it('keeps every value of a repeated parameter in next/previous, in request order', async () => {
        const body = await json(await client()('/api/v1/message/?request=3&limit=2&offset=2&request=1&q=x&q=y'));
        expect(body.meta.next).toBe('https://archive.test/api/v1/message/?limit=2&offset=4&q=x&q=y&request=3&request=1');
        expect(body.meta.previous).toBe('https://archive.test/api/v1/message/?limit=2&offset=0&q=x&q=y&request=3&request=1');
      });

      it('the last page has next null; the first has previous null', async () => {
        const last = await json(await client()('/api/v1/message/?limit=50&offset=100'));
        expect(ids(last)).toHaveLength(20);
        expect(last.meta.next).toBeNull();
        const first = await json(await client()('/api/v1/message/?limit=50&offset=0'));
        expect(first.meta.previous).toBeNull();
        expect(first.meta.next).toBe(list('message', { limit: 50, offset: 50 }));
      });

      it('keeps facets on faceted lists', async () => {
        const body = await json(await client()('/api/v1/publicbody/?limit=2'));
        expect(Object.keys(body)).toEqual(['meta', 'objects', 'facets']);
        expect(body.facets).toEqual({ fields: {} });
      });
    });

    describe('format', () => {
      it('adds format=api to every API link and to no other URL', async () => {
        const body = await json(await client()('/api/v1/message/?format=api&limit=2&offset=1'));
        expect(body.meta.next).toBe(list('message', { format: 'api', limit: 2, offset: 3 }));
        expect(body.meta.previous).toBe(list('message', { format: 'api', limit: 2, offset: 0 }));
        const [first, second] = body.objects;
        expect(first.resource_uri).toBe(`${urls.detail('message', 2)}?format=api`);
        expect(first.request).toBe(`${urls.detail('request', 2)}?format=api`);
        expect(first.sender_public_body).toBe(`${urls.detail('publicbody', 1)}?format=api`);
        expect(first.url).toBe('https://site.test/anfrage/r2/#nachricht-2');
        expect(second.sender_public_body).toBeNull();
        // froide adds format only to hyperlinked fields: message texts that quote a link stay as written.
        expect(first).toMatchObject({
          subject: `Re: ${urls.detail('request', 2)}`,
          content: urls.detail('request', 2),
          redacted_subject: [[false, 'Re: '], [true, '[geschwärzt]']],
          redacted_content: [[false, urls.detail('request', 2)]],
          sender: 'Behörde 1',
          status_name: 'Anfrage abgeschlossen',
          last_modified_at: '2024-03-01T10:00:00+01:00',
        });
        expect(Object.keys(first).slice(-8)).toEqual(['attachments', 'subject', 'content', 'redacted_subject', 'redacted_content', 'sender', 'status_name', 'last_modified_at']);
      });

      it('puts format=json on the root index links and detail links', async () => {
        const root = await json(await client()('/api/v1/?format=json'));
        expect(root.message).toBe(`${urls.list('message')}?format=json`);
        expect(Object.keys(root)).toHaveLength(21);
        const document = await json(await client()('/api/v1/document/1/?format=json'));
        expect(document.resource_uri).toBe(`${urls.detail('document', 1)}?format=json`);
        expect(document.foirequest).toBe(`${urls.detail('request', 1)}?format=json`);
        expect(document.pages_uri).toBe('/api/v1/page/?document=1');
        expect(document.file_url).toBe(urls.media('docs/11/11/11/11111111222233334444555555555555/public.pdf'));
      });

      it('answers an unknown format with a JSON 404', async () => {
        const response = await client()('/api/v1/message/?format=xml');
        expect(response.status).toBe(404);
        expect(await json(response)).toEqual({ detail: 'Not found.' });
      });

      it('gives browsers asking for format=api a readable HTML page with clickable links', async () => {
        const response = await client()('/api/v1/message/?format=api&limit=1', {
          headers: { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' },
        });
        expect(response.status).toBe(200);
        expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
        expect(response.headers.get('vary')).toBe('Accept');
        const html = await response.text();
        expect(html).toContain('<title>Foi Message List</title>');
        expect(html).toContain(`<a href="${urls.detail('message', 1)}?format=api">`);
        expect(html).toContain(`<a href="${list('message', { format: 'api', limit: 1, offset: 1 }).replaceAll('&', '&amp;')}">`);
        // Every URL is a link, the public site's too, as it stands in the JSON.
        // A page of the original site: marked as leaving the archive.
        expect(html).toContain('<a href="https://site.test/anfrage/r1/#nachricht-1" class="out" rel="external noopener noreferrer" title="The page on the original site, site.test: not part of this archive">');
      });

      it('pages a browsable list with first/previous/next/last links that keep limit and the other parameters', async () => {
        const response = await client()('/api/v1/message/?format=api&limit=20&offset=40&kind=email', { headers: { accept: 'text/html' } });
        const html = await response.text();
        const rels = Object.fromEntries([...html.matchAll(/<a rel="(\w+)" href="([^"]+)"/g)].map(([, rel, href]) => [rel, href!.replaceAll('&amp;', '&')]));
        const page = (offset: number) => list('message', { format: 'api', kind: 'email', limit: 20, offset });
        // 108 email messages (every tenth of 120 is post): the last page starts at 100.
        expect(rels).toEqual({ first: page(0), prev: page(20), next: page(60), last: page(100) });
        expect(html).toContain('Page 3 of 6 · objects 41–60 of 108');
      });

      it('shows a filter form built from the filter table that submits to the list itself', async () => {
        const html = await (await client()('/api/v1/message/?format=api&limit=5&is_response=true', { headers: { accept: 'text/html' } })).text();
        expect(html).toContain(`<form method="get" action="${list('message')}">`);
        expect(html).toContain('<input type="hidden" name="format" value="api"><input type="hidden" name="limit" value="5">');
        expect([...html.matchAll(/<(?:select|input) id="filter-(\w+)"/g)].map(([, name]) => name)).toEqual(['request', 'kind', 'is_response', 'is_draft']);
        const kinds = MESSAGE_KINDS.map((kind) => `<option value="${kind}">${kind}</option>`).join('');
        expect(html).toContain(`<select id="filter-kind" name="kind"><option value="" selected>any</option>${kinds}</select>`);
        expect(html).toContain('<option value="true" selected>yes</option>');
        expect(html).toContain('<details class="filters" open><summary>Filters (1 active)</summary>');
      });

      it('answers a bad filter from a browser with a browsable 400 that names the problem next to the form', async () => {
        const response = await client()('/api/v1/message/?format=api&kind=telegram', { headers: { accept: 'text/html' } });
        expect(response.status).toBe(400);
        expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
        expect(response.headers.get('cache-control')).toBe('no-cache');
        const html = await response.text();
        expect(html).toContain('<ul class="errors" role="alert"><li><b>kind</b>: Select a valid choice. telegram is not one of the available choices.</li></ul>');
        expect(html).toContain('<option value="telegram" selected>telegram</option>');
        expect(html).toContain('<b>HTTP 400 Bad Request</b>');
      });

      it('answers missing objects and refusals from a browser with browsable pages, status and headers kept', async () => {
        const accept = { headers: { accept: 'text/html' } };
        const missing = await client()('/api/v1/message/99999/?format=api', accept);
        expect(missing.status).toBe(404);
        expect(await missing.text()).toContain('<span class="s">&quot;No FoiMessage matches the given query.&quot;</span>');
        const login = await client()('/api/v1/upload/?format=api', accept);
        expect(login.status).toBe(401);
        expect(login.headers.get('www-authenticate')).toBe('Bearer realm="api"');
        expect(login.headers.get('content-type')).toBe('text/html; charset=utf-8');
        expect(await login.text()).toContain('<b>WWW-Authenticate:</b> Bearer realm=&quot;api&quot;');
        const head = await client()('/api/v1/upload/?format=api', { ...accept, method: 'HEAD' });
        expect(head.status).toBe(401);
        expect(head.headers.get('content-length')).toBe(login.headers.get('content-length'));
      });

      it('answers format=api without an HTML Accept with JSON', async () => {
        const response = await client()('/api/v1/message/?format=api&limit=1', { headers: { accept: 'application/json' } });
        expect(response.headers.get('content-type')).toBe('application/json');
      });
    });

    describe('content negotiation (docs/froide.md#formats-and-links, docs/froide.md#errors: DRF, q-values ignored)', () => {
      const NOT_ACCEPTABLE = { detail: 'Could not satisfy the request Accept header.' };

      // [path, Accept, method]: no renderer of the view (after format=) matches any media type.
      it.each([
        ['/api/v1/message/7/', 'application/xml', 'GET', 'GET, PUT, PATCH, HEAD, OPTIONS'],
        ['/api/v1/message/', 'application/xml', 'GET', 'GET, POST, HEAD, OPTIONS'],
        ['/api/v1/message/?limit=2', 'image/png, application/xml;q=0.9', 'GET', 'GET, POST, HEAD, OPTIONS'],
        ['/api/v1/', 'application/xml', 'GET', 'GET, HEAD, OPTIONS'],
        ['/api/v1/publicbody/autocomplete/', 'application/xml', 'GET', 'GET, HEAD, OPTIONS'],
        ['/api/v1/message/', 'application/javascript', 'GET', 'GET, POST, HEAD, OPTIONS'],
        ['/api/v1/message/', '', 'GET', 'GET, POST, HEAD, OPTIONS'],
        ['/api/v1/message/?format=json', 'text/html', 'GET', 'GET, POST, HEAD, OPTIONS'],
        ['/api/v1/message/?format=json', 'text/csv', 'GET', 'GET, POST, HEAD, OPTIONS'],
        ['/api/v1/message/?format=api', 'application/xml', 'GET', 'GET, POST, HEAD, OPTIONS'],
        // Negotiation comes before the permission check and the method lookup.
        ['/api/v1/message/', 'application/xml', 'OPTIONS', 'GET, POST, HEAD, OPTIONS'],
        ['/api/v1/message/', 'application/xml', 'POST', 'GET, POST, HEAD, OPTIONS'],
        ['/api/v1/following/5/', 'application/xml', 'GET', 'DELETE, OPTIONS'],
        ['/api/v1/upload/', 'application/xml', 'POST', 'POST, HEAD, OPTIONS'],
      ])('%s with Accept %o (%s) is a 406', async (path, accept, method, allow) => {
        const response = await client()(path, { method, headers: { accept } });
        expect(response.status).toBe(406);
        expectHeaders(response, API_HEADERS(allow));
        expect(await json(response)).toEqual(NOT_ACCEPTABLE);
      });

      it('answers HEAD with a 406 without a body', async () => {
        const response = await client()('/api/v1/message/7/', { method: 'HEAD', headers: { accept: 'application/xml' } });
        expect(response.status).toBe(406);
        expect(await response.text()).toBe('');
      });

      // Satisfiable by one of froide's renderers (JSON, CSV, browsable HTML; JSONP on
      // publicbody, RSS on page): the archive answers its JSON (docs/api.md#responses-and-links, docs/api.md).
      it.each([
        ['/api/v1/message/7/', '*/*'],
        ['/api/v1/message/7/', 'application/*'],
        ['/api/v1/message/7/', 'application/json;q=0'],
        ['/api/v1/message/7/', 'APPLICATION/JSON; indent=4'],
        ['/api/v1/message/7/', 'application/xml, */*;q=0.1'],
        ['/api/v1/message/?limit=1', 'text/html'],
        ['/api/v1/publicbody/', 'application/javascript'],
        ['/api/v1/page/', 'application/xml'],
        ['/api/v1/page/?document=1', 'application/xml'],
        ['/api/v1/message/?format=json', 'application/json'],
        ['/api/v1/message/?format=api', 'application/json'],
      ])('%s with Accept %o answers JSON', async (path, accept) => {
        const response = await client()(path, { headers: { accept } });
        expect(response.status).toBe(200);
        expect(response.headers.get('content-type')).toBe('application/json');
      });

      // An Accept that picks froide's CSV renderer before JSON, or ?format=csv: CSV (docs/serving.md, "CSV answers").
      it.each([
        ['/api/v1/message/7/', 'text/*'],
        ['/api/v1/message/', 'text/csv'],
        ['/api/v1/message/?format=', 'text/csv'],
        ['/api/v1/message/?format=csv', '*/*'],
        ['/api/v1/', 'text/csv, application/json'],
        ['/api/v1/publicbody/autocomplete/', 'text/csv'],
      ])('%s with Accept %o answers CSV', async (path, accept) => {
        const response = await client()(path, { headers: { accept } });
        expect(response.status).toBe(200);
        expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
        expect(response.headers.get('vary')).toBe('Accept');
        expect(await response.text()).toMatch(/^[^\r\n]+\r\n/);
      });

      it('checks an unknown format before Accept (404, not 406)', async () => {
        const response = await client()('/api/v1/message/?format=xml', { headers: { accept: 'application/xml' } });
        expect(response.status).toBe(404);
        expect(await json(response)).toEqual({ detail: 'Not found.' });
      });

      it('negotiates nothing for paths that are no view (a JSON 404, a 301)', async () => {
        expect((await client()('/api/v1/foo/', { headers: { accept: 'application/xml' } })).status).toBe(404);
        expect((await client()('/api/v1/message', { headers: { accept: 'application/xml' }, redirect: 'manual' })).status).toBe(301);
      });
    });

    describe('filters', () => {
      it('filters messages by request, combinable with pagination', async () => {
        const body = await json(await client()('/api/v1/message/?request=3&limit=5&offset=5'));
        expect(body.meta.total_count).toBe(17);
        expect(ids(body)).toEqual([38, 45, 52, 59, 66]);
        expect(body.meta.next).toBe(list('message', { limit: 5, offset: 10, request: 3 }));
      });

      it('combines filters', async () => {
        const body = await json(await client()('/api/v1/message/?request=3&kind=post&is_response=true'));
        expect(ids(body)).toEqual([10, 80]);
        expect(body.meta.total_count).toBe(2);
      });

      it('ignores an unreadable boolean and unknown parameters', async () => {
        const body = await json(await client()('/api/v1/message/?is_response=maybe&colour=blue&limit=1'));
        expect(body.meta.total_count).toBe(120);
      });

      it('answers invalid values with froide’s 400 body', async () => {
        const response = await client()('/api/v1/message/?request=abc&kind=letter');
        expect(response.status).toBe(400);
        expect(await json(response)).toEqual({
          request: ['Select a valid choice. That choice is not one of the available choices.'],
          kind: ['Select a valid choice. letter is not one of the available choices.'],
        });
        const unknown = await client()('/api/v1/message/?request=999');
        expect(unknown.status).toBe(400);
      });

      it('answers an existing id without matches with an empty list', async () => {
        const body = await json(await client()('/api/v1/document/?foirequest=7'));
        expect(body.meta.total_count).toBe(0);
        expect(body.objects).toEqual([]);
      });

      it('answers page/?document=<id> with that document’s pages', async () => {
        const body = await json(await client()('/api/v1/page/?document=2'));
        expect(body.objects.map((p: any) => [p.document, p.number])).toEqual([
          [urls.detail('document', 2), 1],
          [urls.detail('document', 2), 2],
        ]);
        expect(body.facets).toEqual({ fields: {} });
      });

      it('matches multi-valued text filters (request tags with spaces)', async () => {
        const body = await json(await client()('/api/v1/request/?tags=Umwelt+und+Klima&status=resolved'));
        expect(ids(body)).toEqual([1, 3, 5, 7]);
      });
    });

    describe('methods', () => {
      it('HEAD equals GET without a body', async () => {
        const get = await client()('/api/v1/message/?limit=3&offset=3');
        const head = await client()('/api/v1/message/?limit=3&offset=3', { method: 'HEAD' });
        expect(head.status).toBe(200);
        expect(await head.text()).toBe('');
        for (const name of ['content-type', 'etag', 'allow', 'vary', 'content-length']) {
          expect(head.headers.get(name), name).toBe(get.headers.get(name));
        }
      });

      // docs/froide.md#methods-and-options: DRF's default renderers (JSON, CSV, browsable HTML) on every view, the root
      // included; publicbody and georegion add JSONP, page adds RSS.
      const RENDERS = ['application/json', 'text/csv', 'text/html'];
      it.each([
        ['/api/v1/', 'Api Root', 'The default basic root view for DefaultRouter', 'GET, HEAD, OPTIONS', RENDERS],
        ['/api/v1/message/', 'Foi Message List', '', 'GET, POST, HEAD, OPTIONS', RENDERS],
        ['/api/v1/attachment/', 'Foi Attachment List', '', 'GET, POST, HEAD, OPTIONS', RENDERS],
        ['/api/v1/document/', 'Document List', '', 'GET, HEAD, OPTIONS', RENDERS],
        ['/api/v1/message/5/', 'Foi Message Instance', '', 'GET, PUT, PATCH, HEAD, OPTIONS', RENDERS],
        ['/api/v1/publicbody/', 'Public Body List', '', 'GET, HEAD, OPTIONS', [...RENDERS, 'application/javascript']],
        ['/api/v1/page/', 'Page List', '', 'GET, HEAD, OPTIONS', [...RENDERS, 'application/xml']],
        ['/api/v1/publicbody/autocomplete/', 'Autocomplete', '', 'GET, HEAD, OPTIONS', [...RENDERS, 'application/javascript']],
      ])('OPTIONS %s gives DRF metadata and Allow', async (path, name, description, allow, renders) => {
        const response = await client()(path, { method: 'OPTIONS' });
        expect(response.status).toBe(200);
        expectHeaders(response, API_HEADERS(allow));
        expect(await json(response)).toEqual({
          name,
          description,
          renders,
          parses: ['application/json', 'application/x-www-form-urlencoded', 'multipart/form-data'],
        });
      });

      it.each(['POST', 'PUT', 'PATCH', 'DELETE'])('%s answers 401 like froide for an anonymous caller', async (method) => {
        const response = await client()('/api/v1/message/', { method, body: method === 'DELETE' ? null : '{}' });
        expect(response.status).toBe(401);
        expect(response.headers.get('www-authenticate')).toBe('Bearer realm="api"');
        expectHeaders(response, API_HEADERS('GET, POST, HEAD, OPTIONS'));
        expect(await json(response)).toEqual({ detail: 'Authentication credentials were not provided.' });
      });

      it('POST on the document list is a 405 (no permission check there)', async () => {
        const response = await client()('/api/v1/document/', { method: 'POST', body: '{}' });
        expect(response.status).toBe(405);
        expect(await json(response)).toEqual({ detail: 'Method "POST" not allowed.' });
      });
    });

    describe('anonymous writes and extra actions (docs/froide.md#errors, the order of checks, docs/froide.md#methods-and-options)', () => {
      const UNAUTHENTICATED = { detail: 'Authentication credentials were not provided.' };
      const notAllowed = (method: string) => ({ detail: `Method "${method}" not allowed.` });
      const FORM = 'application/x-www-form-urlencoded';

      // [method, path, status, Allow, body]. DRF checks permissions before it looks up the
      // method: a view with a has_permission check refuses an anonymous unsafe method with 401;
      // one without (venue, campaigninformationobject, following, document, documentcollection,
      // pageannotation) answers 405 for a method it lacks and reaches the handler otherwise.
      it.each([
        ['POST', '/api/v1/', 401, 'GET, HEAD, OPTIONS', UNAUTHENTICATED],
        ['PUT', '/api/v1/venue/', 405, 'GET, POST, HEAD, OPTIONS', notAllowed('PUT')],
        ['POST', '/api/v1/venue/x:1/', 405, 'GET, HEAD, OPTIONS', notAllowed('POST')],
        ['POST', '/api/v1/venue/', 401, 'GET, POST, HEAD, OPTIONS', UNAUTHENTICATED],
        ['DELETE', '/api/v1/campaigninformationobject/?campaign=1', 405, 'GET, POST, HEAD, OPTIONS', notAllowed('DELETE')],
        ['PATCH', '/api/v1/campaigninformationobject/a1/?campaign=1', 405, 'GET, HEAD, OPTIONS', notAllowed('PATCH')],
        ['GET', '/api/v1/following/5/', 405, 'DELETE, OPTIONS', notAllowed('GET')],
        ['PUT', '/api/v1/following/5/', 405, 'DELETE, OPTIONS', notAllowed('PUT')],
        ['DELETE', '/api/v1/following/5/', 404, 'DELETE, OPTIONS', { detail: 'No FoiRequestFollower matches the given query.' }],
        ['DELETE', '/api/v1/following/abc/', 404, 'DELETE, OPTIONS', { detail: 'Not found.' }],
        ['PUT', '/api/v1/following/', 405, 'GET, POST, HEAD, OPTIONS', notAllowed('PUT')],
        ['POST', '/api/v1/following/', 401, 'GET, POST, HEAD, OPTIONS', UNAUTHENTICATED],
        ['POST', '/api/v1/pageannotation/', 400, 'GET, POST, HEAD, OPTIONS', { document: ['This field is required.'] }],
        ['PUT', '/api/v1/pageannotation/', 405, 'GET, POST, HEAD, OPTIONS', notAllowed('PUT')],
        ['DELETE', '/api/v1/pageannotation/1/', 401, 'GET, DELETE, HEAD, OPTIONS', UNAUTHENTICATED],
        ['DELETE', '/api/v1/document/1/', 405, 'GET, PUT, PATCH, HEAD, OPTIONS', notAllowed('DELETE')],
        ['PUT', '/api/v1/document/1/', 401, 'GET, PUT, PATCH, HEAD, OPTIONS', UNAUTHENTICATED],
        ['DELETE', '/api/v1/documentcollection/1/', 405, 'GET, HEAD, OPTIONS', notAllowed('DELETE')],
        ['DELETE', '/api/v1/message/5/', 401, 'GET, PUT, PATCH, HEAD, OPTIONS', UNAUTHENTICATED],
        // POST-only extra actions: Allow is POST, OPTIONS (DRF adds HEAD only to GET).
        ['POST', '/api/v1/message/101/publish/', 401, 'POST, OPTIONS', UNAUTHENTICATED],
        ['GET', '/api/v1/message/101/publish/', 405, 'POST, OPTIONS', notAllowed('GET')],
        ['POST', '/api/v1/attachment/6032/approve/', 401, 'POST, OPTIONS', UNAUTHENTICATED],
        ['POST', '/api/v1/attachment/6032/unapprove/', 401, 'POST, OPTIONS', UNAUTHENTICATED],
        ['POST', '/api/v1/attachment/6032/to_document/', 401, 'POST, OPTIONS', UNAUTHENTICATED],
        ['GET', '/api/v1/attachment/6032/to_document/', 405, 'POST, OPTIONS', notAllowed('GET')],
        ['POST', '/api/v1/attachment/convert_to_pdf/', 401, 'POST, OPTIONS', UNAUTHENTICATED],
        ['GET', '/api/v1/attachment/convert_to_pdf/', 405, 'POST, OPTIONS', notAllowed('GET')],
        ['POST', '/api/v1/campaigninformationobject/report/', 401, 'POST, OPTIONS', UNAUTHENTICATED],
        ['GET', '/api/v1/campaigninformationobject/subscribe/', 405, 'POST, OPTIONS', notAllowed('GET')],
        ['POST', '/api/v1/problemreport/3/claim/', 401, 'POST, OPTIONS', UNAUTHENTICATED],
        ['GET', '/api/v1/problemreport/3/escalate/', 401, 'POST, OPTIONS', UNAUTHENTICATED],
        ['OPTIONS', '/api/v1/problemreport/3/resolve/', 401, 'POST, OPTIONS', UNAUTHENTICATED],
        ['POST', '/api/v1/problemreport/3/unclaim/', 401, 'POST, OPTIONS', UNAUTHENTICATED],
      ])('%s %s answers %i like froide to an anonymous caller', async (method, path, status, allow, body) => {
        const response = await client()(path, { method });
        expect(response.status).toBe(status);
        expectHeaders(response, API_HEADERS(allow));
        expect(response.headers.get('www-authenticate')).toBe(status === 401 ? 'Bearer realm="api"' : null);
        expect(await json(response)).toEqual(body);
      });

      it('HEAD on a view without GET is a 405 without a body', async () => {
        for (const path of ['/api/v1/following/5/', '/api/v1/message/1/publish/']) {
          const response = await client()(path, { method: 'HEAD' });
          expect(response.status).toBe(405);
          expect(await response.text()).toBe('');
        }
      });

      it.each([
        ['/api/v1/message/101/publish/', 'Publish'],
        ['/api/v1/attachment/6032/approve/', 'Approve'],
        ['/api/v1/attachment/6032/to_document/', 'To document'],
        ['/api/v1/attachment/convert_to_pdf/', 'Convert to pdf'],
        ['/api/v1/campaigninformationobject/report/', 'Report'],
      ])('OPTIONS %s names the action (DRF pretty_name) with Allow POST, OPTIONS', async (path, name) => {
        const response = await client()(path, { method: 'OPTIONS' });
        expect(response.status).toBe(200);
        expectHeaders(response, API_HEADERS('POST, OPTIONS'));
        expect(await json(response)).toEqual({
          name,
          description: '',
          renders: ['application/json', 'text/csv', 'text/html'],
          parses: ['application/json', 'application/x-www-form-urlencoded', 'multipart/form-data'],
        });
      });

      it('OPTIONS on following/<id>/ is the instance view', async () => {
        const response = await client()('/api/v1/following/5/', { method: 'OPTIONS' });
        expect(response.status).toBe(200);
        expect((await json(response)).name).toBe('Foi Request Follower Instance');
      });

      // docs/froide.md#pageannotation: an anonymous caller can name no document it may annotate, so the create
      // serializer refuses the `document` field (DRF PrimaryKeyRelatedField messages).
      it.each([
        [{ 'content-type': 'application/json' }, '{"document": 1, "page_number": 1, "title": "x"}', { document: ['Invalid pk "1" - object does not exist.'] }],
        [{ 'content-type': 'application/json' }, '{"document": "12"}', { document: ['Invalid pk "12" - object does not exist.'] }],
        [{ 'content-type': 'application/json' }, '{"document": null}', { document: ['This field may not be null.'] }],
        [{ 'content-type': 'application/json' }, '{"document": true}', { document: ['Incorrect type. Expected pk value, received bool.'] }],
        [{ 'content-type': 'application/json' }, '{"title": "x"}', { document: ['This field is required.'] }],
        [{ 'content-type': 'application/json' }, '[1]', { non_field_errors: ['Invalid data. Expected a dictionary, but got list.'] }],
        [{ 'content-type': FORM }, 'document=7&title=x', { document: ['Invalid pk "7" - object does not exist.'] }],
        [{ 'content-type': FORM }, 'document=abc', { document: ['Incorrect type. Expected pk value, received str.'] }],
        [{ 'content-type': FORM }, 'document=', { document: ['This field may not be null.'] }],
      ])('POST pageannotation/ with %o %s is a 400 on document', async (headers, body, expected) => {
        const response = await client()('/api/v1/pageannotation/', { method: 'POST', headers, body });
        expect(response.status).toBe(400);
        expect(await json(response)).toEqual(expected);
      });

      it('POST pageannotation/ with a body it cannot parse answers as DRF’s parsers do', async () => {
        const broken = await client()('/api/v1/pageannotation/', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"document": ' });
        expect(broken.status).toBe(400);
        expect((await json(broken)).detail).toMatch(/^JSON parse error - /);
        const text = await client()('/api/v1/pageannotation/', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'document=1' });
        expect(text.status).toBe(415);
        expect(await json(text)).toEqual({ detail: 'Unsupported media type "text/plain" in request.' });
      });
    });

    describe('errors', () => {
      it.each([
        ['/api/v1/message/99999/', 'No FoiMessage matches the given query.'],
        ['/api/v1/message/abc/', 'Not found.'],
        ['/api/v1/foo/', 'Not found.'],
        ['/api/v1/page/1/', 'Not found.'],
        ['/api/v1/message/1/2/', 'Not found.'],
      ])('GET %s is a JSON 404', async (path, detail) => {
        const response = await client()(path);
        expect(response.status).toBe(404);
        expect(await json(response)).toEqual({ detail });
      });

      it.each([
        ['/api/v1/message', '/api/v1/message/'],
        ['/api/v1/message?limit=5', '/api/v1/message/?limit=5'],
        ['/api/v1/message/5', '/api/v1/message/5/'],
        ['/api/v1', '/api/v1/'],
      ])('redirects %s to %s with 301', async (path, location) => {
        const response = await client()(path, { redirect: 'manual' });
        expect(response.status).toBe(301);
        expect(response.headers.get('location')).toBe(location);
      });
    });

    describe("froide's account views beside the router (docs/froide.md#user-and-userpreference)", () => {
      const UNAUTHENTICATED = { detail: 'Authentication credentials were not provided.' };
      const USER = 'GET, HEAD, OPTIONS';
      const PREFERENCE = 'GET, POST, PUT, PATCH, HEAD, OPTIONS';

      // Login only: DRF checks the permission before it looks up the method, OPTIONS included.
      it.each([
        ['GET', '/api/v1/user/', USER],
        ['OPTIONS', '/api/v1/user/', USER],
        ['POST', '/api/v1/user/', USER],
        ['DELETE', '/api/v1/user/', USER],
        ['GET', '/api/v1/user/?format=json', USER],
        ['GET', '/api/v1/user/?q=x&limit=5', USER],
        ['GET', '/api/v1/userpreference/froide_app_notification/', PREFERENCE],
        ['GET', '/api/v1/userpreference/any.key-with.dots/', PREFERENCE],
        ['GET', '/api/v1/userpreference/42/?format=json', PREFERENCE],
        ['POST', '/api/v1/userpreference/x/', PREFERENCE],
        ['PUT', '/api/v1/userpreference/x/', PREFERENCE],
        ['PATCH', '/api/v1/userpreference/x/', PREFERENCE],
        ['DELETE', '/api/v1/userpreference/x/', PREFERENCE],
        ['OPTIONS', '/api/v1/userpreference/x/', PREFERENCE],
      ])('%s %s is a 401 with the Bearer challenge and Allow %s', async (method, path, allow) => {
        const response = await client()(path, { method });
        expect(response.status).toBe(401);
        expectHeaders(response, API_HEADERS(allow));
        expect(response.headers.get('www-authenticate')).toBe('Bearer realm="api"');
        expect(await json(response)).toEqual(UNAUTHENTICATED);
      });

      it('HEAD is the 401 without a body', async () => {
        for (const path of ['/api/v1/user/', '/api/v1/userpreference/x/']) {
          const response = await client()(path, { method: 'HEAD' });
          expect(response.status).toBe(401);
          expect(response.headers.get('www-authenticate')).toBe('Bearer realm="api"');
          expect(await response.text()).toBe('');
        }
      });

      it('negotiates the format first: an unknown format is a 404, an Accept no renderer takes a 406', async () => {
        const unknown = await client()('/api/v1/user/?format=xml');
        expect(unknown.status).toBe(404);
        expect(unknown.headers.get('www-authenticate')).toBeNull();
        expect(await json(unknown)).toEqual({ detail: 'Not found.' });
        const refused = await client()('/api/v1/userpreference/x/', { headers: { accept: 'application/xml' } });
        expect(refused.status).toBe(406);
        expect(await json(refused)).toEqual({ detail: 'Could not satisfy the request Accept header.' });
      });

      it.each([
        '/api/v1/userpreference/',
        '/api/v1/userpreference/a%2Fb/',
        '/api/v1/userpreference/x/y/',
        '/api/v1/user/1/',
      ])('GET %s names no view: a JSON 404', async (path) => {
        const response = await client()(path);
        expect(response.status).toBe(404);
        expect(await json(response)).toEqual({ detail: 'Not found.' });
      });

      it.each([
        ['/api/v1/user', '/api/v1/user/'],
        ['/api/v1/userpreference/x?a=1', '/api/v1/userpreference/x/?a=1'],
      ])('redirects %s to %s with 301', async (path, location) => {
        const response = await client()(path, { redirect: 'manual' });
        expect(response.status).toBe(301);
        expect(response.headers.get('location')).toBe(location);
      });

      it('are not in the root index (froide registers them beside the router)', async () => {
        const root = await json(await client()('/api/v1/'));
        expect(Object.keys(root)).not.toContain('user');
        expect(Object.keys(root)).not.toContain('userpreference');
      });

      it('a browser gets the 401 as a browsable page, with the challenge', async () => {
        const response = await client()('/api/v1/userpreference/x/?format=api', { headers: { accept: 'text/html' } });
        expect(response.status).toBe(401);
        expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
        expect(response.headers.get('www-authenticate')).toBe('Bearer realm="api"');
        const html = await response.text();
        expect(html).toContain('User Preference');
        expect(html).toContain('Authentication credentials were not provided.');
      });
    });

    describe('search (docs/search.md)', () => {
      it('answers request/search/?q= with the list objects that match every word, in froide\'s envelope', async () => {
        const response = await client()('/api/v1/request/search/?q=Vertrag');
        expect(response.status).toBe(200);
        expectHeaders(response, API_HEADERS('GET, HEAD, OPTIONS'));
        const body = await json(response);
        expect(Object.keys(body)).toEqual(['meta', 'objects']);
        expect(body.meta).toEqual({ limit: 50, next: null, offset: 0, previous: null, total_count: 4 });
        // Equal scores keep the list's order.
        expect(ids(body)).toEqual([1, 3, 5, 7]);
        expect(body.objects[0]).toEqual(await json(await client()('/api/v1/request/?limit=1')).then((page) => page.objects[0]));
        expect(ids(await json(await client()('/api/v1/request/search/?q=VERTR%C3%84GE+Auskunft')))).toEqual([1, 3, 5, 7]);
        expect(ids(await json(await client()('/api/v1/request/search/?q=Vertrag+-7')))).toEqual([1, 3, 5]);
        expect((await json(await client()('/api/v1/request/search/?q=Atomkraftwerk'))).meta.total_count).toBe(0);
      });

      it('paginates with the search\'s own links, and filters and sorts with froide\'s search filter set', async () => {
        const page = await json(await client()('/api/v1/request/search/?q=Vertrag&limit=2&offset=1'));
        expect(page.meta).toEqual({
          limit: 2,
          next: urls.action('request', 'search', { limit: 2, offset: 3, q: 'Vertrag' }),
          offset: 1,
          previous: urls.action('request', 'search', { limit: 2, offset: 0, q: 'Vertrag' }),
          total_count: 4,
        });
        expect(ids(page)).toEqual([3, 5]);
        expect(ids(await json(await client()('/api/v1/request/search/?status=successful')))).toEqual([1, 3, 5, 7]);
        expect(ids(await json(await client()('/api/v1/request/search/?q=Gutachten&publicbody=b1')))).toEqual([6]);
        expect(ids(await json(await client()('/api/v1/request/search/?sort=last')))).toEqual([7, 6, 5, 4, 3, 2, 1]);
        const bad = await client()('/api/v1/request/search/?status=nonsense&publicbody=nobody&sort=up');
        expect(bad.status).toBe(400);
        expect(await json(bad)).toEqual({
          status: ['Select a valid choice. nonsense is not one of the available choices.'],
          publicbody: ['Select a valid choice. That choice is not one of the available choices.'],
          sort: ['Select a valid choice. up is not one of the available choices.'],
        });
      });

      it('answers page/?q= from the same index, with query_highlight', async () => {
        // `2` is in document 2's title (×3) and on the second pages: both words on 2:2, then by score.
        const body = await json(await client()('/api/v1/page/?q=Seite+2'));
        expect(body.meta.total_count).toBe(3);
        expect(body.objects.map((page: any) => [page.document, page.number, page.query_highlight])).toEqual([
          [urls.detail('document', 2), 2, ''],
          [urls.detail('document', 2), 1, '<em>Seite</em> 1'],
          [urls.detail('document', 1), 2, ''],
        ]);
      });
    });

    describe('autocomplete', () => {
      it('answers publicbody/autocomplete/ with {value: id, label: name} in list order, paginated', async () => {
        const response = await client()('/api/v1/publicbody/autocomplete/');
        expect(response.status).toBe(200);
        expectHeaders(response, API_HEADERS('GET, HEAD, OPTIONS'));
        const body = await json(response);
        expect(Object.keys(body)).toEqual(['meta', 'objects']);
        expect(body.meta).toEqual({ limit: 50, next: null, offset: 0, previous: null, total_count: 3 });
        expect(body.objects).toEqual([1, 2, 3].map((id) => ({ value: id, label: `Behörde ${id}` })));

        const paged = await json(await client()('/api/v1/publicbody/autocomplete/?limit=1&offset=1'));
        expect(paged.meta.next).toBe(urls.action('publicbody', 'autocomplete', { limit: 1, offset: 2 }));
        expect(paged.meta.previous).toBe(urls.action('publicbody', 'autocomplete', { limit: 1, offset: 0 }));
        expect(paged.objects).toEqual([{ value: 2, label: 'Behörde 2' }]);
      });

      it('applies the list filters to publicbody/autocomplete/, with the same 400 bodies', async () => {
        const filtered = await json(await client()('/api/v1/publicbody/autocomplete/?jurisdiction=2'));
        expect(filtered.objects).toEqual([{ value: 3, label: 'Behörde 3' }]);
        expect(filtered.meta.total_count).toBe(1);
        const bad = await client()('/api/v1/publicbody/autocomplete/?jurisdiction=abc');
        expect(bad.status).toBe(400);
        expect(await bad.json()).toEqual({ jurisdiction: ['Select a valid choice. That choice is not one of the available choices.'] });
      });

      it('answers request/tags/autocomplete/ with tags starting with q, case-insensitive, and nothing without q', async () => {
        const empty = await json(await client()('/api/v1/request/tags/autocomplete/'));
        expect(empty).toEqual({ meta: { limit: 50, next: null, offset: 0, previous: null, total_count: 0 }, objects: [] });
        const umwelt = await json(await client()('/api/v1/request/tags/autocomplete/?q=umw'));
        expect(umwelt.objects).toEqual([{ value: 'Umwelt und Klima', label: 'Umwelt und Klima' }]);
        const paged = await json(await client()('/api/v1/request/tags/autocomplete/?q=u&offset=1&limit=1'));
        expect(paged.meta).toEqual({
          limit: 1,
          next: null,
          offset: 1,
          previous: urls.action('request', 'tags/autocomplete', { limit: 1, offset: 0, q: 'u' }),
          total_count: 1,
        });
        expect(paged.objects).toEqual([]);
        const b = await json(await client()('/api/v1/request/tags/autocomplete/?q=B'));
        expect(b.objects).toEqual([{ value: 'bund', label: 'bund' }]);
      });

      it('answers OPTIONS with the action’s view name and other methods with 405', async () => {
        const options = await json(await client()('/api/v1/request/tags/autocomplete/', { method: 'OPTIONS' }));
        expect(options.name).toBe('Tags autocomplete');
        const post = await client()('/api/v1/publicbody/autocomplete/', { method: 'POST' });
        expect(post.status).toBe(401);
        expect(post.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
      });

      it('answers publicbody/search/ with the list objects found and froide\'s aggregations as facets', async () => {
        const all = await json(await client()('/api/v1/publicbody/search/'));
        expect(all.meta.total_count).toBe(3);
        expect(ids(all)).toEqual([1, 2, 3]);
        expect(all.facets).toEqual({ fields: { jurisdiction: [[1, 2], [2, 1]], classification: [], categories: [], regions: [] } });
        const found = await json(await client()('/api/v1/publicbody/search/?q=Vertrag'));
        expect(ids(found)).toEqual([2]);
        expect(found.facets.fields.jurisdiction).toEqual([[1, 1]]);
        expect(ids(await json(await client()('/api/v1/publicbody/search/?jurisdiction=2')))).toEqual([3]);
      });

      it('keeps a 404 for actions froide has but the archive does not serve', async () => {
        const response = await client()('/api/v1/document/oembed/');
        expect(response.status).toBe(404);
      });
    });

    describe('headers', () => {
      it.each(['/api/v1/', '/api/v1/message/', '/api/v1/message/7/', '/api/v1/message/?limit=3', '/api/v1/message/?request=2'])(
        '%s carries the API headers, an ETag, and 304 on If-None-Match',
        async (path) => {
          const response = await client()(path);
          expect(response.status).toBe(200);
          expectHeaders(response, API_HEADERS(path.includes('/7/') ? 'GET, PUT, PATCH, HEAD, OPTIONS' : path === '/api/v1/' ? 'GET, HEAD, OPTIONS' : 'GET, POST, HEAD, OPTIONS'));
          expect(response.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
          const etag = response.headers.get('etag');
          expect(etag).toMatch(/^"[^"]+"$/);
          const again = await client()(path, { headers: { 'if-none-match': etag! } });
          expect(again.status).toBe(304);
          expect(again.headers.get('etag')).toBe(etag);
          expect(await again.text()).toBe('');
        },
      );
    });
  });
}
