/**
 * Limit/offset pagination over the list chunks (docs/froide.md#paging): a window of positions
 * is one range of slots in at most two chunks (src/formats/packs.ts).
 */
import { pythonInt } from '../../formats/python.ts';
import type { Query } from '../../formats/query-encoding.ts';
import { readListItems } from '../shared/pack-reader.ts';
import type { FileRange } from '../../formats/packs.ts';
import { parseJson, readFileOrRange, type BuildStore } from '../shared/build-store.ts';
import type { ResourceSpec } from '../../api/resources/declaration-spec.ts';
import type { ResourceName } from '../../formats/resource-names.ts';

/** Django's QueryDict[key]: the last value. */
export function lastValue(query: URLSearchParams, key: string): string | null {
  const values = query.getAll(key);
  return values.length ? values[values.length - 1]! : null;
}

/** DRF: a strictly positive int, clamped to the maximum; anything else is the default. */
function parseLimit(raw: string | null, spec: Pick<ResourceSpec, 'defaultLimit' | 'maxLimit'>): number {
  const value = pythonInt(raw);
  if (value === null || value <= 0) return spec.defaultLimit;
  return Math.min(value, spec.maxLimit);
}

/** DRF: a non-negative int, anything else is 0. */
function parseOffset(raw: string | null): number {
  const value = pythonInt(raw);
  return value === null || value < 0 ? 0 : value;
}

/**
 * A list request's window (DRF LimitOffsetPagination) and its other parameters, which
 * next/previous keep (docs/froide.md#paging); the shared envelope sets limit and offset itself.
 */
export function pageRequest(query: URLSearchParams, spec: Pick<ResourceSpec, 'defaultLimit' | 'maxLimit'>): { limit: number; offset: number; others: Query } {
  return { limit: parseLimit(lastValue(query, 'limit'), spec), offset: parseOffset(lastValue(query, 'offset')), others: otherParams(query) };
}

/** The request's parameters other than limit and offset, each with all its values in order. */
export function otherParams(query: URLSearchParams): Query {
  const others: Record<string, string[]> = {};
  for (const [key, value] of query) if (key !== 'limit' && key !== 'offset') (others[key] ??= []).push(value);
  return others;
}

/** A build file (or bytes `[start, end)` of it) parsed as JSON, through the store's cache where it has one; null when there is no such file. */
export async function readJson(store: BuildStore, path: string, range?: FileRange): Promise<unknown> {
  if (store.json) return store.json(path, range);
  const bytes = await readFileOrRange(store, path, range);
  return bytes === null ? null : parseJson(bytes);
}

/**
 * The objects at the given positions of a resource's ordered list of `total` objects, in the
 * given order, read from the list chunks (src/serve/shared/pack-reader.ts).
 */
export async function readPositions(store: BuildStore, resource: ResourceName, positions: readonly number[], total: number): Promise<unknown[]> {
  return (await readListItems(store, resource, positions, total)).map(parseJson);
}

/** Positions [offset, offset + limit) of a list with `total` objects. */
export function window(total: number, limit: number, offset: number): number[] {
  const end = Math.min(total, offset + limit);
  const positions: number[] = [];
  for (let p = offset; p < end; p++) positions.push(p);
  return positions;
}
