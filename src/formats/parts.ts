/**
 * The layout of a build file too large for the deploy target, cut into parts by
 * src/output/split.ts and joined by the BuildStore (src/serve/shared/build-store.ts readWithParts): the
 * file holds only `{"$parts":<n>}` and its bytes follow in `<path>.1` … `<path>.<n>`. No
 * other build file can read so: data files are arrays, or objects whose values are arrays or
 * objects, never a bare count.
 */
const PARTS_HEAD = /^\{"\$parts":([1-9]\d{0,5})\}$/;

export function partsHead(count: number): string {
  return `{"$parts":${count}}`;
}

export function partPath(path: string, part: number): string {
  return `${path}.${part}`;
}

/** The number of parts a head names, or null for any other content. */
export function partsCount(text: string): number | null {
  const head = PARTS_HEAD.exec(text);
  return head ? Number(head[1]) : null;
}
