/**
 * Filter index files for one resource (issue 4 #3). Format: see src/api/filters.ts.
 *
 * `ordered` must be the exact list the resource's page files were cut from: a position here
 * is the object's 0-based index in that list.
 */
import { filtersOf, indexFile, indexKey, NEAR_FILE, RANGE_FILE, SCAN_FILE, SHAPES, type FilterSpec } from '../api/filters.ts';
import { buildPaths, type ResourceName } from '../api/routes.ts';
import type { Archive } from '../model/types.ts';
import type { PlannedFile } from './plan-types.ts';

/** `archive` gives `known` filters their keys; without it they index only what the objects have. */
export function planFilterIndexes(resource: ResourceName, ordered: readonly object[], archive?: Archive): PlannedFile[] {
  return [...filtersOf(resource).flatMap((spec) => planFilter(resource, spec, ordered, archive)), ...planShapes(resource, ordered)];
}

/** The shapes file of a resource with geometries: one record per object that has one, in list order. */
function planShapes(resource: ResourceName, ordered: readonly object[]): PlannedFile[] {
  const shapeOf = SHAPES[resource];
  if (!shapeOf) return [];
  const records = ordered.flatMap((object) => {
    const record = shapeOf(object);
    return record ? [record] : [];
  });
  return [{ path: buildPaths.shapes(resource), body: JSON.stringify(records) }];
}

/** A scan filter's values file: each object's strings by position, `icontains` slots lower-cased. */
function planScan(resource: ResourceName, spec: FilterSpec<any>, ordered: readonly object[]): PlannedFile[] {
  const parse = spec.parse as Extract<FilterSpec['parse'], { kind: 'scan' }>;
  const rows = ordered.map((object) => {
    const raw = spec.values(object as never);
    const values = Array.isArray(raw) ? raw : [raw];
    return parse.match.map((match, slot) => {
      const value = values[slot] === null || values[slot] === undefined ? '' : indexKey(values[slot]);
      return match === 'icontains' ? value.toLowerCase() : value;
    });
  });
  return [{ path: buildPaths.filterIndex(resource, spec.param, SCAN_FILE), body: JSON.stringify(rows) }];
}

function planRange(resource: ResourceName, spec: FilterSpec<any>, ordered: readonly object[]): PlannedFile[] {
  const pairs: [number | string, number][] = [];
  ordered.forEach((object, position) => {
    const value = spec.values(object as never);
    if (typeof value === 'number' || typeof value === 'string') pairs.push([value, position]);
  });
  pairs.sort(([a, p], [b, q]) => (a < b ? -1 : a > b ? 1 : p - q));
  return [{ path: buildPaths.filterIndex(resource, spec.param, RANGE_FILE), body: JSON.stringify(pairs) }];
}

/** Near filters: `[lat, lng, position]` of every object with a point, in position order. */
function planNear(resource: ResourceName, spec: FilterSpec<any>, ordered: readonly object[]): PlannedFile[] {
  const points: [number, number, number][] = [];
  ordered.forEach((object, position) => {
    const value = spec.values(object as never);
    if (Array.isArray(value) && typeof value[0] === 'number' && typeof value[1] === 'number') points.push([value[0], value[1], position]);
  });
  return [{ path: buildPaths.filterIndex(resource, spec.param, NEAR_FILE), body: JSON.stringify(points) }];
}

function planFilter(resource: ResourceName, spec: FilterSpec<any>, ordered: readonly object[], archive?: Archive): PlannedFile[] {
  if (spec.parse.kind === 'range') return planRange(resource, spec, ordered);
  if (spec.parse.kind === 'scan') return planScan(resource, spec, ordered);
  if (spec.parse.kind === 'near') return planNear(resource, spec, ordered);
  // file -> key -> positions (ascending, because positions are visited in order)
  const files = new Map<string, Map<string, number[]>>();
  const slot = (key: string): number[] => {
    const file = indexFile(spec.parse, key);
    let keys = files.get(file);
    if (!keys) files.set(file, (keys = new Map()));
    let positions = keys.get(key);
    if (!positions) keys.set(key, (positions = []));
    return positions;
  };
  if (archive && spec.known) for (const value of spec.known(archive)) if (value !== null && value !== undefined) slot(indexKey(value));
  ordered.forEach((object, position) => {
    const raw = spec.values(object as never);
    const values = Array.isArray(raw) ? raw : [raw];
    for (const value of new Set(values)) {
      if (value === null || value === undefined) continue;
      slot(indexKey(value)).push(position);
    }
  });
  // An ordering filter keeps its own order under each key (ties: list order).
  if (spec.order) {
    for (const keys of files.values()) {
      for (const [key, positions] of keys) {
        const rank = new Map(positions.map((position) => [position, spec.order!(ordered[position] as never, key)]));
        positions.sort((a, b) => rank.get(a)! - rank.get(b)! || a - b);
      }
    }
  }
  return [...files.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([file, keys]) => ({
      path: buildPaths.filterIndex(resource, spec.param, file),
      // Sorted keys: two builds of the same content write the same bytes.
      body: JSON.stringify(Object.fromEntries([...keys.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))),
    }));
}
