/**
 * The parts the keyed kinds share: an index of `{ "<key>": [positions] }` files, the lookup
 * of keys in it, and the reading of one query parameter (repeated or not) into lookups.
 *
 * Positions under a key are ascending, or in the filter's own order for filters with `order`.
 * The files hold them as the list's files count them (`count`, src/formats/packs.ts listCounting:
 * from the end that keeps the oldest objects), so an object added at the other end changes only
 * the files of its own keys (docs/architecture.md, "Packs"); lookupKey counts them back.
 * A key's file is the key itself for small enumerations (`value` buckets), or one of 64
 * buckets of the key's FNV-1a hash for everything else (`hash` buckets), so a filter never
 * writes more than 64 files however many distinct values it has (docs/architecture.md,
 * "Files per deploy").
 */
import type { Archive } from '../../model/types.ts';
import { secretDigest } from '../../lib/secret-digest.ts';
import { fnv1a } from '../../formats/fnv1a.ts';
import { intersect, union, type Counting, type FilterKind, type GrownFile, type Growth, type IndexFile, type LookupContext, type Parsed, type Positions, type PreviousIndex } from './kind.ts';
import { FILTER_MESSAGES, type FilterSpec, type IndexValue } from './filter-spec.ts';
import type { FilterParse } from './parses.ts';

export type Bucket = 'value' | 'hash';

/** Index keys to look up: all of them (`and`) or any (`or`). */
export interface Keys {
  keys: string[];
  combine: 'and' | 'or';
}

/** The key an object value is indexed under; must agree with the keys the parsers produce. */
export function indexKey(value: Exclude<IndexValue, null | undefined>): string {
  return typeof value === 'boolean' ? (value ? 'true' : 'false') : String(value);
}

/** The low 6 bits of the key's FNV-1a hash as two hex digits: the index file of a hashed key. */
export function hashBucket(key: string): string {
  return (fnv1a(key) & 0x3f).toString(16).padStart(2, '0');
}

/**
 * The index key of objects that a secret companion parameter unlocks (an unlisted collection's
 * `uid`): `~` and the SHA-256 of `<key>:<secret>`. Its file is named by that digest alone
 * (bucketFile), so no public file holds the secret or names the file: only a request that
 * carries the secret finds it (docs/serving.md#what-a-secret-unlocks).
 */
export function secretKey(key: string, secret: string): string {
  return `~${secretDigest(`${key}:${secret}`)}`;
}

const SECRET_KEY = /^~[0-9a-f]{64}$/;

function bucketFile(bucket: Bucket, key: string): string {
  if (SECRET_KEY.test(key)) return key.slice(1);
  return bucket === 'value' ? key : hashBucket(key);
}

const byKey = ([a]: [string, unknown], [b]: [string, unknown]) => (a < b ? -1 : a > b ? 1 : 0);

/** The key of each of an object's values (null and undefined are under no key). */
function keysOf<T>(spec: FilterSpec<T>, object: T, use: (key: string) => void): void {
  const values = spec.values(object);
  for (const value of (Array.isArray(values) ? values : [values]) as readonly IndexValue[]) if (value !== null && value !== undefined) use(indexKey(value));
}

/** Each file's keys, the files by name: the order `keyedIndex` writes them in. */
function filesOf(bucket: Bucket, keys: Iterable<[string, number[]]>): [string, [string, number[]][]][] {
  const files = new Map<string, [string, number[]][]>();
  for (const entry of keys) {
    const file = bucketFile(bucket, entry[0]);
    let list = files.get(file);
    if (!list) files.set(file, (list = []));
    list.push(entry);
  }
  return [...files.entries()].sort(byKey);
}

/** A file's text: its keys sorted, each with its stored numbers, so two builds of the same content write the same bytes. */
function fileBody(entries: [string, number[]][]): string {
  return JSON.stringify(Object.fromEntries(entries.sort(byKey)));
}

/** The index files of a keyed filter. `archive` gives `known` filters their keys. */
function keyedIndex<T>(bucket: Bucket, spec: FilterSpec<T>, ordered: readonly T[], archive?: Archive, count: Counting = (position) => position): IndexFile[] {
  // key -> positions (ascending, because positions are visited in order); the files they go
  // to are found once per key at the end, not once per object.
  const keys = new Map<string, number[]>();
  const slot = (key: string): number[] => {
    let positions = keys.get(key);
    if (!positions) keys.set(key, (positions = []));
    return positions;
  };
  if (archive && spec.known) for (const value of spec.known(archive)) if (value !== null && value !== undefined) slot(indexKey(value));
  ordered.forEach((object, position) => {
    keysOf(spec, object, (key) => {
      const positions = slot(key);
      // An object that lists a key twice is under it once: its position would be the last one.
      if (positions[positions.length - 1] !== position) positions.push(position);
    });
  });
  // An ordering filter keeps its own order under each key (ties: list order).
  if (spec.order) {
    for (const [key, positions] of keys) {
      const rank = new Map(positions.map((position) => [position, spec.order!(ordered[position]!, key)]));
      positions.sort((a, b) => rank.get(a)! - rank.get(b)! || a - b);
    }
  }
  return filesOf(bucket, keys).map(([file, entries]) => ({ file, body: fileBody(entries.map(([key, positions]) => [key, positions.map(count)])) }));
}

/**
 * keyedIndex's files over a list that grew at its growing end, from its files before (the same
 * filter with the same `known` keys; never an ordering one). Every earlier object keeps its
 * stored number (src/formats/packs.ts listCounting), so only the files of the added objects' keys
 * change: each gets the added numbers before its own (a list that puts new objects first) or
 * after them.
 */
function keyedGrow<T>(bucket: Bucket, spec: FilterSpec<T>, ordered: readonly T[], growth: Growth, previous: PreviousIndex, count: Counting): GrownFile[] {
  if (spec.order) throw new Error(`keyedGrow: ${spec.param} orders its positions`);
  const added = new Map<string, number[]>();
  for (let position = growth.from; position < growth.to; position++) {
    keysOf(spec, ordered[position]!, (key) => {
      let numbers = added.get(key);
      if (!numbers) added.set(key, (numbers = []));
      const number = count(position);
      if (numbers[numbers.length - 1] !== number) numbers.push(number);
    });
  }
  const first = growth.from === 0;
  const grown = new Map<string, string>();
  for (const [file, entries] of filesOf(bucket, added)) {
    const before = previous.read(file);
    const keys = new Map(before === undefined ? [] : Object.entries(JSON.parse(before) as Record<string, number[]>));
    for (const [key, numbers] of entries) {
      const was = keys.get(key) ?? [];
      keys.set(key, first ? [...numbers, ...was] : [...was, ...numbers]);
    }
    grown.set(file, fileBody([...keys]));
  }
  // The default sort compares UTF-16 code units, as byKey does.
  const names = [...new Set([...previous.names, ...grown.keys()])].sort();
  return names.map((file) => ({ file, body: grown.get(file) ?? null }));
}

/** The positions under a key; null when the index has no such key. */
async function lookupKey({ reader, count }: LookupContext, bucket: Bucket, key: string): Promise<number[] | null> {
  const file = (await reader.index(bucketFile(bucket, key))) as Record<string, number[]> | null;
  if (!file || !Object.hasOwn(file, key)) return null;
  return file[key]!.map(count);
}

export async function keyPositions(context: LookupContext, bucket: Bucket, { keys, combine }: Keys): Promise<number[]> {
  if (keys.length === 0) return [];
  const lists = (await Promise.all(keys.map((key) => lookupKey(context, bucket, key)))).map((list) => list ?? []);
  return combine === 'or' ? lists.reduce(union, []) : lists.reduce(intersect);
}

/**
 * A filter with `known` keys (every valid value is a key, so a missing key is a 400 and no
 * detail needs reading) and/or a `secret` companion parameter (objects also indexed under
 * secretKey(key, secret), looked up only when the request carries it). With `spec.order` the key's
 * positions keep the index's order.
 */
export async function knownPositions(context: LookupContext, bucket: Bucket, key: string, known: boolean, secretParam?: string): Promise<number[] | string> {
  const found = await lookupKey(context, bucket, key);
  if (known && found === null) return FILTER_MESSAGES.invalidModelChoice;
  const secret = secretParam ? context.query.getAll(secretParam).at(-1) : undefined;
  // A secret-keyed object is indexed under secretKey(key, secret) only; one of the two lists is empty.
  if (!secret) return found ?? [];
  return [...(found ?? []), ...((await lookupKey(context, bucket, secretKey(key, secret))) ?? [])];
}

/** The parts of a kind that reads one query parameter, one value at a time. */
export interface ValueKindParts<P extends FilterParse, V> {
  index: <T>(spec: FilterSpec<T, P>, ordered: readonly T[], archive?: Archive, count?: Counting) => IndexFile[];
  grow?: FilterKind<P>['grow'];
  /** A non-empty value, trimmed, and as sent (`raw`). */
  parse: (parse: P, value: string, raw: string) => Parsed<V>;
  lookup: (spec: FilterSpec<never, P>, value: V, context: LookupContext) => Promise<Positions>;
}

export interface ValueKind<P extends FilterParse, V> extends FilterKind<P> {
  /** One request value: null (an empty value, or one the filter ignores), a 400 message, or what to look up. */
  parse(parse: P, raw: string): Parsed<V>;
  lookup(spec: FilterSpec<never, P>, value: V, context: LookupContext): Promise<Positions>;
}

/**
 * A kind reading `spec.param`: django's last value, or with `repeat` every value, all of them
 * (`and`) or any (`or`). The first invalid value is the parameter's 400.
 */
export function valueKind<P extends FilterParse, V>(parts: ValueKindParts<P, V>): ValueKind<P, V> {
  const parse = (spec: P, raw: string): Parsed<V> => {
    const value = raw.trim();
    return value === '' ? null : parts.parse(spec, value, raw);
  };
  return {
    index: parts.index,
    ...(parts.grow && { grow: parts.grow }),
    parse,
    lookup: parts.lookup,
    read(spec, query) {
      const raw = query.getAll(spec.param);
      if (raw.length === 0) return { lookups: [] };
      const values = (spec.repeat ?? 'last') === 'last' ? [raw[raw.length - 1]!] : raw;
      const parsed = values.map((value) => parse(spec.parse, value));
      const invalid = parsed.find((value) => value !== null && 'error' in value);
      if (invalid && 'error' in invalid) return { errors: { [spec.param]: [invalid.error] } };
      const applied = parsed.flatMap((value) => (value !== null && 'value' in value ? [value.value] : []));
      if (applied.length === 0) return { lookups: [] };
      const across = spec.repeat === 'or' ? 'or' : 'and';
      const positions = async (context: LookupContext): Promise<Positions> => {
        const perValue = (await Promise.all(applied.map((value) => parts.lookup(spec, value, context)))).filter((value) => value !== null);
        const error = perValue.find((value) => typeof value === 'string');
        if (error !== undefined) return error;
        const lists = perValue as number[][];
        if (lists.length === 0) return null;
        return across === 'or' ? lists.reduce(union, []) : lists.reduce(intersect);
      };
      return { lookups: [{ param: spec.param, positions }] };
    },
  };
}

/** A keyed kind's `index` and `grow`, in the bucket its parse names. */
export function keyedParts<P extends FilterParse>(bucket: (parse: P) => Bucket): Pick<ValueKindParts<P, never>, 'index' | 'grow'> {
  return {
    index: (spec, ordered, archive, count) => keyedIndex(bucket(spec.parse), spec, ordered, archive, count),
    grow: (spec, ordered, growth, previous, count) => keyedGrow(bucket(spec.parse), spec, ordered, growth, previous, count),
  };
}

/** A kind whose value is a set of keys, looked up in a keyed index of the given bucket. */
export function keysKind<P extends FilterParse>(bucket: Bucket | ((parse: P) => Bucket), parse: ValueKindParts<P, Keys>['parse']): ValueKind<P, Keys> {
  const of = (spec: P) => (typeof bucket === 'function' ? bucket(spec) : bucket);
  return valueKind<P, Keys>({
    ...keyedParts<P>((spec) => of(spec)),
    parse,
    lookup: (spec, keys, context) => keyPositions(context, of(spec.parse), keys),
  });
}
