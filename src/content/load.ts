/**
 * Load and validate every content file. Reports every problem in one run; never throws for
 * bad content. Reads through a small `ContentReader`, so the stage does not care where the
 * files live.
 */
import type { z } from 'zod';
import {
  CONTENT_FILES,
  type CampaignInput,
  type CategoryInput,
  type ClassificationInput,
  type ContentKind,
  type DocumentInput,
  type JurisdictionInput,
  type LawInput,
  type MessageInput,
  type PublicBodyInput,
  type RequestInput,
  type SiteInput,
} from './schema.ts';
import { Problems, type Position, type Source } from './problems.ts';
import { lazyLocator, parseYaml } from './yaml.ts';
import { mapLimit } from '../concurrency.ts';

export interface ContentReader {
  /** Relative paths (forward slashes) matching a glob, sorted. */
  glob(pattern: string): Promise<string[]>;
  readText(path: string): Promise<string>;
  /** Size in bytes, or null when there is no such file. */
  size(path: string): Promise<number | null>;
  /** Absolute path of a content file, for stages that stream it (PDF work, copying media). */
  absolute(path: string): string;
}

export interface Loaded<T> {
  data: T;
  source: Source;
}

export interface ContentFile {
  /** Relative to the content directory. */
  path: string;
  absolute: string;
  size: number;
}

export interface LoadedMessage extends Loaded<MessageInput> {
  /** Folder of the owning request, relative to the content directory. */
  requestDir: string;
  /** Attachment files by attachment index; undefined where the file is missing. */
  files: (ContentFile | undefined)[];
}

export interface LoadedDocument extends Loaded<DocumentInput> {
  file: ContentFile | undefined;
}

export interface LoadedContent {
  site: SiteInput | undefined;
  jurisdictions: Loaded<JurisdictionInput>[];
  laws: Loaded<LawInput>[];
  classifications: Loaded<ClassificationInput>[];
  categories: Loaded<CategoryInput>[];
  campaigns: Loaded<CampaignInput>[];
  publicBodies: Loaded<PublicBodyInput>[];
  requests: (Loaded<RequestInput> & { dir: string })[];
  messages: LoadedMessage[];
  documents: LoadedDocument[];
}

/** Files read at once: enough to keep the disk busy, far below the file descriptor limit. */
const FILE_CONCURRENCY = 64;

const HINTS: Record<string, string> = {
  invalid_type: 'fix the value type as shown',
  unrecognized_keys: 'remove the key or fix its spelling; the JSON Schema in content/schemas/ lists the allowed keys',
  invalid_value: 'use one of the allowed values',
  too_small: 'give a longer or larger value',
};

function describeIssue(issue: z.core.$ZodIssue): { message: string; hint?: string } {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return { message: `is required (${issue.expected})`, hint: 'add this key' };
      return { message: `must be ${issue.expected === 'int' ? 'a whole number' : `a ${issue.expected}`}, not ${describeValue(issue.input)}`, hint: HINTS.invalid_type! };
    case 'invalid_value':
      return {
        message: `is ${describeValue(issue.input)}, which is not allowed`,
        hint: `use one of: ${issue.values.map((value) => JSON.stringify(value)).join(', ')}`,
      };
    case 'too_small':
      return { message: issue.origin === 'string' ? 'must not be empty' : `is too small (${issue.message})`, hint: HINTS.too_small! };
    case 'invalid_format':
    case 'custom':
      return { message: `is ${describeValue(issue.input)}, but ${issue.message.startsWith('Invalid') ? issue.message.toLowerCase() : issue.message}` };
    case 'invalid_union':
      return { message: 'does not match any of the allowed shapes', hint: 'compare it with the shapes in the JSON Schema (content/schemas/)' };
    default:
      return { message: issue.message };
  }
}

function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'a mapping';
  return String(value);
}

/** Parse + validate one YAML file; returns the records (one, or each list entry) that are valid. */
async function loadFile<T>(
  reader: ContentReader,
  path: string,
  kind: ContentKind,
  problems: Problems,
): Promise<Loaded<T>[]> {
  const { schema, list } = CONTENT_FILES[kind];
  const text = await reader.readText(path);
  const parsed = parseYaml(text);
  const locate = lazyLocator(text);
  const sourceAt = (base: (string | number)[]): Source => ({ file: path, base, locate });

  if (parsed.syntaxErrors.length) {
    problems.invalidFiles.add(path);
    problems.invalidKinds.add(kind);
    for (const error of parsed.syntaxErrors) {
      problems.add({ severity: 'error', file: path, ...error.position, path: '', message: `YAML syntax: ${error.message}`, hint: 'fix the YAML syntax (indentation, quotes, colons)' });
    }
    return [];
  }

  const entries: { value: unknown; base: (string | number)[] }[] = [];
  if (list) {
    if (!Array.isArray(parsed.value)) {
      problems.add({ severity: 'error', file: path, line: 1, column: 1, path: '', message: 'must be a list of records', hint: 'start each record with "- id: ..."' });
      return [];
    }
    parsed.value.forEach((value, index) => entries.push({ value, base: [index] }));
  } else {
    entries.push({ value: parsed.value ?? {}, base: [] });
  }

  const records: Loaded<T>[] = [];
  for (const entry of entries) {
    const result = schema.safeParse(entry.value, { reportInput: true });
    const source = sourceAt(entry.base);
    if (result.success) {
      records.push({ data: result.data as T, source });
      continue;
    }
    const here: Source = { ...source, locate: parsed.locate };
    problems.invalidFiles.add(path);
    problems.invalidKinds.add(kind);
    for (const issue of result.error.issues) {
      const issuePath = issue.path.filter((part): part is string | number => typeof part !== 'symbol');
      if (issue.code === 'unrecognized_keys') {
        for (const key of issue.keys) {
          problems.at(here, [...issuePath, key], `unknown key "${key}"`, HINTS.unrecognized_keys);
        }
        continue;
      }
      const { message, hint } = describeIssue(issue);
      problems.at(here, issuePath, message, hint);
    }
  }
  return records;
}

async function loadKind<T>(reader: ContentReader, kind: ContentKind, problems: Problems): Promise<Loaded<T>[]> {
  const files = await reader.glob(CONTENT_FILES[kind].pattern);
  const loaded = await mapLimit(files, FILE_CONCURRENCY, (file) => loadFile<T>(reader, file, kind, problems));
  return loaded.flat();
}

function dirOf(path: string): string {
  return path.slice(0, path.lastIndexOf('/'));
}

async function contentFile(reader: ContentReader, path: string): Promise<ContentFile | undefined> {
  const size = await reader.size(path);
  return size === null ? undefined : { path, absolute: reader.absolute(path), size };
}

export async function loadContent(reader: ContentReader, problems: Problems): Promise<LoadedContent> {
  const siteFiles = await reader.glob(CONTENT_FILES.site.pattern);
  if (siteFiles.length === 0) {
    problems.add({ severity: 'error', file: 'site.yaml', line: 0, column: 0, path: '', message: 'is missing', hint: 'create content/site.yaml with title, base_url and updated_at' });
  }
  const [site] = siteFiles.length ? await loadFile<SiteInput>(reader, 'site.yaml', 'site', problems) : [];

  const [jurisdictions, laws, classifications, categories, campaigns, publicBodies, requests, rawMessages, rawDocuments] =
    await Promise.all([
      loadKind<JurisdictionInput>(reader, 'jurisdiction', problems),
      loadKind<LawInput>(reader, 'law', problems),
      loadKind<ClassificationInput>(reader, 'classification', problems),
      loadKind<CategoryInput>(reader, 'category', problems),
      loadKind<CampaignInput>(reader, 'campaign', problems),
      loadKind<PublicBodyInput>(reader, 'publicbody', problems),
      loadKind<RequestInput>(reader, 'request', problems),
      loadKind<MessageInput>(reader, 'message', problems),
      loadKind<DocumentInput>(reader, 'document', problems),
    ]);

  const messages = await mapLimit(
    rawMessages,
    FILE_CONCURRENCY,
    async (message): Promise<LoadedMessage> => {
      const requestDir = dirOf(dirOf(message.source.file));
      const files = await Promise.all(
        message.data.attachments.map(async (attachment, index) => {
          const path = `${requestDir}/files/${message.data.id}/${attachment.name}`;
          const file = await contentFile(reader, path);
          if (!file) {
            problems.at(message.source, ['attachments', index, 'name'], `names a file that does not exist: ${path}`, `add the file at ${path}, or fix the name`);
          }
          return file;
        }),
      );
      return { ...message, requestDir, files };
    },
  );

  const documents = await Promise.all(
    rawDocuments.map(async (document): Promise<LoadedDocument> => {
      const path = `${dirOf(document.source.file)}/${document.data.file}`;
      const file = await contentFile(reader, path);
      if (!file) problems.at(document.source, ['file'], `names a file that does not exist: ${path}`, 'put the PDF next to document.yaml, or fix the name');
      return { ...document, file };
    }),
  );

  await reportStrayFiles(reader, messages, problems);

  return {
    site: site?.data,
    jurisdictions,
    laws,
    classifications,
    categories,
    campaigns,
    publicBodies,
    requests: requests.map((request) => ({ ...request, dir: dirOf(request.source.file) })),
    messages,
    documents,
  };
}

/** A file under files/ that no message names is almost always a typo in a name. */
async function reportStrayFiles(reader: ContentReader, messages: LoadedMessage[], problems: Problems): Promise<void> {
  const named = new Set(messages.flatMap((message) => message.files.filter(Boolean).map((file) => file!.path)));
  // Where a message file of the request is invalid, its attachments are unknown: say nothing.
  const unsure = new Set([...problems.invalidFiles].filter((file) => file.includes('/messages/')).map((file) => dirOf(dirOf(file))));
  for (const path of await reader.glob('requests/*/files/**/*')) {
    if (!named.has(path) && !unsure.has(path.slice(0, path.indexOf('/files/')))) {
      problems.add({
        severity: 'warning',
        file: path,
        line: 0,
        column: 0,
        path: '',
        message: 'is not named by any attachment and will not be published',
        hint: 'list it under attachments of the message whose id is its folder name, or delete it',
      });
    }
  }
}
