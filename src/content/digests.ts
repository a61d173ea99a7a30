/**
 * The SHA-1 of every content file, folded to what the build's output reuse keys by
 * (src/output/reuse.ts, docs/architecture.md "Incremental builds"): a digest per request folder
 * and one text for every file outside the request folders. A build holds this for as long as
 * it serializes; kept per file it was two strings and a map entry for each of 1.1 million files
 * at 100,000 requests (docs/performance.md, "Memory").
 */
import { createHash } from 'node:crypto';

export interface ContentDigests {
  /** `path \0 sha1 \n` of every content file outside `requests/<folder>/`, in path order. */
  outside: string;
  /** By request folder (`requests/<name>/`): SHA-256 of the same lines of its files, in path order. */
  folders: ReadonlyMap<string, string>;
}

const REQUESTS = 'requests/';

/** The request folder a content file is in (`requests/<name>/`, as ContentDigests keys it), or undefined for a file outside them. */
export function requestFolderOf(path: string): string | undefined {
  const slash = path.startsWith(REQUESTS) ? path.indexOf('/', REQUESTS.length) : -1;
  return slash < 0 ? undefined : path.slice(0, slash + 1);
}

/**
 * Folds the digests of content files, by path relative to the content directory. Paths are
 * grouped by folder before they are sorted: a folder's dozen, not half a million paths at once;
 * each folder's lines are made when it is hashed, not all of them at once. `kept` gives a
 * request folder's fold when it is known already (the previous build's, for a folder whose
 * files kept their stat signatures: src/build.ts): its files are not folded again.
 */
export function foldDigests(digests: ReadonlyMap<string, string>, kept: (folder: string) => string | undefined = () => undefined): ContentDigests {
  const outside: string[] = [];
  const byFolder = new Map<string, string[] | string>();
  // The folder of the last path, asked again only when a path is not in it: the paths of a
  // folder's messages come one after the other, so a folder's name is cut and looked up once
  // per run of its paths, not once per path.
  let name: string | undefined;
  let paths: string[] | string = [];
  for (const path of digests.keys()) {
    if (name === undefined || !path.startsWith(name)) {
      name = requestFolderOf(path);
      if (name === undefined) {
        outside.push(path);
        continue;
      }
      const known = byFolder.get(name);
      if (known === undefined) byFolder.set(name, (paths = kept(name) ?? []));
      else paths = known;
    }
    if (typeof paths !== 'string') paths.push(path);
  }
  const lines = (paths: string[]) =>
    paths
      .sort()
      .map((path) => `${path}\0${digests.get(path)}\n`)
      .join('');
  const folders = new Map<string, string>();
  for (const name of [...byFolder.keys()].sort()) {
    const paths = byFolder.get(name)!;
    folders.set(name, typeof paths === 'string' ? paths : createHash('sha256').update(lines(paths)).digest('hex'));
  }
  return { outside: lines(outside), folders };
}
