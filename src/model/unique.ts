/**
 * Values that must be unique (ids, slugs, idents, names). Load order says nothing about which
 * of two records is the new one ("22-neue-behoerde.yaml" sorts before "7-bundeskanzleramt.yaml"),
 * so a clash is reported at every place that holds the value, each naming the others, and the
 * hint fits both: the editor knows which record they are adding; the program does not.
 */
import type { ErrorKind } from '../content/errors.ts';
import type { Problems, RecordSource } from '../content/problems.ts';

/** Where a value is written: a record's source and the key path below its base. */
export interface Place {
  source: RecordSource;
  path: readonly (string | number)[];
}

/** `file:line` of a place, for "also used in …". */
function placeName(place: Place): string {
  const { line } = place.source.locate([...place.source.base, ...place.path]);
  return line > 0 ? `${place.source.file}:${line}` : place.source.file;
}

export class UniqueKeys<K> {
  /** The first place of every key; a clash adds the key to `clashes` with all its places. */
  private readonly first = new Map<K, Place>();
  private readonly clashes = new Map<K, Place[]>();

  /** Records that `key` is written at `place`; false when an earlier place holds it already (that one is linked). */
  claim(key: K, place: Place): boolean {
    const first = this.first.get(key);
    if (!first) {
      this.first.set(key, place);
      return true;
    }
    const places = this.clashes.get(key);
    if (places) places.push(place);
    else this.clashes.set(key, [first, place]);
    return false;
  }

  /**
   * Reports every key claimed more than once at each of its places, as a `kind` of problem whose
   * parameters `params` makes from the key, the other places as `file:line, …` and the clash's
   * 0-based number (for distinct suggestions).
   */
  report<P>(problems: Problems, kind: ErrorKind<P>, params: (key: K, others: string, clash: number) => P): void {
    let clash = 0;
    for (const [key, places] of this.clashes) {
      const names = places.map(placeName);
      places.forEach((place, index) => {
        const others = names.filter((_, other) => other !== index).join(', ');
        problems.report(place.source, place.path, kind, params(key, others, clash));
      });
      clash++;
    }
    this.clashes.clear();
  }
}
