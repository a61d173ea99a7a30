/**
 * The OpenAPI document against the sample archive: build content/, serve it with
 * the preview over real sockets, fetch the document from /api/v1/schema/, validate it with an
 * OpenAPI validator, and check every answer a crawl of the archive gets (every list page, every
 * detail, every API link in every body, the media links, and the error answers) against it
 * with a JSON Schema validator, every object closed to keys its field table does not list.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Validator } from '@seriousme/openapi-schema-validator';
import { parse as parseYaml } from 'yaml';
import { beforeAll, describe, expect, it } from 'vitest';
import { OBJECTS } from '../../src/api/fields/index.ts';
import { openApiDocument } from '../../src/api/openapi/openapi-document.ts';
import { TOKEN_PATTERN } from '../../src/api/openapi/media-operations.ts';
import { LAYOUTS, serveSampleArchive } from '../helpers/build.ts';
import { answerChecker } from '../helpers/openapi.ts';
import { RESOURCES } from '../../src/api/resources/declaration-registry.ts';
import { isResourceName } from '../../src/formats/resource-names.ts';

const BASE = 'https://sample.test';

// Both layouts (src/output/layout.ts): the same document, the same answers.
describe.each(LAYOUTS)('%s layout', (layout) => {
  const sample = serveSampleArchive(BASE, { layout });
  let document: Record<string, any>;
  let yamlText: string;

  interface Answer {
    url: string;
    status: number;
    template: string;
    body: unknown;
    errors: string[];
  }

  const answers: Answer[] = [];
  /** Media URL templates found in answers (page_template, page image). */
  const templates = new Set<string>();
  /** Top-level objects by the table that describes them: list items and details. */
  const objectsByTable = new Map<string, Record<string, unknown>[]>();

  const local = (url: string) => sample.local(url);

  function* strings(value: unknown): Generator<string> {
    if (typeof value === 'string') yield value;
    else if (Array.isArray(value)) for (const item of value) yield* strings(item);
    else if (value && typeof value === 'object') for (const item of Object.values(value)) yield* strings(item);
  }

  function collect(table: string | null, objects: unknown[]) {
    if (!table) return;
    if (!objectsByTable.has(table)) objectsByTable.set(table, []);
    objectsByTable.get(table)!.push(...(objects as Record<string, unknown>[]));
  }

  /** The objects an answer holds, by table: a list's items or a detail (venue's wrapped in `result`). */
  function classify(pathname: string, body: any) {
    const [resource, second, third] = pathname.replace(/^\/api\/v1\//, '').split('/');
    if (!resource || !isResourceName(resource)) return;
    const tables = RESOURCES[resource].objects;
    if (second === '' && body && Array.isArray(body.objects)) collect(tables.item, body.objects);
    else if (second === '' && body && Array.isArray(body.results)) collect(tables.item, body.results);
    else if (second && third === '' && body && typeof body === 'object' && !('meta' in body)) {
      if (resource === 'venue') collect(tables.detail, body.result ? [body.result] : []);
      else collect(tables.detail, [body]);
    }
  }

  beforeAll(async () => {
    const schema = await fetch(local('/api/v1/schema/'));
    expect(schema.status).toBe(200);
    expect(schema.headers.get('content-type')).toBe('application/vnd.oai.openapi+json');
    document = await schema.json();
    yamlText = await (await fetch(local('/api/v1/schema/?format=yaml'))).text();

    const checker = answerChecker(openApiDocument(sample.result.settings, { closed: true }));
    const seen = new Set<string>();
    const queue: { url: string; accept?: string }[] = [];
    const enqueue = (url: string, accept?: string) => {
      const key = `${accept ?? ''} ${url}`;
      if (!seen.has(key)) {
        seen.add(key);
        queue.push({ url, ...(accept ? { accept } : {}) });
      }
    };
    const campaigns = JSON.parse(await readFile(join(sample.buildDir, '_data/campaigninformationobject/campaigns.json'), 'utf8')) as number[];
    const requests = (await (await fetch(local('/api/v1/request/'))).json()).objects.map((request: any) => request.id);
    const documents = (await (await fetch(local('/api/v1/document/'))).json()).objects.map((document: any) => document.id);
    // Seeds the links of the archive do not reach (docs/froide.md#resources), then errors.
    for (const path of [
      '/api/v1/',
      '/api/v1/venue/?lat=52.5&lng=13.42&radius=10000',
      '/api/v1/venue/?location=Berlin',
      '/api/v1/venue/amenity:0/',
      `/api/v1/following/?request=${requests.join(',')}`,
      ...campaigns.map((id) => `/api/v1/campaigninformationobject/?campaign=${id}`),
      '/api/v1/campaigninformationobject/?campaign=999999',
      ...documents.map((id: number) => `/api/v1/pageannotation/?document=${id}`),
      '/api/v1/schema/',
      '/api/v1/schema/?format=yaml',
      '/api/v1/category/autocomplete/',
      '/api/v1/law/autocomplete/?jurisdiction=1',
      '/api/v1/georegion/autocomplete/?q=berlin',
      '/api/v1/articletag/autocomplete/?q=a',
      '/api/v1/request/tags/autocomplete/?q=a',
      '/api/v1/request/search/?q=Vertr%C3%A4ge&jurisdiction=hamburg',
      '/api/v1/request/search/?sort=first&limit=3',
      '/api/v1/request/search/?status=bogus',
      '/api/v1/page/?q=Grundwasser',
      '/api/v1/publicbody/search/?q=Datenschutz&jurisdiction=2',
      '/api/v1/publicbody/search/?regions_kind=nowhere',
      '/api/v1/publicbody/autocomplete/?q=bundes',
      '/api/v1/message/99999/',
      '/api/v1/message/?request=abc',
      '/api/v1/request/?status=nonsense&costs_min=x',
      '/api/v1/message/?format=xml',
      '/api/v1/problemreport/',
      '/api/v1/problemreport/1/',
      '/api/v1/upload/5b2f8c1e-4a7d-4e0b-9c3a-8d1e6f2a7b40/',
      '/api/v1/user/',
      '/api/v1/userpreference/froide_app_notification/',
    ]) enqueue(`${BASE}${path}`);
    enqueue(`${BASE}/api/v1/message/`, 'application/xml');

    while (queue.length) {
      const { url, accept } = queue.shift()!;
      const response = await fetch(local(url), accept ? { headers: { accept } } : {});
      const pathname = new URL(url, BASE).pathname;
      const type = response.headers.get('content-type') ?? '';
      const body = /^application\/([\w.]+\+)?json/.test(type) ? await response.json() : await response.text();
      const { template, errors } = checker.check(pathname, response.status, type, body);
      answers.push({ url, status: response.status, template, body, errors });
      if (response.status === 200 && type.startsWith('application/json')) classify(pathname, body);
      if (!type.startsWith('application/json')) continue;
      for (const text of strings(body)) {
        if (text.startsWith(`${BASE}/api/v1/`)) enqueue(text);
        else if (text.startsWith('/api/v1/')) enqueue(`${BASE}${text}`);
        // Page templates ({page}/{size}, percent-encoded in private documents) name no one file.
        else if (text.startsWith(`${BASE}/media/`)) {
          if (/\{|%7B/.test(text)) templates.add(text);
          else enqueue(text);
        }
      }
    }
  }, 120_000);

  describe('the OpenAPI document', () => {
    it('is valid OpenAPI 3.1 by a maintained validator, and the validator rejects a broken one', async () => {
      const validator = new Validator();
      expect(await validator.validate(structuredClone(document))).toEqual({ valid: true });
      expect(validator.version).toBe('3.1');
      const { info: _, ...broken } = structuredClone(document);
      expect((await new Validator().validate(broken)).valid).toBe(false);
    });

    it('is what the generator makes for the build settings, as JSON and as YAML', () => {
      expect(document).toEqual(openApiDocument(sample.result.settings));
      expect(parseYaml(yamlText)).toEqual(document);
      expect(document.servers).toEqual([{ url: BASE }]);
      expect(document.openapi).toBe('3.1.0');
    });
  });

  describe('the schema page /api/v1/schema/swagger-ui/', () => {
    it('loads the Swagger UI files the build copied from swagger-ui-dist, and the document', async () => {
      const pageUrl = local('/api/v1/schema/swagger-ui/');
      const html = await (await fetch(pageUrl, { headers: { accept: 'text/html' } })).text();
      const assets = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1]!);
      expect(assets).toEqual(['swagger-ui.css', 'swagger-ui-bundle.js']);
      const types = { 'swagger-ui.css': 'text/css; charset=utf-8', 'swagger-ui-bundle.js': 'text/javascript; charset=utf-8' } as Record<string, string>;
      for (const asset of assets) {
        const response = await fetch(new URL(asset, pageUrl));
        expect(response.status, asset).toBe(200);
        expect(response.headers.get('content-type')).toBe(types[asset]);
        expect(Buffer.from(await response.arrayBuffer()).equals(await readFile(join('node_modules/swagger-ui-dist', asset)))).toBe(true);
      }
      const schema = await fetch(new URL(/fetch\("([^"]+)"/.exec(html)![1]!, pageUrl), { headers: { accept: 'application/vnd.oai.openapi+json' } });
      expect(schema.status).toBe(200);
      expect(await schema.json()).toEqual(document);
    });
  });

  describe('every answer of the sample archive', () => {
    it('is what the document says, every object closed to its table', () => {
      expect(answers.length).toBeGreaterThan(250);
      const wrong = answers.filter((answer) => answer.errors.length).map((answer) => `${answer.status} ${answer.url}\n  ${answer.errors.slice(0, 5).join('\n  ')}`);
      expect(wrong).toEqual([]);
    });

    it('exercises every operation of the document: its 200, or the 401 of a view nobody may read', () => {
      const answered = new Map<string, Set<number>>();
      for (const answer of answers) {
        if (!answered.has(answer.template)) answered.set(answer.template, new Set());
        answered.get(answer.template)!.add(answer.status);
      }
      const missing = Object.entries(document.paths as Record<string, any>)
        .filter(([template, item]) => {
          const ok = '200' in item.get.responses ? 200 : 401;
          return !answered.get(template)?.has(ok);
        })
        .map(([template]) => template);
      // froide's private document files: declared, but no private document is published
      // (docs/content-guide.md#private-documents), so no answer links one.
      expect(missing).toEqual(['/media/docs-private/{h0}/{h2}/{h4}/{uid}/{file}']);
      // The errors the seeds asked for were answered as declared (checked above), with these statuses.
      const statuses = new Set(answers.map((answer) => answer.status));
      for (const status of [400, 401, 404, 406]) expect(statuses).toContain(status);
    });

    it('links media only where the media paths say, with tokens of the declared shape', () => {
      const media = answers.filter((answer) => answer.url.startsWith(`${BASE}/media/`));
      expect(media.length).toBeGreaterThanOrEqual(50);
      const checker = answerChecker(document);
      expect(templates.size).toBeGreaterThan(10);
      for (const url of templates) expect(checker.operationOf(new URL(url).pathname)?.template, url).toMatch(/^\/media\/docs(-private)?\/\{h0\}/);
      for (const answer of media) {
        expect(answer.status, answer.url).toBe(200);
        expect(answer.template, answer.url).toMatch(/^\/media\/(foi|docs|docs-private)\//);
        const token = new URL(answer.url).searchParams.get('token');
        if (token !== null) expect(token).toMatch(new RegExp(TOKEN_PATTERN));
        if (answer.template.startsWith('/media/docs-private/')) expect(token, answer.url).not.toBeNull();
      }
    });
  });

  describe('the declared objects (src/api/fields/index.ts)', () => {
    // Answers are made from the tables; what is left to check is that the sample meets every
    // resource's objects and that a key is left out only where its type says `.maybe()`.
    it('answer their tables\' keys in their order, leaving out only optional ones', () => {
      const tables = [...objectsByTable.keys()].sort();
      // Every resource's list item and detail table was met in the sample.
      const expected = new Set(Object.values(RESOURCES).flatMap(({ objects: { item, detail } }) => [item, detail]).filter((name): name is string => name !== null));
      expect(tables).toEqual([...expected].sort());
      for (const [name, objects] of objectsByTable) {
        const table = OBJECTS[name]!;
        const keys = Object.keys(table);
        const required = keys.filter((key) => !table[key]!.optional);
        for (const object of objects) {
          const written = Object.keys(object);
          expect(written, `${name}: a key the table lacks`).toEqual(keys.filter((key) => key in object));
          expect(written, `${name}: a key the table requires`).toEqual(expect.arrayContaining(required));
        }
      }
    });
  });
});
