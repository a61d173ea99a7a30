/**
 * The requests of an import: which ones the selection names, and each written as a unit (its
 * files, then its messages, then request.yaml) unless its YAML is up to date.
 */
import { recordText } from './content-files.ts';
import type { ContentWriter } from './content-writer.ts';
import { HttpRefusal } from './http.ts';
import { mapRequest } from './map-requests.ts';
import { cleanName } from './names.ts';
import type { Selection } from './run.ts';
import type { Source } from './source.ts';
import { dateTimeOf, idOf, idOrNull, type Json } from './values.ts';
import { commitFiles, existingYaml, failure, folderName, stageFiles, upToDate, type ImportResult } from './writing.ts';

export const changedSince = (value: unknown, since: string) => {
  const at = typeof value === 'string' ? Date.parse(dateTimeOf(value, 'last_modified_at') ?? '') : NaN;
  return Number.isNaN(at) || at >= Date.parse(since);
};

/** The list items of the requests the selection names (froide filters where it has them, checked here again). */
export async function selectRequests(source: Source, select: Selection, onTotal: (total: number) => void, result: ImportResult): Promise<Json[]> {
  if (select.requests?.length) {
    const items: Json[] = [];
    for (const id of select.requests) {
      const url = source.detailUrl('request', id);
      try {
        items.push(await source.get(url));
      } catch (error) {
        result.failed.push(failure(`request ${id}`, error, url));
      }
    }
    return items;
  }
  const query: Record<string, string> = {};
  if (select.campaign) query.campaign = String(select.campaign);
  if (select.publicBody) query.public_body = String(select.publicBody);
  if (select.jurisdiction) query.jurisdiction = String(select.jurisdiction);
  const items = new Map<unknown, Json>();
  try {
    for await (const item of source.all('request', query, onTotal)) {
      let wanted: boolean;
      try {
        wanted = wantedBy(select, item);
      } catch (error) {
        result.failed.push(failure(`request ${String(item.id)}`, error, typeof item.resource_uri === 'string' ? item.resource_uri : undefined));
        continue;
      }
      if (!wanted) continue;
      items.set(item.id, item);
      if (select.limit && items.size >= select.limit) break;
    }
  } catch (error) {
    // The requests listed before the list went wrong are imported; the list itself is reported.
    result.failed.push(failure('the request list', error));
  }
  return [...items.values()];
}

/** Whether a list item is of the selection (froide may ignore a filter it does not know). */
function wantedBy(select: Selection, item: Json): boolean {
  if (select.campaign && idOrNull(item.campaign, 'campaign') !== select.campaign) return false;
  if (select.publicBody && (item.public_body as Json | null)?.id !== select.publicBody) return false;
  if (select.jurisdiction && idOrNull(item.jurisdiction, 'jurisdiction') !== select.jurisdiction) return false;
  return !select.since || changedSince(item.last_modified_at, select.since);
}

/** What a request refers to beyond the reference lists. */
export interface RequestRefs {
  publicBodies: number[];
  /** The request it duplicates (froide's `same_as`), which must be in content/ too. */
  sameAs: number | null;
}

/**
 * Writes one request's folder, never making it worse: every record is checked and every file
 * downloaded and checked (into the staging folder) before the first byte moves into content/;
 * then the files, the messages and request.yaml last, so an interrupted move is done again by
 * the next run (request.yaml still holds the old `last_modified_at`).
 */
export async function importRequest(source: Source, writer: ContentWriter, item: Json, result: ImportResult): Promise<RequestRefs> {
  const id = idOf(item.id, 'request.id');
  const existing = await writer.existingName('requests', id);
  if (existing && (await upToDate(writer, `requests/${existing}/request.yaml`, item))) {
    result.requests.upToDate++;
    const stored = await existingYaml(writer, `requests/${existing}/request.yaml`);
    const named = [stored?.public_body, ...(await existingMessages(writer, `requests/${existing}`))].filter((pb): pb is number => typeof pb === 'number');
    return { publicBodies: named, sameAs: typeof stored?.same_as === 'number' ? stored.same_as : null };
  }
  const answer = 'messages' in item ? item : await source.get(typeof item.resource_uri === 'string' ? item.resource_uri : source.detailUrl('request', id));
  const mapped = mapRequest(answer);
  const folder = `requests/${existing ?? cleanName(folderName(id, String(mapped.request.slug)), `request ${id} slug`)}`;
  const texts = (refused: ReadonlyMap<string, string>) => ({
    messages: mapped.messages.map((message) => {
      const attachments = (message.attachments as Json[]).filter((a) => !refused.has(`files/${String(message.id)}/${String(a.name)}`));
      const path = `${folder}/messages/${String(message.id)}.yaml`;
      return { name: `${String(message.id)}.yaml`, path, text: recordText('message', path, { ...message, attachments }) };
    }),
    request: recordText('request', `${folder}/request.yaml`, mapped.request),
  });
  texts(new Map()); // refuses what content/ cannot hold before a file is downloaded
  const staging = await writer.stage();
  try {
    const { refused, ready } = await stageFiles(source, writer, folder, mapped.files, staging, result);
    const { messages, request } = texts(refused);
    const gone = await goneMessages(source, writer, folder, new Set(messages.map((message) => message.name)), result);
    result.skipped.push(...mapped.skipped, ...refused.values());
    await commitFiles(writer, ready);
    for (const message of messages) await writer.put(message.path, message.text);
    for (const name of gone) await writer.remove(`${folder}/messages/${name}`);
    await writer.put(`${folder}/request.yaml`, request);
  } finally {
    await writer.discard(staging);
  }
  result.requests.imported++;
  const bodies = [mapped.request.public_body, ...mapped.messages.flatMap((m) => [m.sender_public_body, m.recipient_public_body])].filter((pb): pb is number => typeof pb === 'number');
  return { publicBodies: bodies, sameAs: mapped.request.same_as as number | null };
}

/**
 * The message files of a request folder whose message the source says is gone: no longer in
 * the request's messages, and its own detail answers 404 or 410. One that still answers is
 * kept (and reported); any other answer fails the request before anything is written.
 */
async function goneMessages(source: Source, writer: ContentWriter, folder: string, keep: ReadonlySet<string>, result: ImportResult): Promise<string[]> {
  const gone: string[] = [];
  for (const name of (await writer.list(`${folder}/messages`)).filter((entry) => entry.endsWith('.yaml') && !keep.has(entry))) {
    const id = name.slice(0, -'.yaml'.length);
    try {
      await source.get(source.detailUrl('message', id));
      result.skipped.push(`message ${id} of ${folder}: no longer in its request's messages, but its detail still answers; kept`);
    } catch (error) {
      if (!(error instanceof HttpRefusal && (error.status === 404 || error.status === 410))) throw error;
      gone.push(name);
    }
  }
  return gone;
}

/** The public bodies named by the messages already in a request folder. */
async function existingMessages(writer: ContentWriter, folder: string): Promise<number[]> {
  const out: number[] = [];
  for (const name of await writer.list(`${folder}/messages`)) {
    const message = await existingYaml(writer, `${folder}/messages/${name}`);
    for (const key of ['sender_public_body', 'recipient_public_body']) if (typeof message?.[key] === 'number') out.push(message[key]);
  }
  return out;
}
