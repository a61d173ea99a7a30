/**
 * The generic passes over a resource's table (src/api/filters/index.ts): every filter of the
 * table indexed, and a query answered across filters (errors together and in table order,
 * intersections, a filter's own order, scores).
 */
import { describe, expect, it } from 'vitest';
import { buildPaths } from '../../../src/api/build-paths.ts';
import { filterPositions, KINDS } from '../../../src/api/filters/index.ts';
import { RESOURCES, type ResourceItems } from '../../../src/api/resources/declaration-registry.ts';
import type { ResourceName } from '../../../src/formats/resource-names.ts';
import { planFilterIndexes } from '../../../src/output/indexes.ts';
import type { FilterReader } from '../../../src/api/filters/kind.ts';
import type { FoiRequest, Law } from '../../../src/model/types.ts';

/** The filter index files the build plans for a resource's list (without an earlier build), by path. */
function planned<N extends ResourceName>(resource: N, ordered: readonly ResourceItems[N][]): Map<string, string> {
  return new Map([...planFilterIndexes(resource, ordered)].map((file) => [file.path, (file as { body: string }).body]));
}

/** Serves the files the build planned, as the Store does after the build wrote them. */
function readerFrom(resource: ResourceName, files: Map<string, string>, existing: string[] = []): (param: string) => FilterReader {
  return (param) => ({
    index: async (file) => {
      const body = files.get(buildPaths.filterIndex(resource, param, file));
      return body === undefined ? null : JSON.parse(body);
    },
    shapes: async () => JSON.parse(files.get(buildPaths.shapes(resource)) ?? '[]'),
    exists: async (resource, id) => existing.includes(`${resource}/${id}`),
  });
}

const jurisdiction = (id: number) => ({ id });
const laws = [
  { id: 1, name: 'IFG', meta: false, jurisdiction: jurisdiction(1), mediator: null },
  { id: 2, name: 'UIG Berlin', meta: false, jurisdiction: jurisdiction(2), mediator: null },
  { id: 3, name: 'IFG Berlin', meta: true, jurisdiction: jurisdiction(2), mediator: null },
] as unknown as Law[];

describe('filter tables and the generic passes', () => {
  it('every kind in a table has its module', () => {
    const used = new Set(Object.values(RESOURCES).flatMap((resource) => resource.filters.map((spec) => spec.parse.kind)));
    expect([...used].filter((kind) => !(kind in KINDS))).toEqual([]);
    expect(Object.keys(KINDS).sort()).toEqual(['boolean', 'choice', 'data', 'fulltext', 'id', 'ids', 'integer', 'lenient', 'near', 'nochoice', 'point', 'range', 'scan', 'text', 'words']);
  });

  it('indexes each filter of the table under its param', () => {
    const files = planned('law', laws);
    expect([...new Set([...files.keys()].map((path) => path.split('/')[3]))]).toEqual(['jurisdiction', 'id', 'q', 'meta']);
    expect([...files].filter(([path]) => path.startsWith('_data/law/index/meta/'))).toEqual([
      [buildPaths.filterIndex('law', 'meta', 'false'), '{"false":[0,1]}'],
      [buildPaths.filterIndex('law', 'meta', 'true'), '{"true":[2]}'],
    ]);
    expect(files.has(buildPaths.shapes('law'))).toBe(false);
  });

  it.each([
    ['', { kind: 'all' }],
    ['jurisdiction=2', { kind: 'positions', positions: [1, 2] }],
    ['jurisdiction=2&q=ifg', { kind: 'positions', positions: [2] }],
    ['jurisdiction=2&meta=false&id=1,2', { kind: 'positions', positions: [1] }],
    ['meta=maybe', { kind: 'all' }],
    ['jurisdiction=9', { kind: 'invalid', errors: { jurisdiction: ['Select a valid choice. That choice is not one of the available choices.'] } }],
    ['id=x&jurisdiction=y', { kind: 'invalid', errors: { jurisdiction: ['Select a valid choice. That choice is not one of the available choices.'], id: ['Enter a number.'] } }],
  ])('law?%s answers %j', async (query, expected) => {
    expect(await filterPositions('law', new URLSearchParams(query), readerFrom('law', planned('law', laws)), laws.length)).toEqual(expected);
  });

  it('a range error and an unknown id are reported together, in the order of the table', async () => {
    const requests = [{ costs: 5, jurisdiction: jurisdiction(1), tags: [], publicBody: null, campaign: null, reference: '', createdAt: null }] as unknown as FoiRequest[];
    const outcome = await filterPositions('request', new URLSearchParams('costs_max=x&jurisdiction=7&costs_min=y'), readerFrom('request', planned('request', requests)), requests.length);
    expect(outcome).toEqual({
      kind: 'invalid',
      errors: { jurisdiction: ['Select a valid choice. That choice is not one of the available choices.'], costs: ['Enter a number.'] },
    });
  });

  describe('ranked answers (a full-text search that matches much of a list)', () => {
    const total = 10_000;
    // Scores with many ties (a tenth of the values), ascending positions, as the index gives them.
    const found = {
      positions: Int32Array.from({ length: total }, (_, i) => i),
      scores: Float64Array.from({ length: total }, (_, i) => ((i * 7919) % 10) / 4 + (i % 3 === 0 ? 0 : ((i * 104729) % 997) / 1000)),
    };
    const reader = (): FilterReader => ({ index: async () => null, shapes: async () => [], exists: async () => false, search: async () => found });
    const answer = async (options: { ranked?: number; within?: number[] } = {}) => {
      const outcome = await filterPositions('page', new URLSearchParams('q=anything'), reader, total, undefined, options);
      if (outcome.kind !== 'positions') throw new Error(`expected positions, got ${outcome.kind}`);
      return outcome.positions;
    };

    it('the first `ranked` positions are those of the whole order, and every position is there', async () => {
      const full = await answer();
      expect(full.slice(0, 5)).toEqual([...full].sort((a, b) => found.scores[b]! - found.scores[a]! || a - b).slice(0, 5));
      for (const ranked of [1, 7, 50, 1003, 2499, 2500, 9000]) {
        const partial = await answer({ ranked });
        expect(partial.slice(0, ranked)).toEqual(full.slice(0, ranked));
        expect([...partial].sort((a, b) => a - b)).toEqual(Array.from(found.positions));
      }
    });

    it('a scope (`within`) is applied before the ranking: the page is the scoped order\'s', async () => {
      const within = Array.from({ length: total / 2 }, (_, i) => i * 2 + 1);
      const full = (await answer()).filter((position) => position % 2 === 1);
      const partial = await answer({ within, ranked: 20 });
      expect(partial.length).toBe(within.length);
      expect(partial.slice(0, 20)).toEqual(full.slice(0, 20));
    });
  });
});

