/**
 * Load and validate every content file. Reports every problem in one run; never throws for
 * bad content. Reads through a small `ContentReader`, so the stage does not care where the
 * files live.
 */
import { firstMatch, globMatcher } from './glob.ts';
import { reportStrayFiles, reportUnreadFiles } from './unread.ts';
import { CONTENT_FILES, type ContentInput, type ContentKind, type DocumentInput, type MessageInput, type PageAnnotationInput, type RequestInput, type SiteInput } from './schema.ts';
import { ERRORS } from './errors.ts';
import { Problems, type TextPosition, type RecordSource } from './problems.ts';
import { lazyLocator } from './yaml.ts';
import { dirOf, fileFinder } from './file-names.ts';
import { parseFiles, type FileToParse } from './parse-pool.ts';
import { HASH_LATER, type ParseCache } from './parse-cache.ts';
import { hashFiles } from '../lib/hash-pool.ts';
import { CONTENT_DIGEST, isSoleRecord, type ParsedFile } from './parse.ts';
import type { LazyText } from '../lib/stored-text.ts';
import type { ContentScan } from './scan.ts';
import { mapLimit } from '../lib/concurrency.ts';

export interface ContentReader {
  /**
   * Every file's relative path (forward slashes), sorted, names starting with a dot left out,
   * with each one's size and stat signature where the walk took them (content/scan.ts).
   */
  scan(): Promise<ContentScan>;
  /** The file's bytes: content files are checked to be UTF-8 (content/encoding.ts), not assumed to be. */
  read(path: string): Promise<Uint8Array>;
  /** Size in bytes, or null when there is no such file. */
  size(path: string): Promise<number | null>;
  /** Absolute path of a content file, for stages that stream it (PDF work, copying media). */
  absolute(path: string): string;
  /**
   * The file as text, read again when a problem found after loading needs its line (records
   * do not keep their text); empty when it is gone or not UTF-8.
   */
  text(path: string): string;
}

/** Where the loader puts each file's digest (a Map would do). */
type DigestSink = { set(path: string, digest: string): unknown };

export interface LoadOptions {
  /** Parse results of earlier runs (content/parse-cache.ts): files whose bytes did not change are not parsed again. */
  cache?: ParseCache;
  /** Given the SHA-1 of every content file read (path, digest), as parsing found it: what the build's output reuse keys by (src/previous/output-record.ts; content/digests.ts DigestFolder). */
  digests?: DigestSink;
  /** The scan of the content directory when the caller took it already (the reader hands its scan out once). */
  scan?: ContentScan;
}

export interface Loaded<T> {
  data: T;
  source: RecordSource;
}

export interface ContentFile {
  /** Relative to the content directory. */
  path: string;
  absolute: string;
  size: number;
}

/**
 * A message's values as loaded: with a parse cache, its text is where the cache keeps it (a
 * StoredText, read when asked for), else the text itself.
 */
type LoadedMessageInput = Omit<MessageInput, 'content'> & { content: LazyText };

export interface LoadedMessage extends Loaded<LoadedMessageInput> {
  /** Folder of the owning request, relative to the content directory. */
  requestDir: string;
  /** Attachment files by attachment index; undefined where the file is missing. */
  files: (ContentFile | undefined)[];
}

interface LoadedDocument extends Loaded<DocumentInput> {
  file: ContentFile | undefined;
}

/** The records of every kind of content file, each under its field (CONTENT_FILES `field`). */
type LoadedRecords = { [K in ContentKind as (typeof CONTENT_FILES)[K]['field']]: Loaded<ContentInput<K>>[] };

/**
 * What the content holds: the records of each kind, where the loader adds to some what it finds
 * beside them. `georegionGeometries`: valid `georegions/*.geojson` files, by path; a region
 * names one by `geom_file`. `annotations`: each with the folder of the document.yaml it belongs to.
 */
export interface LoadedContent extends Omit<LoadedRecords, 'site' | 'requests' | 'messages' | 'documents' | 'annotations'> {
  site: SiteInput | undefined;
  requests: (Loaded<RequestInput> & { dir: string })[];
  /** Emptied by linking, which lets go of each message's values as it links it (model/link-requests.ts). */
  messages: LoadedMessage[];
  documents: LoadedDocument[];
  annotations: (Loaded<PageAnnotationInput> & { dir: string })[];
}

/** Files read at once: enough to keep the disk busy, far below the file descriptor limit. */
const FILE_CONCURRENCY = 64;

/** A content file to parse, with its position in the scan's files. */
type ScannedFile = FileToParse & { at: number };

/** The files of the given kinds among the scan's: in the table's order of kinds, each kind's in path order. */
function filesOfKinds(scan: ContentScan, kinds: readonly ContentKind[]): ScannedFile[] {
  const kindOf = firstMatch(kinds.map((kind) => [kind, CONTENT_FILES[kind].pattern] as const));
  const byKind = new Map<ContentKind, ScannedFile[]>(kinds.map((kind) => [kind, []]));
  scan.files.forEach((path, at) => {
    const kind = kindOf(path);
    if (kind) byKind.get(kind)!.push({ kind, path, at });
  });
  return kinds.flatMap((kind) => byKind.get(kind)!);
}

/** A file found in the parse cache: its record (the common case, below), or its parse; undefined: to be parsed. */
type Found = Loaded<unknown> | ParsedFile | undefined;

/**
 * What the parse cache holds for each input. A file found with one record at its root and no
 * problems (almost every one) becomes its record at once: its parse is not held while the
 * others are parsed. Files whose signature is not the recorded one (every file of a fresh
 * checkout with a restored cache) are hashed together on all cores (lib/hash-pool.ts), then
 * looked up with their digests. Absolute paths are made when asked for, not kept for every file.
 */
async function cachedParses(reader: ContentReader, scan: ContentScan, inputs: readonly ScannedFile[], cache: ParseCache | undefined, digests: DigestSink | undefined): Promise<Found[]> {
  const lookup = (input: ScannedFile, hashed?: string | null | typeof HASH_LATER): Found | typeof HASH_LATER => {
    const file = cache?.lookup(input.path, input.kind, () => reader.absolute(input.path), scan.statAt(input.at), hashed);
    if (!file || file === HASH_LATER || !isSoleRecord(file)) return file;
    digests?.set(input.path, file.digest);
    return { data: file.records[0]!.data, source: new FileRecordSource(input.path, NO_BASE, reader) };
  };
  const later: number[] = [];
  const looked = inputs.map((input, index) => {
    const file = lookup(input, HASH_LATER);
    if (file === HASH_LATER) later.push(index);
    return file;
  });
  const hashed = await hashFiles(later.length, (at) => reader.absolute(inputs[later[at]!]!.path), CONTENT_DIGEST);
  let at = 0; // `later` ascends: the digests are taken in its order
  return looked.map((file) => {
    if (file !== HASH_LATER) return file;
    // With its digest the lookup answers; parsing is the safe way should it not.
    const again = lookup(inputs[later[at]!]!, hashed[at++] ?? null);
    return again === HASH_LATER ? undefined : again;
  });
}

/**
 * Reads every file of the given kinds (paths from one directory walk) and parses them (in worker
 * threads when there are many), keeping the file order; `read`: whether the scan's file at a position was one.
 */
async function loadKinds(reader: ContentReader, scan: ContentScan, kinds: readonly ContentKind[], problems: Problems, cache: ParseCache | undefined, digests: DigestSink | undefined): Promise<{ byKind: Map<ContentKind, Loaded<unknown>[]>; read: (at: number) => boolean }> {
  const inputs = filesOfKinds(scan, kinds);
  const found = await cachedParses(reader, scan, inputs, cache, digests);
  const fresh = await parseFiles(
    inputs.filter((_, index) => found[index] === undefined),
    { read: (input) => reader.read(input.path), absolute: (input) => reader.absolute(input.path) },
    // Remembered as each comes back: a message's text goes to the cache's file then, not held until the end.
    { onParsed: cache && ((input, made) => cache.remember(input.path, input.kind, made)) },
  );
  cache?.save();
  const byKind = new Map<ContentKind, Loaded<unknown>[]>(kinds.map((kind) => [kind, []]));
  let next = 0;
  found.forEach((slot, index) => {
    const { kind, path } = inputs[index]!;
    if (slot && 'source' in slot) {
      byKind.get(kind)!.push(slot);
      return;
    }
    const file = slot ?? fresh[next++]!;
    digests?.set(path, file.digest);
    for (const problem of file.problems) problems.add(problem);
    if (file.invalid) {
      problems.invalidFiles.add(path);
      problems.invalidKinds.add(kind);
    }
    for (const record of file.records) byKind.get(kind)!.push({ data: record.data, source: new FileRecordSource(path, record.base.length ? record.base : NO_BASE, reader) });
  });
  const read = new Uint8Array(scan.files.length);
  for (const { at } of inputs) read[at] = 1;
  return { byKind, read: (at) => read[at] === 1 };
}

const NO_FILES: ContentFile[] = [];

/** The base of a file's only record, shared by all of them. */
const NO_BASE: (string | number)[] = [];

/**
 * Where a record is. Every record of the model keeps one for as long as the model lives, so it
 * is one small object: the file's positions are worked out from its text again only when a
 * problem found after loading needs them (records do not keep their text or syntax tree).
 * Private fields are left out of freezeModel's walk, so the cached locator can still be set.
 */
class FileRecordSource implements RecordSource {
  readonly #reader: ContentReader;
  #locate: RecordSource['locate'] | undefined;

  constructor(
    readonly file: string,
    readonly base: (string | number)[],
    reader: ContentReader,
  ) {
    this.#reader = reader;
  }

  locate(path: readonly (string | number)[]): TextPosition {
    this.#locate ??= lazyLocator(() => this.#reader.text(this.file));
    return this.#locate(path);
  }
}

/**
 * The files content names (attachments, documents' PDFs), in order, each with its size:
 * from the scan where it listed the file, else asked of the reader (a link the walk does not
 * follow, a missing file), FILE_CONCURRENCY at a time; undefined for a file that is not there.
 */
async function namedFiles(reader: ContentReader, scan: ContentScan, paths: readonly string[]): Promise<(ContentFile | undefined)[]> {
  const files = new Array<ContentFile | undefined>(paths.length);
  const asked: number[] = [];
  paths.forEach((path, at) => {
    const stat = scan.stat(path);
    if (stat) files[at] = { path, absolute: reader.absolute(path), size: stat.size };
    else asked.push(at);
  });
  await mapLimit(asked, FILE_CONCURRENCY, async (at) => {
    const path = paths[at]!;
    const size = await reader.size(path);
    files[at] = size === null ? undefined : { path, absolute: reader.absolute(path), size };
  });
  return files;
}

export async function loadContent(reader: ContentReader, problems: Problems, options: LoadOptions = {}): Promise<LoadedContent> {
  const kinds = Object.keys(CONTENT_FILES) as ContentKind[];
  // One walk of the content directory serves every kind and the stray-file check.
  const scan = options.scan ?? (await reader.scan());
  const all = scan.files;
  const listed = { has: (path: string) => scan.has(path), [Symbol.iterator]: () => all[Symbol.iterator]() };
  const { byKind: loaded, read } = await loadKinds(reader, scan, kinds, problems, options.cache, options.digests);
  // Each kind's records passed its schema in parseContentFile (content/parse.ts), whose output type ContentInput names.
  const records = Object.fromEntries(kinds.map((kind) => [CONTENT_FILES[kind].field, loaded.get(kind)!])) as LoadedRecords;
  if (!all.some(globMatcher(CONTENT_FILES.site.pattern))) {
    problems.reportFile('site.yaml', ERRORS.SiteMissing);
  }
  const [site] = records.site;
  const { requests, messages: rawMessages, documents: rawDocuments, annotations } = records;

  const onDisk = fileFinder(listed);
  // The messages of a request come one after another: they share its folder's name.
  let lastDir = '';
  const requestDirs = rawMessages.map((message) => {
    const dir = dirOf(dirOf(message.source.file));
    return dir === lastDir ? lastDir : (lastDir = dir);
  });
  const attachmentPaths: string[] = [];
  rawMessages.forEach((message, at) => {
    for (const attachment of message.data.attachments) attachmentPaths.push(`${requestDirs[at]}/files/${message.data.id}/${attachment.name}`);
  });
  const attachmentFiles = await namedFiles(reader, scan, attachmentPaths.map(onDisk));
  let next = 0;
  const messages = rawMessages.map((message, at): LoadedMessage => {
    const requestDir = requestDirs[at]!;
    // Those without attachments (most) share one empty list: a million messages at 100,000 requests.
    // Written out rather than spread: V8's copy of a spread object allocated several times as
    // much (heap sampling at 5,000 requests: 30 MB against 8 MB for the messages).
    if (message.data.attachments.length === 0) return { data: message.data, source: message.source, requestDir, files: NO_FILES };
    const files = message.data.attachments.map((_, index) => {
      const path = attachmentPaths[next]!;
      const file = attachmentFiles[next++];
      if (!file) problems.report(message.source, ['attachments', index, 'name'], ERRORS.MissingAttachmentFile, { path });
      return file;
    });
    return { data: message.data, source: message.source, requestDir, files };
  });

  const documentPaths = rawDocuments.map((document) => `${dirOf(document.source.file)}/${document.data.file}`);
  const documentFiles = await namedFiles(reader, scan, documentPaths.map(onDisk));
  const documents = rawDocuments.map((document, at): LoadedDocument => {
    const file = documentFiles[at];
    if (!file) problems.report(document.source, ['file'], ERRORS.MissingDocumentFile, { path: documentPaths[at]! });
    return { ...document, file };
  });

  const unread = reportUnreadFiles(all, { listed, read }, problems);
  const named = new Set(messages.flatMap((message) => message.files.filter(Boolean).map((file) => file!.path)));
  reportStrayFiles(all, named, unread, problems);

  return {
    ...records,
    site: site?.data,
    requests: requests.map((request) => ({ data: request.data, source: request.source, dir: dirOf(request.source.file) })),
    messages,
    documents,
    annotations: annotations.map((annotation) => ({ ...annotation, dir: dirOf(annotation.source.file) })),
  };
}
