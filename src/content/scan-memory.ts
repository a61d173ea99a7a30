/**
 * What the watching preview keeps of its last walk of content/ between builds, so that a
 * rebuild walks and stats only the request folders the watcher saw change, instead of the
 * ~700,000 files of an archive of 50,000 requests (content/scan.ts; docs/serving.md, "Watching
 * content/").
 *
 * A kept request folder stands for its files only while the watcher has seen every change
 * since the walk that kept it began: the preview says so with each batch of changes (src/start.ts
 * `complete`), and a batch that is not complete (the watcher was not ready yet, or failed)
 * forgets the walk, so the next scan walks everything. A folder is walked again when a path in
 * it changed, when it is new, or when one of its files was modified within the racy window of
 * the walk that kept it (its signature alone could not tell a later write; the scan's trust,
 * lib/file-digests.ts RACY_MS). The files outside the request folders, and the list of request
 * folders itself, are walked on every scan: they are few.
 */
import { sep } from 'node:path';
import { RACY_MS } from '../lib/file-digests.ts';
import { requestFolderOf } from './digests.ts';
import type { ListingCounts } from './scan-listings.ts';
import { listUnder, mergeWalks, pathIndex, planWalk, statted, type Walked, type WalkPlan } from './scan-walk.ts';

const REQUESTS = 'requests/';

/** A request folder's digests of a scan (content/scan-digests.ts): of its files, and of its frame. */
export type FolderDigests = readonly [files: string | null, frame: string | null];

/** What a scan from the memory tells the digests of the scan: the digests of each folder it took as kept, and where to keep this scan's. */
export interface DigestMemo {
  kept(folder: string): FolderDigests | undefined;
  keep(digests: ReadonlyMap<string, FolderDigests>): void;
}

/** A walk of content/ and when it began (its plan's `started`). */
interface LastWalk {
  walked: Walked;
  started: number;
}

export class ScanMemory {
  #kept: LastWalk | undefined;
  /** Request folders (names under requests/) changed since the kept walk began. */
  #changed = new Set<string>();
  /** The digests of the kept walk's request folders, as far as they are known. */
  #digests = new Map<string, FolderDigests>();
  /** The index of paths of the last scan (path -> position in its files). */
  #index: { files: readonly string[]; index: Map<string, number> } | undefined;

  /**
   * Paths of content/ (relative, forward slashes) that changed, and whether they are every
   * change since the last batch: an incomplete batch forgets the kept walk.
   */
  saw(paths: Iterable<string>, complete: boolean): void {
    if (!complete) return this.forget();
    for (const path of paths) {
      if (path === 'requests') return this.forget();
      if (path.startsWith(REQUESTS)) this.#changed.add(path.slice(REQUESTS.length).split('/', 1)[0]!);
    }
  }

  /** Forgets the kept walk: the next scan walks everything. */
  forget(): void {
    this.#kept = undefined;
    this.#changed.clear();
    this.#digests = new Map();
    this.#index = undefined;
  }

  /**
   * The index of a scan's paths (path -> position in `files`): the last scan's when the files
   * are the same, as after an edit that adds or removes none (building it took 0.3 s at 50,000
   * requests).
   */
  indexOf(files: readonly string[]): Map<string, number> {
    const last = this.#index;
    if (last?.files.length === files.length && files.every((path, at) => path === last.files[at])) return last.index;
    const index = pathIndex(files);
    this.#index = { files, index };
    return index;
  }

  /** The request folders changed since the kept walk began, as they are now (a walk that begins now sees them). */
  seen(): ReadonlySet<string> {
    return new Set(this.#changed);
  }

  /** Whether a scan now would walk only what changed. */
  get kept(): boolean {
    return this.#kept !== undefined;
  }

  /** Keeps a finished walk of everything for the next scan; the changes it saw are in it. */
  keep(walked: Walked, started: number, seen: ReadonlySet<string>): void {
    this.#remember(walked, started, seen);
    this.#digests = new Map();
  }

  /** Keeps a walk for the next scan, the digests known as they are. */
  #remember(walked: Walked, started: number, seen: ReadonlySet<string>): void {
    this.#kept = { walked, started };
    for (const folder of seen) this.#changed.delete(folder);
  }

  /**
   * The digests of a scan that `keep` or `rescan` just kept: those of the folders it took as kept
   * (`reused`, named `requests/<name>/` as content/digests.ts names them), and this scan's for the next.
   */
  digestMemo(reused: ReadonlySet<string> = new Set()): DigestMemo {
    const known = this.#digests;
    return {
      kept: (folder) => (reused.has(folder) ? known.get(folder) : undefined),
      keep: (digests) => {
        if (this.#digests === known) this.#digests = new Map(digests);
      },
    };
  }

  /**
   * A scan of `root` from the kept walk: the files outside the request folders and every
   * request folder that changed, is new or held a racy file walked and statted again, every
   * other folder's files and stats taken as kept. Undefined when nothing is kept.
   */
  rescan(root: string): { walked: Walked; plan: WalkPlan; counts: ListingCounts; digests: DigestMemo } | undefined {
    const kept = this.#kept;
    if (!kept) return undefined;
    const seen = this.seen();
    const { plan, outside } = planWalk(root);
    const ranges = folderRanges(kept.walked);
    const racyFrom = BigInt(kept.started - RACY_MS) * 1_000_000n;
    const inside: Walked[] = [];
    const reused = new Set<string>();
    const counts = { known: 0, listed: 0 };
    for (const name of plan.folders) {
      const folder = `${REQUESTS}${name}/`;
      const range = ranges.get(folder);
      if (range && !seen.has(name) && settledIn(kept.walked, range, racyFrom)) {
        const [from, to] = range;
        inside.push({ files: kept.walked.files.slice(from, to), stats: kept.walked.stats.subarray(from * 4, to * 4), kinds: kept.walked.kinds.subarray(from, to) });
        reused.add(folder);
        counts.known++;
      } else {
        const files: string[] = [];
        listUnder(`${root}${sep}requests${sep}${name}`, folder, files);
        inside.push(statted(root, files));
        counts.listed++;
      }
    }
    const walked = mergeWalks(statted(root, outside), inside);
    // The digests kept stand for the folders taken as kept (digestMemo asks for no other).
    this.#remember(walked, plan.started, seen);
    return { walked, plan, counts, digests: this.digestMemo(reused) };
  }
}

/** Each request folder's run of files in a walk (a folder's files are consecutive in path order): [from, to), by `requests/<name>/`. */
function folderRanges({ files }: Walked): Map<string, [number, number]> {
  const ranges = new Map<string, [number, number]>();
  let name: string | undefined;
  let from = 0;
  files.forEach((path, at) => {
    const folder = requestFolderOf(path);
    if (folder === name) return;
    if (name !== undefined) ranges.set(name, [from, at]);
    [name, from] = [folder, at];
  });
  if (name !== undefined) ranges.set(name, [from, files.length]);
  return ranges;
}

/** Whether every file of the range was a regular file modified before the racy window of the walk. */
function settledIn({ stats, kinds }: Walked, [from, to]: [number, number], racyFrom: bigint): boolean {
  for (let at = from; at < to; at++) if (kinds[at] !== 1 || stats[at * 4 + 1]! >= racyFrom) return false;
  return true;
}
