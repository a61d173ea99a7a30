/**
 * What a build keeps of its scan of content/ (content/scan.ts) to tell, at the next build,
 * what changed without reading a file: digests of the paths and stat signatures, for the whole
 * scan (src/output/build-state.ts: a build with nothing to do) and per request folder (a patch
 * build, src/output/text-patch.ts). Apart from the scan, so the scan's worker does not load the
 * content schemas.
 */
import { createHash } from 'node:crypto';
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
  const outside: string[] = [];
  let outsideTrusted = true;
  const folders = new Map<string, string | null>();
  const frames = new Map<string, string | null>();
  let folder: string | undefined;
  let lines: string[] = [];
  let frame: string[] = [];
  let trusted = true;
  let frameTrusted = true;
  /** The folder's digests as the watching preview kept them, when the scan took its files as kept (content/scan-memory.ts). */
  let known: FolderDigests | undefined;
  const close = () => {
    if (folder === undefined) return;
    const [digest, frameDigest] = known ?? [trusted ? digestOf(lines) : null, frameTrusted ? digestOf(frame) : null];
    folders.set(folder, digest);
    frames.set(folder, frameDigest);
  };
  // In path order, the files of one request folder come one after the other.
  scan.files.forEach((path, at) => {
    const name = requestFolderOf(path);
    if (name !== undefined && name !== folder) {
      close();
      folder = name;
      known = memo?.kept(name);
      lines = [];
      frame = [];
      trusted = frameTrusted = true;
    }
    if (name !== undefined && known) return;
    const stat = scan.statAt(at);
    const line = `${path}\0${stat?.signature}\n`;
    if (name === undefined) {
      outside.push(line);
      outsideTrusted &&= stat?.trusted === true;
      return;
    }
    lines.push(line);
    trusted &&= stat?.trusted === true;
    if (isParsed(path)) frame.push(`${path}\n`);
    else {
      frame.push(line);
      frameTrusted &&= stat?.trusted === true;
    }
  });
  close();
  memo?.keep(new Map([...folders].map(([name, digest]) => [name, [digest, frames.get(name)!] as const])));
  const outsideDigest = outsideTrusted ? digestOf(outside) : null;
  const whole = outsideDigest === null || [...folders.values()].includes(null) ? null : digestOf([...folders].map(([name, digest]) => `${name}\0${digest}\n`).concat(outsideDigest));
  return { whole, outside: outsideDigest, folders, frames };
}

/** 128 bits of SHA-256 of the lines: tells scans apart, which nobody chooses to make collide. */
const digestOf = (lines: readonly string[]) => createHash('sha256').update(lines.join('')).digest('hex').slice(0, 32);
