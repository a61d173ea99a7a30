/**
 * The derivative cache: entries keyed by the sha256 of a PDF's bytes,
 * the derivation version, the settings fingerprint and the kind of entry, kept in any
 * DerivativeStore (derivative-store.ts). Entries list their files by sha256; the files themselves are in
 * the store once, whichever PDF made them.
 *
 * Kinds (docs/pdf.md, Cache):
 * - `facts`: facts and text, no images (`--no-images` builds);
 * - `first`: the first pass, facts, text and the four PNG sizes: the document is complete;
 * - `webp`: the second pass, a `.png.webp` sibling for every PNG of `first`;
 * - `first-part-<from>`, `webp-part-<from>`: one finished page range of a pass of a long PDF,
 *   so that a build stopped by its budget or killed resumes the PDF where it stopped. They go
 *   once the whole entry is committed.
 *
 * An entry is committed after every file it lists is in the store, and the store commits it
 * atomically, so a killed build leaves stray files at most, never a half entry. Reads are
 * verified: the entry's checksum, its key, and every file's presence with its size
 * (DerivativeStore.hasFile; `verify: 'full'` re-hashes the files). A failed check deletes the entry, which then counts as a miss.
 */
import { sha256Of } from '../lib/sha256.ts';
import { SETTINGS_FINGERPRINT } from './sizes.ts';
import type { DerivativeStore } from './derivative-store.ts';
import type { PdfFacts, PdfFailure, PdfPage } from './types.ts';

/**
 * Bump when the code that derives facts or images changes its output. Settings (sizes, dpi,
 * encoders) are covered by SETTINGS_FINGERPRINT automatically. 2: files by content hash,
 * PNG and WebP in separate entries.
 */
const DERIVATIVE_VERSION = 2;

export type Pass = 'facts' | 'first' | 'webp';
export type VerifyMode = 'quick' | 'full';

export interface CacheFile {
  name: string;
  size: number;
  sha256: string;
}

type Failure = Omit<PdfFailure, 'ok' | 'cause'>;

/** What a pass stores for a whole PDF: facts (not for `webp`) and files, or a failure that is a property of the file. */
export type EntryBody<F = PdfFacts> = { ok: true; facts: F | null; files: CacheFile[] } | { ok: false; failure: Failure };

/**
 * One page range of a pass. The part that starts at page 1 also holds the properties and the
 * outline; every part knows the page count.
 */
export interface PartBody {
  from: number;
  to: number;
  numPages: number;
  head: Pick<PdfFacts, 'properties' | 'outline'> | null;
  pages: PdfPage[];
  files: CacheFile[];
}

interface EntryJson<B> {
  version: number;
  key: string;
  body: B;
  checksum: string;
}

type ReadOutcome<B> = { status: 'hit'; body: B } | { status: 'miss' } | { status: 'corrupt'; problem: string };

const PREFIX = `pdf-v${DERIVATIVE_VERSION}-${SETTINGS_FINGERPRINT}`;

export function entryKey(sha256: string, kind: Pass | `${Pass}-part-${number}`): string {
  return `${PREFIX}/${sha256.slice(0, 2)}/${sha256}.${kind}`;
}

/**
 * What `archive prune` needs to know of a derivative entry (src/media/prune.ts): `current`
 * entries are of this code's derivation version and settings, `stale` ones of another (made by
 * older code or other settings, never read again); null: not a derivative entry.
 */
export function entryGeneration(key: string): 'current' | 'stale' | null {
  if (key.startsWith(`${PREFIX}/`)) return 'current';
  return /^pdf-v\d+-[0-9a-z]+\//.test(key) ? 'stale' : null;
}

/** The sha256 of every file an entry's text lists: none for a failure, or for text that is no entry. */
export function entryFiles(text: string): string[] {
  try {
    const files = (JSON.parse(text) as EntryJson<Partial<PartBody>>).body?.files;
    return Array.isArray(files) ? files.map((file) => file.sha256).filter((hash) => typeof hash === 'string') : [];
  } catch {
    return [];
  }
}

export interface DerivativeCache {
  readonly store: DerivativeStore;
  read(sha256: string, pass: Pass): Promise<ReadOutcome<EntryBody>>;
  commit(sha256: string, pass: Pass, body: EntryBody): Promise<void>;
  readPart(sha256: string, pass: Pass, from: number): Promise<PartBody | null>;
  commitPart(sha256: string, pass: Pass, part: PartBody): Promise<void>;
  deleteParts(sha256: string, pass: Pass, froms: readonly number[]): Promise<void>;
}

export function openCache(store: DerivativeStore, verify: VerifyMode = 'quick'): DerivativeCache {
  async function readVerified<B>(key: string, files: (body: B) => readonly CacheFile[]): Promise<ReadOutcome<B>> {
    const text = await store.getEntry(key);
    if (text === null) return { status: 'miss' };
    const problem = await check<B>(text, key, files);
    if (typeof problem === 'string') {
      await store.deleteEntry(key);
      return { status: 'corrupt', problem };
    }
    await store.confirmEntry(key, text, files(problem.body).map((file) => file.sha256));
    return { status: 'hit', body: problem.body };
  }

  async function check<B>(text: string, key: string, files: (body: B) => readonly CacheFile[]): Promise<string | EntryJson<B>> {
    let entry: EntryJson<B>;
    try {
      entry = JSON.parse(text) as EntryJson<B>;
    } catch {
      return 'the entry is not valid JSON';
    }
    const { checksum, ...content } = entry;
    if (checksum !== checksumOf(content)) return 'entry checksum mismatch';
    if (entry.version !== DERIVATIVE_VERSION || entry.key !== key) return 'the entry belongs to another key';
    for (const file of files(entry.body)) {
      if (verify === 'full') {
        const bytes = await store.getFile(file.sha256);
        if (bytes === null) return `${file.name}: missing`;
        if (sha256Of(bytes) !== file.sha256) return `${file.name}: content hash mismatch`;
      } else {
        if (!(await store.hasFile(file.sha256, file.size))) return `${file.name}: missing or of another size`;
      }
    }
    return entry;
  }

  const write = <B>(key: string, body: B) => {
    const content = { version: DERIVATIVE_VERSION, key, body };
    return store.commitEntry(key, JSON.stringify({ ...content, checksum: checksumOf(content) }));
  };
  const partKey = (sha256: string, pass: Pass, from: number) => entryKey(sha256, `${pass}-part-${from}`);

  return {
    store,
    read: (sha256, pass) => readVerified<EntryBody>(entryKey(sha256, pass), (body) => (body.ok ? body.files : [])),
    commit: (sha256, pass, body) => write(entryKey(sha256, pass), body),
    async readPart(sha256, pass, from) {
      const outcome = await readVerified<PartBody>(partKey(sha256, pass, from), (body) => body.files);
      return outcome.status === 'hit' && outcome.body.from === from ? outcome.body : null;
    },
    commitPart: (sha256, pass, part) => write(partKey(sha256, pass, part.from), part),
    async deleteParts(sha256, pass, froms) {
      await Promise.all(froms.map((from) => store.deleteEntry(partKey(sha256, pass, from))));
    },
  };
}

function checksumOf(content: object): string {
  return sha256Of(JSON.stringify(content));
}
