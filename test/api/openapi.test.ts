/**
 * The OpenAPI document as generated from the tables, without a build: valid 3.1,
 * one operation per readable view, froide's envelope, every filter of the filter table as a
 * parameter of its list, media paths with the token parameter. The sample-archive test checks
 * real answers against it.
 */
import { Validator } from '@seriousme/openapi-schema-validator';
import { parse as parseYaml } from 'yaml';
import { describe, expect, it } from 'vitest';
import { queryParamsOf } from '../../src/api/filters/index.ts';
import { openApiDocument, planOpenApi } from '../../src/api/openapi/openapi-document.ts';
import { buildPaths } from '../../src/api/build-paths.ts';
import { filtersOf, listActionsOf, RESOURCES } from '../../src/api/resources/declaration-registry.ts';
import { RESOURCE_NAMES } from '../../src/formats/resource-names.ts';

const URLS = { baseUrl: 'https://archive.test', mediaUrl: 'https://archive.test/media/', siteUrl: 'https://site.test' };
const document = openApiDocument({ title: 'Test-Archiv', urls: URLS }) as Record<string, any>;
const schemas = document.components.schemas as Record<string, any>;

const operations = () => Object.entries(document.paths as Record<string, any>).map(([path, item]) => ({ path, ...item.get }));

describe('openApiDocument', () => {
  it('is valid OpenAPI 3.1, with the base URL as its server', async () => {
    const validator = new Validator();
    expect(await validator.validate(structuredClone(document))).toEqual({ valid: true });
    expect(validator.version).toBe('3.1');
    expect(document.servers).toEqual([{ url: 'https://archive.test' }]);
    expect(document.info).toMatchObject({ title: 'Test-Archiv API', version: 'v1' });
  });

  it('rejects, through the validator, a reference to an object no table defines', async () => {
    const broken = structuredClone(document);
    broken.paths['/api/v1/message/'].get.responses['200'].content['application/json'].schema.$ref = '#/components/schemas/Nothing';
    const validator = new Validator();
    await validator.validate(broken);
    expect(() => validator.resolveRefs()).toThrow(/Nothing/);
  });

  it('describes lists as froide writes them: meta and objects, never count and results', () => {
    expect(schemas.Meta.required).toEqual(['limit', 'next', 'offset', 'previous', 'total_count']);
    expect(schemas.Meta.properties.next).toMatchObject({ type: ['string', 'null'], format: 'uri' });
    expect(schemas.PaginatedFoiMessageList).toEqual({
      type: 'object',
      properties: { meta: { $ref: '#/components/schemas/Meta' }, objects: { type: 'array', items: { $ref: '#/components/schemas/FoiMessage' } } },
      required: ['meta', 'objects'],
    });
    expect(schemas.PaginatedPublicBodyListList.required).toEqual(['meta', 'objects', 'facets']);
    expect(schemas.PaginatedPageList.required).toEqual(['meta', 'objects', 'facets']);
    const paginated = Object.entries(schemas).filter(([name]) => name.startsWith('Paginated'));
    expect(paginated.length).toBeGreaterThanOrEqual(19);
    for (const [name, schema] of paginated) expect(['meta', 'objects', 'facets'], name).toEqual(expect.arrayContaining(Object.keys(schema.properties)));
  });

  it('has one read per view of the route table, named as drf-spectacular names them', () => {
    const ids = operations().map((operation) => operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const resource of RESOURCE_NAMES) {
      const spec = RESOURCES[resource];
      const readable = (methods: readonly string[] | null) => Boolean(methods?.includes('GET')) || spec.permission === 'login';
      expect(Boolean(document.paths[`/api/v1/${resource}/`]), resource).toBe(readable(spec.listMethods));
      expect(Boolean(document.paths[`/api/v1/${resource}/{id}/`]), resource).toBe(readable(spec.detailMethods));
      for (const action of listActionsOf(resource)) expect(document.paths[`/api/v1/${resource}/${action.path}/`], action.path).toBeDefined();
    }
    expect(document.paths['/api/v1/message/'].get.operationId).toBe('message_list');
    expect(document.paths['/api/v1/message/{id}/'].get.operationId).toBe('message_retrieve');
    expect(document.paths['/api/v1/request/tags/autocomplete/'].get.operationId).toBe('request_tags_autocomplete_retrieve');
    expect(document.paths['/api/v1/schema/'].get.operationId).toBe('schema_retrieve');
    // Views nobody may read answer 401 only; page has no detail, following's detail no GET.
    expect(Object.keys(document.paths['/api/v1/problemreport/'].get.responses)).toEqual(['401']);
    expect(document.paths['/api/v1/page/{id}/']).toBeUndefined();
    expect(document.paths['/api/v1/following/{id}/']).toBeUndefined();
  });

  it('lists every filter of the filter table as a parameter of its list, with 400 where a value can be refused', () => {
    for (const resource of RESOURCE_NAMES) {
      const list = document.paths[`/api/v1/${resource}/`]?.get;
      if (!list || list.responses['401'] && !list.responses['200']) continue;
      const names = list.parameters.map((parameter: { name: string }) => parameter.name);
      for (const spec of filtersOf(resource)) for (const param of queryParamsOf(spec)) expect(names, `${resource} ${param}`).toContain(param);
      if (resource !== 'venue') expect(names).toEqual(expect.arrayContaining(['limit', 'offset', 'format']));
    }
    const message = document.paths['/api/v1/message/'].get;
    expect(message.parameters.find((parameter: { name: string }) => parameter.name === 'kind').schema).toEqual({ type: 'string', enum: ['email', 'post', 'fax', 'upload', 'phone', 'visit', 'import'] });
    expect(message.responses['400']).toEqual({ $ref: '#/components/responses/BadFilter' });
    expect(document.paths['/api/v1/jurisdiction/'].get.responses['400']).toBeUndefined();
    // Repeatable filters are arrays: publicbody `category` means all of them.
    expect(document.paths['/api/v1/publicbody/'].get.parameters.find((parameter: { name: string }) => parameter.name === 'category')).toMatchObject({ schema: { type: 'array', items: { type: 'integer' } }, explode: true });
    // A view's own required parameter wins over the filter of the same name.
    expect(document.paths['/api/v1/campaigninformationobject/'].get.parameters.find((parameter: { name: string }) => parameter.name === 'campaign')).toMatchObject({ required: true });
  });

  it('states each list order of the built resources', () => {
    expect(document.paths['/api/v1/request/'].get.description).toBe('Order: newest last message first (froide: `-last_message`), then id descending.');
  });

  it('describes the media files with their token, under the base URL or on their own host', () => {
    const attachment = document.paths['/media/foi/{message_id}/{name}'].get;
    expect(attachment.parameters.find((parameter: { name: string }) => parameter.name === 'token')).toMatchObject({ in: 'query', schema: { pattern: expect.any(String) } });
    expect(document.paths['/media/docs-private/{h0}/{h2}/{h4}/{uid}/{file}'].get.parameters.at(-1)).toMatchObject({ name: 'token', required: true });
    const elsewhere = openApiDocument({ title: 'T', urls: { ...URLS, mediaUrl: 'https://media.test/files/' } }) as Record<string, any>;
    expect(elsewhere.paths['/foi/{message_id}/{name}'].servers).toEqual([{ url: 'https://media.test/files' }]);
  });
});

describe('planOpenApi', () => {
  it('writes the same document as JSON and as YAML without aliases', () => {
    const files = planOpenApi({ title: 'Test-Archiv', urls: URLS }) as { path: string; body: string }[];
    expect(files.map((file) => file.path)).toEqual([buildPaths.openapi('json'), buildPaths.openapi('yaml')]);
    expect(JSON.parse(files[0]!.body)).toEqual(document);
    expect(files[1]!.body).not.toMatch(/^\s*[\w$/{}-]+: [&*]\w/m);
    expect(parseYaml(files[1]!.body)).toEqual(document);
  });
});
