/**
 * The key of a filter's index files: a SHA-256 of everything a kind's `index` reads (kind.ts
 * FilterKind.index), so two lists with the same key give the same files byte for byte. That is
 * the filter's parameter and parse, the list's length and counting (packs.ts listCounting), the
 * `known` keys, and each object's values in list order, with its `order` rank under each of
 * its keys for ordering filters. Values are written unambiguously into a buffer that is
 * hashed as it fills, in 16-bit units: a type, then a number's 8 bytes, or a string's length
 * and its UTF-16 code units (every string exactly, lone surrogates too), or an array's length
 * before its values. Computing it calls `spec.values` once per object, as indexing does, but builds no
 * key map, no string, sorts nothing and serializes no file: a filter whose key is the previous
 * build's is linked instead (src/output/filter-reuse.ts).
 */
import { type Hash } from 'node:crypto';
import { sha256Hash } from '../../lib/sha256.ts';
import type { Archive } from '../../model/types.ts';
import type { FilterSpec, IndexValue } from './filter-spec.ts';
import { indexKey } from './keyed.ts';

const TYPE = { string: 1, number: 2, true: 3, false: 4, null: 5, undefined: 6, array: 7, object: 8, rank: 9 } as const;

/** Where a KeyWriter sends its units: a Hash, or anything that takes bytes as one does. */
export interface KeySink {
  update(data: Uint8Array | string, encoding?: 'utf16le'): unknown;
}

/** Values as 16-bit units (a string's are its code units), hashed whenever the buffer fills. */
export class KeyWriter<H extends KeySink = Hash> {
  private readonly units: Uint16Array;
  private readonly scratch = new Float64Array(1);
  private readonly scratchUnits = new Uint16Array(this.scratch.buffer);
  private at = 0;
  /** `units`: the buffer's size, small for many writers at once. */
  constructor(
    readonly hash: H,
    units = 1 << 15,
  ) {
    this.units = new Uint16Array(units);
  }

  flush(): void {
    this.hash.update(new Uint8Array(this.units.buffer, 0, this.at * 2));
    this.at = 0;
  }

  type(type: number): void {
    if (this.at + 1 > this.units.length) this.flush();
    this.units[this.at++] = type;
  }

  number(type: number, value: number): void {
    if (this.at + 5 > this.units.length) this.flush();
    this.scratch[0] = value;
    const units = this.units;
    units[this.at] = type;
    units[this.at + 1] = this.scratchUnits[0]!;
    units[this.at + 2] = this.scratchUnits[1]!;
    units[this.at + 3] = this.scratchUnits[2]!;
    units[this.at + 4] = this.scratchUnits[3]!;
    this.at += 5;
  }

  value(value: IndexValue): void {
    switch (typeof value) {
      case 'string': {
        const length = value.length;
        this.number(TYPE.string, length);
        if (this.at + length > this.units.length) {
          this.flush();
          if (length > this.units.length) {
            this.hash.update(value, 'utf16le');
            return;
          }
        }
        const units = this.units;
        let at = this.at;
        for (let i = 0; i < length; i++) units[at++] = value.charCodeAt(i);
        this.at = at;
        return;
      }
      case 'number':
        this.number(TYPE.number, value);
        return;
      case 'boolean':
        this.type(value ? TYPE.true : TYPE.false);
        return;
      default:
        this.type(value === null ? TYPE.null : TYPE.undefined);
    }
  }
}

/** An object's values for a filter, written after an object mark; returns them. */
export function writeValues<T>(writer: KeyWriter<KeySink>, spec: FilterSpec<T>, object: T): IndexValue | readonly IndexValue[] {
  writer.type(TYPE.object);
  const values = spec.values(object);
  if (Array.isArray(values)) {
    writer.number(TYPE.array, values.length);
    for (const value of values as readonly IndexValue[]) writer.value(value);
  } else writer.value(values as IndexValue);
  return values;
}

/** The key of a filter's index files over `ordered` (see the module comment); `newestFirst` is the list's counting. */
export function filterInputsKey<T>(spec: FilterSpec<T>, ordered: readonly T[], newestFirst: boolean, archive?: Archive): string {
  const hash = sha256Hash();
  hash.update(JSON.stringify([spec.param, spec.parse, ordered.length, newestFirst, spec.order !== undefined]));
  const writer = new KeyWriter(hash);
  const known = archive && spec.known ? spec.known(archive) : [];
  writer.number(TYPE.array, known.length);
  for (const value of known) writer.value(value);
  for (const object of ordered) {
    const values = writeValues(writer, spec, object);
    if (spec.order) {
      for (const value of (Array.isArray(values) ? values : [values]) as readonly IndexValue[]) if (value !== null && value !== undefined) writer.number(TYPE.rank, spec.order(object, indexKey(value)));
    }
  }
  writer.flush();
  return hash.digest('hex');
}
