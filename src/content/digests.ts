/**
 * The SHA-1 of every content file, folded to what the build's output reuse keys by
 * (src/previous/output-record.ts, docs/architecture.md "Incremental builds"): a digest per request folder
 * and one text for every file outside the request folders. A build holds this for as long as
 * it serializes; kept per file it was two strings and a map entry for each of 1.1 million files
 * at 100,000 requests (docs/performance.md, "Memory").
 */
import { sha256Of } from '../lib/sha256.ts';

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
 * Folds the digests of content files as the loader hands them over, by path relative to the
 * content directory (`set`, as a Map takes them; a path given again replaces its digest). Paths
 * are grouped by folder before they are sorted: a folder's dozen, not half a million paths at
 * once; each folder's lines are made when it is hashed, not all of them at once. `kept` gives a
 * request folder's fold when it is known already (the previous build's, for a folder whose
 * files kept their stat signatures: src/build.ts): its files are not kept, nor folded again, so
 * a warm build holds no entry for each of its half a million unchanged files.
 */
export class DigestFolder {
  /** By request folder, its files' paths and digests; a kept fold instead. */
  readonly #folders = new Map<string, Map<string, string> | string>();
  readonly #outside = new Map<string, string>();
  /** The folder of the last path, asked again only when a path is not in it: the paths of a folder's messages come one after the other. */
  #folder: string | undefined;
  #files: Map<string, string> | string = '';

  constructor(private readonly kept: (folder: string) => string | undefined = () => undefined) {}

  set(path: string, digest: string): void {
    if (this.#folder === undefined || !path.startsWith(this.#folder)) {
      this.#folder = requestFolderOf(path);
      if (this.#folder === undefined) {
        this.#outside.set(path, digest);
        return;
      }
      let files = this.#folders.get(this.#folder);
      if (files === undefined) this.#folders.set(this.#folder, (files = this.kept(this.#folder) ?? new Map()));
      this.#files = files;
    }
    if (typeof this.#files !== 'string') this.#files.set(path, digest);
  }

  fold(): ContentDigests {
    const lines = (files: ReadonlyMap<string, string>) =>
      [...files.keys()]
        .sort()
        .map((path) => `${path}\0${files.get(path)}\n`)
        .join('');
    const folders = new Map<string, string>();
    for (const name of [...this.#folders.keys()].sort()) {
      const files = this.#folders.get(name)!;
      folders.set(name, typeof files === 'string' ? files : sha256Of(lines(files)));
    }
    return { outside: lines(this.#outside), folders };
  }
}

/** The fold of the digests of content files (DigestFolder). */
export function foldDigests(digests: ReadonlyMap<string, string>, kept?: (folder: string) => string | undefined): ContentDigests {
  const folder = new DigestFolder(kept);
  for (const [path, digest] of digests) folder.set(path, digest);
  return folder.fold();
}
