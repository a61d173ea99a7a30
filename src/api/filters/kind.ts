/**
 * The three parts every filter kind has: `index` turns the ordered objects into
 * index files at build time, `read` turns a request's query into lookups, and each lookup
 * turns index files into positions when serving. All pure: files come in and go out as
 * plain data, read through a FilterReader, so a kind is tested without a build or a BuildStore.
 */
import type { ShapeRecord } from '../../model/geometry.ts';
import type { Archive } from '../../model/types.ts';
import type { FilterSpec, IndexValue } from './filter-spec.ts';
import type { FilterParse } from './parses.ts';
import type { ResourceName } from '../../formats/resource-names.ts';

/** One index file of a filter: its name (`buildPaths.filterIndex`'s `file`) and its JSON text. */
export interface IndexFile {
  file: string;
  body: string;
}

/** What a lookup reads, bound to one filter of one resource (src/serve/api/filter-engine.ts makes it from a BuildStore). */
export interface FilterReader {
  /** One of this filter's index files, parsed; null when the build wrote none. */
  index(file: string): Promise<unknown>;
  /** The geometries of a resource (the shapes file). */
  shapes(resource: ResourceName): Promise<ShapeRecord[]>;
  /** Whether a published object has this id (its detail pack holds it). */
  exists(resource: ResourceName, id: string): Promise<boolean>;
  /** The matches of a full-text query (`q` as sent) in the resource's index (fulltext.ts): positions ascending, each with its score. */
  search?(query: string): Promise<Ranking>;
}

/**
 * How a list grew from the previous build's: objects added at its growing end, at positions
 * [from, to) of the new list; `moved` is how far each earlier object's position moved (the
 * count added before it: all of them for a list that puts new objects first, else none).
 */
export interface Growth {
  from: number;
  to: number;
  moved: number;
}

/** The index files a filter wrote over the list before it grew: their names in the order `index` gave them, and each one's text. */
export interface PreviousIndex {
  names: readonly string[];
  read(file: string): string | undefined;
}

/** A file of a grown index: its text, or null where the previous file stays as it was. */
export interface GrownFile {
  file: string;
  body: string | null;
}

/** A list's counting of positions in its files: its own inverse (src/formats/packs.ts listCounting). */
export type Counting = (position: number) => number;

export interface LookupContext {
  reader: FilterReader;
  /** How keyed index files count the list's positions (src/formats/packs.ts listCounting): applied to a stored number, it gives the position. */
  count: Counting;
  /** The request's whole query, for companion parameters (`uid`). */
  query: URLSearchParams;
  /** Scores of a ranking search (scan `rank`), by position: they order the answer. */
  scores: Map<number, number>;
  /** Scores of a full-text search (fulltext.ts), kept as its arrays: they order the answer as `scores` do (without it, they go into `scores`). */
  rankings?: Ranking[];
}

/** Positions ascending, each with its score (a full-text search's matches). */
export interface Ranking {
  positions: Int32Array;
  scores: Float64Array;
}

/**
 * Positions of one parameter, in answer order (ascending unless the filter orders: `order`),
 * a 400 message, or null when the parameter turns out not to apply (an unknown `regions` id).
 */
export type Positions = number[] | string | null;

export interface Lookup {
  /** The query parameter a 400 message of this lookup is reported under. */
  param: string;
  positions(context: LookupContext): Promise<Positions>;
}

/** A filter's reading of a query: 400 errors by parameter, or the lookups to run (none: no filter). */
type Reading = { errors: Record<string, string[]> } | { lookups: Lookup[] };

/** One request value read by a kind: null when it means "no filter", else a 400 message or what to look up. */
export type Parsed<V> = null | { error: string } | { value: V };

export interface FilterKind<P extends FilterParse> {
  /** `ordered` are objects of the filter's own type (the list of its resource). */
  index<T>(spec: FilterSpec<T, P>, ordered: readonly T[], archive?: Archive, count?: Counting): IndexFile[];
  /**
   * The files `index` gives over `ordered`, a list that grew at its growing end, from the files
   * it gave over the list before (same filter, same `known` keys): every file in `index`'s
   * order, null where it stays. A kind without it is indexed again when its list grows.
   */
  grow?<T>(spec: FilterSpec<T, P>, ordered: readonly T[], growth: Growth, previous: PreviousIndex, count: Counting): GrownFile[];
  read(spec: FilterSpec<never, P>, query: URLSearchParams): Reading;
}

/** Both inputs ascending; output ascending. */
export function intersect(a: readonly number[], b: readonly number[]): number[] {
  const out: number[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i]! < b[j]!) i++;
    else if (a[i]! > b[j]!) j++;
    else {
      out.push(a[i]!);
      i++;
      j++;
    }
  }
  return out;
}

export function union(a: readonly number[], b: readonly number[]): number[] {
  const out: number[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (j >= b.length || (i < a.length && a[i]! < b[j]!)) out.push(a[i++]!);
    else if (i >= a.length || b[j]! < a[i]!) out.push(b[j++]!);
    else {
      out.push(a[i]!);
      i++;
      j++;
    }
  }
  return out;
}

/** An object's values for a filter, as a list. */
export function valuesOf<T>(spec: FilterSpec<T>, object: T): readonly IndexValue[] {
  const raw = spec.values(object);
  return Array.isArray(raw) ? (raw as readonly IndexValue[]) : [raw as IndexValue];
}
