/**
 * What a build keeps of its scan of content/ (content/scan.ts) to tell, at the next build,
 * what changed without reading a file: digests of the paths and stat signatures, for the whole
 * scan (src/previous/state.ts: a build with nothing to do) and per request folder (a patch
 * build, src/output/text-patch.ts). Apart from the scan, so the scan's worker does not load the
 * content schemas.
 */
import { sha256Of } from '../lib/sha256.ts';
import { requestFolderOf } from './digests.ts';
import { globMatcher } from './glob.ts';
import type { ContentScan } from './scan.ts';
import type { FolderDigests } from './scan-memory.ts';
import { CONTENT_FILES } from './schema.ts';

/** The digests of a scan (scanDigests); null where a file could not be trusted to keep its signature. */
export interface ScanDigests {
  /** Of the whole scan. */
  whole: string | null;
  /** Of the files outside the request folders. */
  outside: string | null;
  /** By request folder (`requests/<name>/`, as content/digests.ts names them): of its files. */
  folders: Map<string, string | null>;
  /**
   * By request folder: of its files' paths and the signatures of those that are not parsed
   * (attachment files): what a patch build compares, whose parsed files it compares by their
   * bytes (src/output/text-patch.ts).
   */
  frames: Map<string, string | null>;
}

const isRequest = globMatcher(CONTENT_FILES.request.pattern);
const isMessage = globMatcher(CONTENT_FILES.message.pattern);
/** The parsed files of a request folder: the request and its messages (content/schema.ts CONTENT_FILES). */
const isParsed = (path: string) => isRequest(path) || isMessage(path);

/**
 * Digests of the scan: every file's path and stat signature, in path order, for the whole
 * scan, for the files outside the request folders and for each request folder (and its frame,
 * above). Two scans with the same digest found the same files with the same signatures, so (as
 * git's index decides) the same bytes. A digest is null when one of its files could not be
 * trusted to keep its signature (written within the last two seconds) or was not statted: such
 * a scan says nothing about a later one. The whole scan's digest is made of the others. A scan
 * from the watching preview's last walk gives the digests kept of each request folder it took
 * as kept, with the same files and signatures (content/scan-memory.ts), and keeps its own.
 */
export function scanDigests(scan: ContentScan): ScanDigests {
  const memo = scan.digests;
  const { files } = scan;
  const outside: string[] = [];
  let outsideTrusted = true;
  const folders = new Map<string, string | null>();
  const frames = new Map<string, string | null>();
  for (let at = 0; at < files.length; ) {
    const path = files[at]!;
    const folder = requestFolderOf(path);
    if (folder === undefined) {
      const stat = scan.statAt(at++);
      outside.push(`${path}\0${stat?.signature}\n`);
      outsideTrusted &&= stat?.trusted === true;
      continue;
    }
    // In path order, the files of one request folder come one after the other.
    let end = at + 1;
    while (end < files.length && files[end]!.startsWith(folder)) end++;
    const [digest, frame] = memo?.kept(folder) ?? folderDigests(scan, at, end);
    folders.set(folder, digest);
    frames.set(folder, frame);
    at = end;
  }
  memo?.keep(new Map([...folders].map(([name, digest]) => [name, [digest, frames.get(name)!] as const])));
  const outsideDigest = outsideTrusted ? digestOf(outside.join('')) : null;
  const whole = outsideDigest === null || [...folders.values()].includes(null) ? null : digestOf([...folders].map(([name, digest]) => `${name}\0${digest}\n`).join('') + outsideDigest);
  return { whole, outside: outsideDigest, folders, frames };
}

/**
 * The digests of the request folder of `files[from]` up to `files[to]`: of its paths and their
 * signatures (one string for the folder, not a signature and a line per file), and of its frame
 * (every path, and the signatures of the files that are not parsed).
 */
function folderDigests(scan: ContentScan, from: number, to: number): FolderDigests {
  const paths = scan.files.slice(from, to);
  const named = `${paths.length}\0${paths.join('\0')}\0`;
  const { signatures, trusted } = scan.statRange(from, to);
  const frame = [named];
  let frameTrusted = true;
  paths.forEach((path, at) => {
    if (isParsed(path)) return;
    const stat = scan.statAt(from + at);
    frame.push(`${path}\0${stat?.signature}\n`);
    frameTrusted &&= stat?.trusted === true;
  });
  return [trusted ? digestOf(named + signatures) : null, frameTrusted ? digestOf(frame.join('')) : null];
}

/** 128 bits of SHA-256 (hashed at once: a Hash object per folder cost more): tells scans apart, which nobody chooses to make collide. */
const digestOf = (text: string) => sha256Of(text).slice(0, 32);
