/**
 * CSV answers end to end on a real build through the local preview (which routes as Netlify
 * does): `?format=csv` and `Accept: text/csv` on the root, lists (static and computed), list
 * actions and details, with froide's negotiation around them.
 */
import { describe, expect, it } from 'vitest';
import { renderCsv } from '../../src/serve/api/csv.ts';
import { serveTree } from '../helpers/build.ts';
import { minimalArchive } from '../helpers/content.ts';

const { get } = serveTree(() => minimalArchive());
const CSV = 'text/csv; charset=utf-8';
const json = async (path: string) => (await get(path)).json() as Promise<Record<string, any>>;
const header = (text: string) => text.slice(0, text.indexOf('\r\n')).split(',');

describe('CSV answers', () => {
  it('renders a static list for Accept: text/csv: its objects only, links without format', async () => {
    const page = await json('/api/v1/request/');
    const response = await get('/api/v1/request/', { headers: { accept: 'text/csv' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(CSV);
    expect(response.headers.get('vary')).toBe('Accept');
    expect(response.headers.get('allow')).toBe('GET, POST, HEAD, OPTIONS');
    const text = await response.text();
    expect(text).toBe(renderCsv(page.objects));
    expect(header(text)).toEqual([...header(text)].sort());
    expect(header(text)).toEqual(expect.arrayContaining(['id', 'resource_uri', 'public_body.slug', 'tags.0', 'redacted_description.0.1']));
    expect(header(text)).not.toContain('meta.total_count');
    expect(text).toContain(page.objects[0].resource_uri);
    expect(text).not.toContain('format=');
  });

  it('puts format=csv on every API link for ?format=csv, as DRF reverse() does', async () => {
    const page = await json('/api/v1/request/');
    const text = await (await get('/api/v1/request/?format=csv')).text();
    expect(text).toContain(`${page.objects[0].resource_uri}?format=csv`);
    expect(text).not.toContain(`${page.objects[0].resource_uri},`);
    expect(text.split('\r\n')).toHaveLength(page.objects.length + 2);
  });

  it('renders a computed page and a detail', async () => {
    const list = await get('/api/v1/request/?format=csv&limit=1');
    expect(list.headers.get('content-type')).toBe(CSV);
    const detail = await json('/api/v1/request/10/');
    const csv = await get('/api/v1/request/10/', { headers: { accept: 'text/csv' } });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe(CSV);
    expect(await csv.text()).toBe(renderCsv(detail));
  });

  it('renders the root as one row of links, and a list action', async () => {
    const root = await (await get('/api/v1/?format=csv')).text();
    expect(header(root)).toEqual(expect.arrayContaining(['request', 'publicbody', 'message']));
    expect(root.split('\r\n')).toHaveLength(3);
    const action = await get('/api/v1/publicbody/autocomplete/', { headers: { accept: 'text/csv' } });
    expect(action.headers.get('content-type')).toBe(CSV);
  });

  it('negotiates as DRF: text/* picks CSV, text/html and JSON do not, ?format=csv with Accept: application/json is a 406', async () => {
    expect((await get('/api/v1/request/', { headers: { accept: 'text/*' } })).headers.get('content-type')).toBe(CSV);
    expect((await get('/api/v1/request/', { headers: { accept: 'application/json, text/csv' } })).headers.get('content-type')).toBe('application/json');
    const refused = await get('/api/v1/request/?format=csv', { headers: { accept: 'application/json' } });
    expect(refused.status).toBe(406);
    expect(await refused.json()).toEqual({ detail: 'Could not satisfy the request Accept header.' });
  });

  it('keeps errors JSON, answers HEAD without a body and 304 on its ETag', async () => {
    const missing = await get('/api/v1/request/99999/?format=csv');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).toBe('application/json');
    const full = await get('/api/v1/request/', { headers: { accept: 'text/csv' } });
    const bytes = new Uint8Array(await full.arrayBuffer());
    const head = await get('/api/v1/request/', { method: 'HEAD', headers: { accept: 'text/csv' } });
    expect(head.headers.get('content-length')).toBe(String(bytes.byteLength));
    expect(head.headers.get('etag')).toBe(full.headers.get('etag'));
    const again = await get('/api/v1/request/', { headers: { accept: 'text/csv', 'if-none-match': full.headers.get('etag')! } });
    expect(again.status).toBe(304);
  });
});
