/**
 * Content-addressed cache of PDF derivatives (issue 3 item 6).
 *
 * Key: sha256 of the PDF bytes + DERIVATIVE_VERSION + SETTINGS_FINGERPRINT + kind ("full" with images, "facts"
 * without). Layout: `<cacheDir>/pdf-v<N>-<fingerprint>/<sha:0:2>/<sha>.<kind>/` holding the image files and
 * `entry.json` (facts, file list with size and sha256, and a checksum over all of that).
 *
 * Writes are atomic: an entry is assembled in `<root>/tmp/<random>/` and renamed
 * into place only when complete, so a killed build leaves a stray temp folder, never a
 * half-entry. Reads are verified: the entry checksum must match and every file must have its
 * recorded size (`verify: 'full'` re-hashes every file). A failed check deletes the entry,
 * which then counts as a miss and is recomputed.
 */
import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, stat, writeFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { SETTINGS_FINGERPRINT } from './sizes.ts';
import type { PdfFacts, PdfFailure } from './types.ts';

/**
 * Bump when the code that derives facts or images changes its output. Settings (sizes, dpi,
 * encoders) are covered by SETTINGS_FINGERPRINT automatically.
 */
export const DERIVATIVE_VERSION = 1;

export type EntryKind = 'full' | 'facts';
export type VerifyMode = 'quick' | 'full';

export interface CacheFile {
  name: string;
  size: number;
  sha256: string;
}

/** What a completed derivation stores: facts and files, or a deterministic failure. */
export type EntryBody =
  | { ok: true; facts: PdfFacts; files: CacheFile[] }
  | { ok: false; failure: Omit<PdfFailure, 'ok' | 'cause'> };

interface EntryJson {
  version: number;
  sha256: string;
  kind: EntryKind;
  body: EntryBody;
  checksum: string;
}

export const ENTRY_FILE = 'entry.json';

export function sha256Hex(data: Uint8Array | string): string {
  return createHash('sha256').update(data).digest('hex');
}

/** `<cacheDir>/pdf-v1-<settings fingerprint>`: one folder per derivative version. */
export function cacheRoot(cacheDir: string): string {
  return join(cacheDir, `pdf-v${DERIVATIVE_VERSION}-${SETTINGS_FINGERPRINT}`);
}
const root = cacheRoot;

export function entryDir(cacheDir: string, sha256: string, kind: EntryKind): string {
  return join(root(cacheDir), sha256.slice(0, 2), `${sha256}.${kind}`);
}

/** A fresh folder to assemble an entry in; pass it to `commitEntry`. */
export async function createStaging(cacheDir: string): Promise<string> {
  const dir = join(root(cacheDir), 'tmp', randomUUID());
  await mkdir(dir, { recursive: true });
  return dir;
}

function checksumOf(entry: Omit<EntryJson, 'checksum'>): string {
  return sha256Hex(JSON.stringify(entry));
}

/** Writes entry.json into `staging` and renames the folder into place (replacing an old entry). */
export async function commitEntry(
  cacheDir: string,
  staging: string,
  sha256: string,
  kind: EntryKind,
  body: EntryBody,
): Promise<string> {
  const content = { version: DERIVATIVE_VERSION, sha256, kind, body };
  const entry: EntryJson = { ...content, checksum: checksumOf(content) };
  await writeFile(join(staging, ENTRY_FILE), JSON.stringify(entry));
  const target = entryDir(cacheDir, sha256, kind);
  await mkdir(join(target, '..'), { recursive: true });
  try {
    await rename(staging, target);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'ENOTEMPTY' && code !== 'EEXIST') throw error;
    // An older or corrupt entry sits there: move it aside first, then retry once.
    const aside = `${staging}.old`;
    await rename(target, aside).catch(() => undefined);
    await rename(staging, target);
    await rm(aside, { recursive: true, force: true });
  }
  return target;
}

export type ReadOutcome =
  | { status: 'hit'; dir: string; body: EntryBody }
  | { status: 'miss' }
  | { status: 'corrupt'; problem: string };

/** Reads and verifies an entry. A corrupt entry is deleted so it is recomputed. */
export async function readEntry(
  cacheDir: string,
  sha256: string,
  kind: EntryKind,
  verify: VerifyMode = 'quick',
): Promise<ReadOutcome> {
  const dir = entryDir(cacheDir, sha256, kind);
  let text: string;
  try {
    text = await readFile(join(dir, ENTRY_FILE), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      // A folder without entry.json cannot come from commitEntry; remove any leftover.
      await rm(dir, { recursive: true, force: true });
      return { status: 'miss' };
    }
    throw error;
  }
  const problem = await verifyEntry(dir, text, sha256, kind, verify);
  if (typeof problem === 'string') {
    await rm(dir, { recursive: true, force: true });
    return { status: 'corrupt', problem };
  }
  return { status: 'hit', dir, body: problem.body };
}

async function verifyEntry(
  dir: string,
  text: string,
  sha256: string,
  kind: EntryKind,
  verify: VerifyMode,
): Promise<string | EntryJson> {
  let entry: EntryJson;
  try {
    entry = JSON.parse(text) as EntryJson;
  } catch {
    return 'entry.json is not valid JSON';
  }
  const { checksum, ...content } = entry;
  if (checksum !== checksumOf(content)) return 'entry.json checksum mismatch';
  if (entry.version !== DERIVATIVE_VERSION || entry.sha256 !== sha256 || entry.kind !== kind) {
    return 'entry.json belongs to another key';
  }
  if (!entry.body.ok) return entry;
  for (const file of entry.body.files) {
    const path = join(dir, file.name);
    try {
      if (verify === 'full') {
        if (sha256Hex(await readFile(path)) !== file.sha256) return `${file.name}: content hash mismatch`;
      } else if ((await stat(path)).size !== file.size) {
        return `${file.name}: size mismatch`;
      }
    } catch {
      return `${file.name}: missing`;
    }
  }
  return entry;
}

/**
 * Removes staging folders left behind by killed builds. Only folders older than `olderThanMs`
 * go, so a build running at the same time on the same cache keeps its own.
 */
export async function removeStaleStaging(cacheDir: string, olderThanMs = 60 * 60_000): Promise<void> {
  const tmp = join(root(cacheDir), 'tmp');
  const names = await readdir(tmp).catch(() => [] as string[]);
  const cutoff = Date.now() - olderThanMs;
  await Promise.all(
    names.map(async (name) => {
      const path = join(tmp, name);
      const info = await stat(path).catch(() => null);
      if (info && info.mtimeMs < cutoff) await rm(path, { recursive: true, force: true });
    }),
  );
}
