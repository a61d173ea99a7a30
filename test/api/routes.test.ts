import { describe, expect, it, vi } from 'vitest';
import { buildPaths } from '../../src/api/build-paths.ts';
import { mediaPaths } from '../../src/api/media-paths.ts';
import { encodeQuery } from '../../src/formats/query-encoding.ts';
import { matchRoute, resourceRoutes, ROUTES, routePath } from '../../src/api/route-shapes.ts';
import { shardOf } from '../../src/formats/shards.ts';
import { UrlBuilder } from '../../src/api/urls.ts';
import { RESOURCE_NAMES } from '../../src/formats/resource-names.ts';
import { redirectRules } from '../../src/output/routing.ts';

const urls = new UrlBuilder({
  baseUrl: 'https://archiv.example.org',
  mediaUrl: 'https://media.example.org/files/',
  siteUrl: 'https://fragdenstaat.example',
});

describe('URL builder', () => {
  it.each([
    ['api root', urls.apiRoot(), 'https://archiv.example.org/api/v1/'],
    ['api root with format', urls.apiRoot({ format: 'api' }), 'https://archiv.example.org/api/v1/?format=api'],
    ['list', urls.list('message'), 'https://archiv.example.org/api/v1/message/'],
    ['list query keys sorted', urls.list('message', { offset: 50, limit: 50 }), 'https://archiv.example.org/api/v1/message/?limit=50&offset=50'],
    ['list query keeps other params, + for spaces', urls.list('publicbody', { q: 'Amt für Umwelt', limit: 20, offset: 0 }), 'https://archiv.example.org/api/v1/publicbody/?limit=20&offset=0&q=Amt+f%C3%BCr+Umwelt'],
    ['list drops undefined values', urls.list('law', { q: undefined }), 'https://archiv.example.org/api/v1/law/'],
    ['detail', urls.detail('attachment', 17), 'https://archiv.example.org/api/v1/attachment/17/'],
    ['detail with a text id keeps ":" and "@" as Django\'s reverse()', urls.detail('venue', 'custom:Grüne Oase@1'), 'https://archiv.example.org/api/v1/venue/custom:Gr%C3%BCne%20Oase@1/'],
    ['detail with a query', urls.detail('campaigninformationobject', 'schule-4', { campaign: 5 }), 'https://archiv.example.org/api/v1/campaigninformationobject/schule-4/?campaign=5'],
    ['relative list (pages_uri)', urls.relativeList('page', { document: 12 }), '/api/v1/page/?document=12'],
    ['request page (relative, froide)', urls.requestPage('akten-zum-vorgang'), '/anfrage/akten-zum-vorgang/'],
    ['message page with anchor', urls.messagePage('akten', 101), 'https://fragdenstaat.example/anfrage/akten/#nachricht-101'],
    ['attachment page encodes the name', urls.attachmentPage('akten', 101, 'Gebührenbescheid März.pdf'), 'https://fragdenstaat.example/anfrage/akten/101/anhang/Geb%C3%BChrenbescheid%20M%C3%A4rz.pdf'],
    ['document page with slug', urls.documentPage(5, 'kleine-anfrage'), 'https://fragdenstaat.example/dokumente/5-kleine-anfrage/'],
    ['document page without slug', urls.documentPage(5, ''), 'https://fragdenstaat.example/dokumente/5/'],
    ['public body page', urls.publicBodyPage(3, 'bmi'), 'https://fragdenstaat.example/behoerde/3/bmi/'],
    ['jurisdiction page', urls.jurisdictionPage('bund'), 'https://fragdenstaat.example/zustaendigkeit/bund/'],
    ['law page', urls.lawPage('ifg'), 'https://fragdenstaat.example/gesetz/ifg/'],
    ['media encodes segments', urls.media('foi/101/Gebührenbescheid März.pdf', { token: 'a:b:c' }), 'https://media.example.org/files/foi/101/Geb%C3%BChrenbescheid%20M%C3%A4rz.pdf?token=a%3Ab%3Ac'],
    ['media keeps template braces', urls.media('docs/ab/cd/ef/abcdef/page-p{page}-{size}.png'), 'https://media.example.org/files/docs/ab/cd/ef/abcdef/page-p{page}-{size}.png'],
  ])('%s', (_name, actual, expected) => {
    expect(actual).toBe(expected);
  });

  it('ref is null for a missing reference and a detail URL otherwise', () => {
    expect(urls.ref('publicbody', null)).toBeNull();
    expect(urls.ref('publicbody', undefined)).toBeNull();
    expect(urls.ref('publicbody', 4)).toBe('https://archiv.example.org/api/v1/publicbody/4/');
  });

  it('recognises exactly the absolute API links', () => {
    expect(urls.isApiLink('https://archiv.example.org/api/v1/request/1/')).toBe(true);
    expect(urls.isApiLink('/api/v1/page/?document=1')).toBe(false);
    expect(urls.isApiLink('https://fragdenstaat.example/anfrage/x/')).toBe(false);
    expect(urls.isApiLink('https://media.example.org/files/foi/1/a.pdf')).toBe(false);
  });

  it('encodes queries like DRF: sorted keys, + for spaces', () => {
    expect(encodeQuery({ b: 1, a: 'x y', c: undefined })).toBe('?a=x+y&b=1');
    expect(encodeQuery({})).toBe('');
  });
});

describe('paths', () => {
  it('shards document directories like froide and separates private ones', () => {
    const uid = '3f0c1c1e-6d2a-4f5e-9a51-2c8e3b7d9f10';
    expect(mediaPaths.documentDir(uid, true)).toBe('docs/3f/0c/1c/3f0c1c1e6d2a4f5e9a512c8e3b7d9f10');
    expect(mediaPaths.documentDir(uid, false)).toBe('docs-private/3f/0c/1c/3f0c1c1e6d2a4f5e9a512c8e3b7d9f10');
    expect(mediaPaths.pageImage('docs/a', 3, 'small')).toBe('docs/a/page-p3-small.png');
    expect(mediaPaths.attachment(7, 'a b.pdf')).toBe('foi/7/a b.pdf');
  });

  it.each([
    [buildPaths.apiRoot, 'api/v1/index.json'],
    [buildPaths.list('message'), 'api/v1/message/index.json'],
    [buildPaths.pack('message', 0), '_data/message/packs/0/0/0.pack'],
    [buildPaths.pack('message', 123), '_data/message/packs/0/0/123.pack'],
    [buildPaths.pack('message', 7_654, 2), '_data/message/packs/0/7/7654.2.pack'],
    [buildPaths.chunk('message', 0), '_data/message/chunks/0/0/0.pack'],
    [buildPaths.chunk('message', 1_234, 1), '_data/message/chunks/0/1/1234.1.pack'],
    [buildPaths.documentAnnotations('12-3f0c1c1e-6d2a-4f5e-9a51-2c8e3b7d9f10'), `_data/pageannotation/document/${shardOf('12-3f0c1c1e-6d2a-4f5e-9a51-2c8e3b7d9f10')}/12-3f0c1c1e-6d2a-4f5e-9a51-2c8e3b7d9f10.json`],
    [buildPaths.manifest, '_data/manifest.json'],
    // netlify/cli deploys no name that starts with a dot: the empty value's index gets %2E before it.
    [buildPaths.filterIndex('request', 'resolution', ''), '_data/request/index/resolution/%2E.json'],
    [buildPaths.filterIndex('request', 'resolution', '.x'), '_data/request/index/resolution/%2E.x.json'],
    [buildPaths.filterIndex('request', 'status', 'resolved'), '_data/request/index/status/resolved.json'],
    [buildPaths.mediaIndex('foi/7/a b.pdf'), '_data/media/index/0a8.json'],
  ])('%s', (actual, expected) => {
    expect(actual).toBe(expected);
  });

  it('puts the files of one directory into one media index file, of at most 1,024', () => {
    const dir = mediaPaths.documentDir('3f0c1c1e-6d2a-4f5e-9a51-2c8e3b7d9f10', true);
    const files = [`${dir}/a.pdf`, mediaPaths.pageImage(dir, 1, 'small'), `${mediaPaths.pageImage(dir, 12, 'original')}.webp`].map(buildPaths.mediaIndex);
    expect(new Set(files).size).toBe(1);
    expect(files[0]).toMatch(/^_data\/media\/index\/[0-9a-f]{3}\.json$/);
    const buckets = new Set(Array.from({ length: 50_000 }, (_, id) => buildPaths.mediaIndex(mediaPaths.attachment(id, 'x.pdf'))));
    expect(buckets.size).toBe(1024);
  });

  it('shards whole numbers by thousands and millions, anything else by a 12-bit hash', () => {
    expect(shardOf(0)).toBe('0/0');
    expect(shardOf(999)).toBe('0/0');
    expect(shardOf(1000)).toBe('0/1');
    expect(shardOf('1000')).toBe('0/1');
    expect(shardOf(999_999_999)).toBe('999/999');
    expect(shardOf('amenity:4711')).toMatch(/^h[0-9a-f]{3}$/);
    expect(shardOf('amenity:4711')).toBe(shardOf('amenity:4711'));
    // A text key that looks like a number with leading zeros is no number.
    expect(shardOf('007')).toBe('0/0');
    expect(buildPaths.dataDetail('venue', '007')).toBe('_data/venue/details/0/0/007.json');
  });

  it('spreads 1,000,000 consecutive ids over leaves of at most 1,000 and parents of at most 1,000', () => {
    const leaves = new Map<string, number>();
    const parents = new Map<string, Set<string>>();
    for (let id = 1; id <= 1_000_000; id++) {
      const shard = shardOf(id);
      leaves.set(shard, (leaves.get(shard) ?? 0) + 1);
      const [top, middle] = shard.split('/');
      if (!parents.has(top!)) parents.set(top!, new Set());
      parents.get(top!)!.add(middle!);
    }
    expect(Math.max(...leaves.values())).toBe(1000);
    expect(Math.max(...[...parents.values()].map((set) => set.size))).toBe(1000);
    expect(parents.size).toBe(2);
  });

  it('spreads text keys evenly over 4,096 folders', () => {
    const counts = new Map<string, number>();
    for (let i = 0; i < 200_000; i++) {
      const shard = shardOf(`amenity:${i}`);
      counts.set(shard, (counts.get(shard) ?? 0) + 1);
    }
    expect(counts.size).toBe(4096);
    expect(Math.max(...counts.values())).toBeLessThan(100);
  });

  it('names the 21 resources of docs/api.md#root-index in order', () => {
    expect(RESOURCE_NAMES).toEqual([
      'governmentplan', 'articletag', 'venue', 'campaigninformationobject', 'request', 'message', 'attachment',
      'publicbody', 'category', 'classification', 'jurisdiction', 'law', 'georegion', 'following', 'campaign',
      'upload', 'problemreport', 'document', 'documentcollection', 'page', 'pageannotation',
    ]);
  });
});

describe('route shapes', () => {
  it.each([
    ['/api/v1/', { kind: 'root' }, null],
    ['/api/v1/schema/', { kind: 'schema' }, null],
    ['/api/v1/schema/swagger-ui/', { kind: 'schema-ui' }, null],
    ['/api/v1/message/', { kind: 'list', resource: 'message' }, null],
    ['/api/v1/message/7/', { kind: 'detail', resource: 'message' }, '7'],
    ['/api/v1/venue/amenity:4711/', { kind: 'detail', resource: 'venue' }, 'amenity:4711'],
    ['/api/v1/request/tags/autocomplete/', { kind: 'action', resource: 'request', action: expect.objectContaining({ path: 'tags/autocomplete' }) }, null],
    ['/api/v1/request/tags/', { kind: 'detail', resource: 'request' }, 'tags'],
    ['/api/v1/attachment/convert_to_pdf/', { kind: 'write-action', resource: 'attachment', action: expect.objectContaining({ path: 'convert_to_pdf', detail: false }) }, null],
    ['/api/v1/attachment/convert_to_pdf/approve/', { kind: 'write-action', resource: 'attachment', action: expect.objectContaining({ path: 'approve', detail: true }) }, 'convert_to_pdf'],
    ['/api/v1/message/publish/', { kind: 'detail', resource: 'message' }, 'publish'],
    ['/api/v1/user/', { kind: 'account', account: 'user' }, null],
    ['/api/v1/userpreference/x/', { kind: 'account', account: 'userpreference' }, null],
    ['/api/v1/userpreference/a.b%20c/', { kind: 'account', account: 'userpreference' }, null],
  ])('%s is %o', (path, view, id) => {
    expect(matchRoute(path)).toEqual({ view, id });
  });

  it.each(['/api/v1', '/api/v1/message', '/api/v1//', '/api/v1/message//', '/api/v1/message/a.b/', '/api/v1/page/1/', '/api/v1/nothing/', '/api/v1/message/7/8/', '/api/v2/message/', '/api/v1/userpreference/', '/api/v1/userpreference/a%2fb/', '/api/v1/user/1/'])(
    '%s is no route',
    (path) => {
      expect(matchRoute(path)).toBeNull();
    },
  );

  it('every route reads back from its own path, and the URL builder writes those paths', () => {
    for (const route of ROUTES) {
      const path = routePath(route.view, '42');
      expect(matchRoute(path)?.view, path).toEqual(route.view);
    }
    expect(urls.list('law')).toBe(`https://archiv.example.org${routePath({ kind: 'list', resource: 'law' })}`);
    expect(urls.action('publicbody', 'autocomplete')).toBe('https://archiv.example.org/api/v1/publicbody/autocomplete/');
    expect(() => urls.action('message', 'autocomplete')).toThrow('message declares no list action autocomplete');
    expect(buildPaths.action('request', 'tags/autocomplete')).toBe('api/v1/request/tags/autocomplete/index.json');
  });

  it('the Netlify rules write the same shapes, `:id` as the placeholder', () => {
    const rules = redirectRules(['attachment', 'documentcollection', 'publicbody']);
    for (const { view } of resourceRoutes('attachment').filter((route) => route.view.kind === 'write-action' && !route.view.action.detail)) {
      expect(rules).toContain(`${routePath(view)}  /.netlify/functions/api  200`);
    }
    expect(rules).toContain('/api/v1/documentcollection/:id/  /.netlify/functions/api  200');
    expect(rules).toContain('/api/v1/publicbody/autocomplete/  /api/v1/publicbody/autocomplete/index.json  200');
    expect(rules).not.toContain('/api/v1/attachment/:id/');
  });

  it('the registry loads before the route table, which reads it as it loads', async () => {
    vi.resetModules();
    const registry = await import('../../src/api/resources/declaration-registry.ts');
    const routes = await import('../../src/api/route-shapes.ts');
    expect(routes.ROUTES.length).toBe(ROUTES.length);
    expect(Object.keys(registry.RESOURCES)).toEqual(RESOURCE_NAMES);
  });
});
