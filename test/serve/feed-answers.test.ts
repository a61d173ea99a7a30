/**
 * Atom feeds end to end on a real build through the local preview: the request list and its
 * filters and search, a request's messages, a public body's, a campaign's and a jurisdiction's
 * requests. Every feed validates against RFC 4287's schema and has the JSON answer's objects.
 */
import { describe, expect, it } from 'vitest';
import { serveTree } from '../helpers/build.ts';
import { minimalArchive } from '../helpers/content.ts';
import { atomEntries, atomProblems } from '../helpers/atom.ts';

/** Requests 11..13 at public body 2 (no campaign), besides the archive's request 10 at body 1. */
function requests() {
  const tree: Record<string, object> = {};
  for (const id of [11, 12, 13]) {
    tree[`requests/${id}/request.yaml`] = { id, slug: `anfrage-${id}`, title: `Anfrage ${id}`, description: 'x', public_body: 2, status: 'resolved', resolution: 'successful', created_at: `2024-0${id - 10}-01T08:00:00+01:00` };
  }
  return tree;
}

const { get } = serveTree(() => minimalArchive(requests()));
const API = 'https://archiv.example.org/api/v1/';

async function feed(path: string) {
  const response = await get(path);
  expect(response.status, path).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/atom+xml; charset=utf-8');
  const xml = await response.text();
  expect(await atomProblems(xml), path).toEqual([]);
  expect(xml).toContain(`<id>${API}${path.replace('/api/v1/', '').replace(/&/g, '&amp;')}</id>`);
  return atomEntries(xml);
}

const uris = async (path: string) => ((await (await get(path)).json()) as { objects: { resource_uri: string }[] }).objects.map((object) => object.resource_uri).sort();

describe('Atom feeds', () => {
  it('of the request list, a filter and a search: the same objects as the JSON answer', async () => {
    for (const path of ['/api/v1/request/', '/api/v1/request/?status=resolved', '/api/v1/request/?limit=2&offset=1', '/api/v1/request/search/?q=Anfrage']) {
      const entries = await feed(`${path}${path.includes('?') ? '&' : '?'}format=atom`);
      expect(entries.map((entry) => entry.id).sort(), path).toEqual(await uris(path));
      expect(entries.length, path).toBeGreaterThan(0);
    }
  });

  it('of a request: its messages, each linking its page on the site', async () => {
    const detail = (await (await get('/api/v1/request/10/')).json()) as { messages: { resource_uri: string; url: string }[] };
    const entries = await feed('/api/v1/request/10/?format=atom');
    expect(entries.map((entry) => entry.id).sort()).toEqual(detail.messages.map((message) => message.resource_uri).sort());
    expect(entries.every((entry) => entry.link.startsWith('https://'))).toBe(true);
  });

  it("of a public body, a campaign and a jurisdiction: the requests that name it", async () => {
    expect((await feed('/api/v1/publicbody/2/?format=atom')).map((entry) => entry.id).sort()).toEqual(await uris('/api/v1/request/?public_body=2'));
    expect((await feed('/api/v1/publicbody/2/?format=atom')).length).toBe(3);
    expect((await feed('/api/v1/campaign/1/?format=atom')).map((entry) => entry.id)).toEqual([`${API}request/10/`]);
    expect((await feed('/api/v1/jurisdiction/1/?format=atom')).length).toBe(4);
  });

  it('negotiates: no feed of the root, 404 for an unknown body, 406 for an Accept without Atom', async () => {
    expect((await get('/api/v1/?format=atom')).status).toBe(404);
    expect((await get('/api/v1/publicbody/99/?format=atom')).status).toBe(404);
    expect((await get('/api/v1/request/?format=atom', { headers: { accept: 'application/json' } })).status).toBe(406);
  });
});
