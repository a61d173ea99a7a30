/**
 * What a deploy sends and uploads after an editor's change, measured on any layout of build/:
 * the three edits of the benchmark as functions over a content folder (each returns its undo),
 * the sha1 of every file of a build tree, Netlify's deploy manifest made from them, and the
 * difference between two trees.
 *
 * Nothing here knows how build/ is laid out: it reads whatever files the build wrote, as a
 * Netlify deploy does (docs/deploy.md, "How many files a deploy can take").
 *
 * The edits go through the `yaml` package (parse, change, write back), so every file stays
 * valid content that `archive check` accepts; test/bench/changes.test.ts checks that.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parse, parseDocument } from 'yaml';

/** The benchmark builds' clock (SOURCE_DATE_EPOCH): 2024-06-01T12:00:00Z. The edits date new messages just before it. */
export const BUILD_CLOCK = 1_717_243_200;

const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');

// ---------------------------------------------------------------------------------------------
// Trees and Netlify's deploy manifest

/**
 * sha1 of every file of a tree, by path relative to it with `/` separators: the keys and
 * values of the `files` map a Netlify deploy sends. Synchronous reads: several times faster
 * than the promise API for hundreds of thousands of small files, and nothing else runs meanwhile.
 */
export function treeDigests(root: string): { digests: Map<string, string>; bytes: number } {
  const digests = new Map<string, string>();
  let bytes = 0;
  const walk = (prefix: string) => {
    for (const entry of readdirSync(prefix ? join(root, prefix) : root, { withFileTypes: true })) {
      const path = prefix ? `${prefix}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        walk(path);
        continue;
      }
      const body = readFileSync(join(root, path));
      bytes += body.length;
      digests.set(path, createHash('sha1').update(body).digest('hex'));
    }
  };
  walk('');
  return { digests, bytes };
}

/**
 * Whether netlify/cli deploys a path: its deploy command's file filter skips every file or
 * folder whose name starts with "." (except `.well-known`) or with `__MACOSX`
 * (`getDeployFilesFilter` in `src/commands/deploy/deploy.ts`).
 */
export function netlifyDeploys(path: string): boolean {
  return path.split('/').every((name) => !(name.startsWith('.') && name !== '.well-known') && !name.startsWith('__MACOSX'));
}

/**
 * The `files` map of the deploy request, as netlify/cli's `deploySite` sends it in one JSON body
 * (`src/utils/deploy/hash-files.ts`, `hasher-segments.ts`): `{ "<path>": "<sha1 hex>" }` for every
 * deployed file, the path relative to the publish folder with `/` separators and no leading slash
 * (folder-walker's `relname`, passed through `normalizePath` in `util.ts`).
 */
export function deployManifest(digests: ReadonlyMap<string, string>): { files: number; bytes: number } {
  const files: Record<string, string> = {};
  for (const [path, sha1] of digests) if (netlifyDeploys(path)) files[path] = sha1;
  return { files: Object.keys(files).length, bytes: Buffer.byteLength(JSON.stringify(files)) };
}

export interface TreeChange {
  added: number;
  removed: number;
  changed: number;
  /** added + removed + changed: the files whose entry in the deploy manifest differs. */
  total: number;
  /** Changed, added or removed paths per folder (the path without its file name), most first. */
  folders: [folder: string, files: number][];
}

/** Files of `after` that `before` lacks or held with other bytes (Netlify uploads those), and files that went. */
export function diffTrees(before: ReadonlyMap<string, string>, after: ReadonlyMap<string, string>): TreeChange {
  let added = 0;
  let changed = 0;
  let removed = 0;
  const folders = new Map<string, number>();
  const count = (path: string) => {
    const folder = path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '.';
    folders.set(folder, (folders.get(folder) ?? 0) + 1);
  };
  for (const [path, sha1] of after) {
    const was = before.get(path);
    if (was === sha1) continue;
    if (was === undefined) added++;
    else changed++;
    count(path);
  }
  for (const path of before.keys()) {
    if (after.has(path)) continue;
    removed++;
    count(path);
  }
  return { added, removed, changed, total: added + removed + changed, folders: [...folders].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)) };
}

// ---------------------------------------------------------------------------------------------
// The editor's changes

interface RequestEntry {
  /** Folder under requests/. */
  folder: string;
  id: number;
  createdAt: string | undefined;
  /** Message ids, from the file names `messages/<id>.yaml`, ascending. */
  messages: number[];
}

/** What the edits need to know about a content folder: its requests by id and the highest message id. */
export interface ArchiveScan {
  contentDir: string;
  requests: RequestEntry[];
  maxMessageId: number;
}

/** Reads every request.yaml (for id and created_at) and lists every messages/ folder: seconds for 50,000 requests. */
export async function scanArchive(contentDir: string): Promise<ArchiveScan> {
  const requests: RequestEntry[] = [];
  let maxMessageId = 0;
  for (const folder of readdirSync(join(contentDir, 'requests'))) {
    const file = join(contentDir, 'requests', folder, 'request.yaml');
    if (!existsSync(file)) continue;
    const record = parse(await readFile(file, 'utf8')) as { id: number; created_at?: string };
    const dir = join(contentDir, 'requests', folder, 'messages');
    const messages = existsSync(dir)
      ? readdirSync(dir)
          .map((name) => /^(\d+)\.yaml$/.exec(name)?.[1])
          .filter((id): id is string => id !== undefined)
          .map(Number)
          .sort((a, b) => a - b)
      : [];
    for (const id of messages) if (id > maxMessageId) maxMessageId = id;
    requests.push({ folder, id: record.id, createdAt: record.created_at, messages });
  }
  if (requests.length === 0) throw new Error(`${contentDir}/requests/ holds no request.yaml: the edits need at least one request`);
  requests.sort((a, b) => a.id - b.id);
  return { contentDir, requests, maxMessageId };
}

/** One applied edit: what it did, and how to take it back (byte for byte). */
export interface Edit {
  description: string;
  undo: () => Promise<void>;
}

const messagePath = (scan: ArchiveScan, request: RequestEntry, id: number) => join(scan.contentDir, 'requests', request.folder, 'messages', `${id}.yaml`);

/**
 * (a) An editor corrects one message's text: the first message of the request in the middle
 * of the id range gets a sentence appended to its `content` (or a `content`, if it had none).
 */
export async function editMessageText(scan: ArchiveScan): Promise<Edit> {
  const withMessages = scan.requests.filter((request) => request.messages.length > 0);
  const request = withMessages[Math.floor(withMessages.length / 2)];
  if (!request) throw new Error('no request has a message to edit');
  const id = request.messages[0]!;
  const file = messagePath(scan, request, id);
  const original = await readFile(file, 'utf8');
  const doc = parseDocument(original);
  const content = doc.get('content');
  doc.set('content', `${typeof content === 'string' && content ? `${content}\n\n` : ''}Korrigiert: das Aktenzeichen lautet 12-345.`);
  await writeFile(file, doc.toString());
  return { description: `message ${id} of request ${request.id}: one sentence added to its text`, undo: () => writeFile(file, original) };
}

/** A message as a new YAML file: `template`'s fields with the given ones, without attachments or derived dates. */
function newMessage(template: string, fields: { id: number; timestamp: string; subject: string; content: string }): string {
  const doc = parseDocument(template);
  for (const key of ['attachments', 'last_modified_at', 'registered_mail_date', 'status', 'is_draft', 'not_publishable', 'content_hidden']) doc.delete(key);
  for (const [key, value] of Object.entries(fields)) doc.set(key, value);
  return doc.toString();
}

/**
 * (b) An editor adds a new request with `messages` messages, as they would: the next request id
 * after the highest, message ids after the highest, dated just before the build, its request and
 * replies alternating as in the newest request (whose files serve as templates).
 */
export async function addRequest(scan: ArchiveScan, messages = 10): Promise<Edit> {
  const template = scan.requests.findLast((request) => request.messages.length > 0);
  if (!template) throw new Error('no request has a message to copy');
  const id = scan.requests.at(-1)!.id + 1;
  const slug = `neue-anfrage-${id}`;
  const folder = join(scan.contentDir, 'requests', `${id}-${slug}`);
  if (existsSync(folder)) throw new Error(`${folder} exists already`);

  const doc = parseDocument(await readFile(join(scan.contentDir, 'requests', template.folder, 'request.yaml'), 'utf8'));
  for (const key of ['summary', 'refusal_reason', 'resolved_on', 'due_date', 'last_modified_at', 'same_as', 'resolution']) doc.delete(key);
  const start = BUILD_CLOCK * 1000 - (messages + 2) * DAY;
  doc.set('id', id);
  doc.set('slug', slug);
  doc.set('title', `Neue Anfrage ${id}`);
  doc.set('status', 'awaiting_response');
  doc.set('created_at', iso(start));

  // Templates: the template request's first outgoing message and its first reply (or the first message for both).
  const texts = await Promise.all(template.messages.map((message) => readFile(messagePath(scan, template, message), 'utf8')));
  const outgoing = texts.find((text) => (parse(text) as { is_response?: boolean } | null)?.is_response === false) ?? texts[0]!;
  const reply = texts.find((text) => (parse(text) as { is_response?: boolean } | null)?.is_response === true) ?? outgoing;

  await mkdir(join(folder, 'messages'), { recursive: true });
  await writeFile(join(folder, 'request.yaml'), doc.toString());
  for (let m = 0; m < messages; m++) {
    const messageId = scan.maxMessageId + 1 + m;
    await writeFile(
      join(folder, 'messages', `${messageId}.yaml`),
      newMessage(m % 2 === 0 ? outgoing : reply, {
        id: messageId,
        timestamp: iso(start + (m + 1) * DAY),
        subject: m === 0 ? `Neue Anfrage ${id}` : `Re: Neue Anfrage ${id} (${m})`,
        content: `Nachricht ${m + 1} der neuen Anfrage ${id}.`,
      }),
    );
  }
  return {
    description: `request ${id} with messages ${scan.maxMessageId + 1}-${scan.maxMessageId + messages}, dated before the build`,
    undo: () => rm(folder, { recursive: true, force: true }),
  };
}

/**
 * (c) A late reply arrives for the oldest request (the earliest `created_at`, ties by id): one
 * message with the next message id, dated just before the build, copied from one of the request's
 * replies (or its first message, turned into a reply from the request's public body).
 */
export async function replyToOldest(scan: ArchiveScan): Promise<Edit> {
  const dated = scan.requests.filter((request) => request.createdAt !== undefined && request.messages.length > 0);
  if (dated.length === 0) throw new Error('no request has a created_at and a message');
  const oldest = dated.reduce((a, b) => (String(b.createdAt) < String(a.createdAt) ? b : a));
  const texts = await Promise.all(oldest.messages.map((message) => readFile(messagePath(scan, oldest, message), 'utf8')));
  let template = texts.find((text) => (parse(text) as { is_response?: boolean } | null)?.is_response === true);
  if (!template) {
    const request = parse(await readFile(join(scan.contentDir, 'requests', oldest.folder, 'request.yaml'), 'utf8')) as { public_body?: number };
    const doc = parseDocument(texts[0]!);
    doc.delete('recipient_public_body');
    doc.set('is_response', true);
    if (request.public_body !== undefined) doc.set('sender_public_body', request.public_body);
    template = doc.toString();
  }
  const id = scan.maxMessageId + 1;
  const file = messagePath(scan, oldest, id);
  await writeFile(file, newMessage(template, { id, timestamp: iso(BUILD_CLOCK * 1000 - DAY), subject: 'Späte Antwort', content: 'Anbei nachträglich die Antwort auf Ihre Anfrage.' }));
  return { description: `message ${id}: a reply to request ${oldest.id} (created ${oldest.createdAt}), dated before the build`, undo: () => rm(file, { force: true }) };
}

/** The benchmark's three edits, by the letter docs/performance.md gives them. */
export const EDITS = {
  a: { label: 'one message text edited', apply: editMessageText },
  b: { label: 'new request with 10 messages', apply: (scan: ArchiveScan) => addRequest(scan, 10) },
  c: { label: 'reply to the oldest request', apply: replyToOldest },
} as const;
