/**
 * `archive import <froide API URL>`: reads a froide instance's API v1 into content/
 * (docs/import.md). The reference lists first, then the selected requests (each a folder,
 * written once its files are all downloaded), the public bodies and georegions they refer to,
 * the documents and collections. A request or document whose YAML already holds the
 * `last_modified_at` the list answers is up to date and costs no further request: that makes a
 * second run cheap and an interrupted one continue where it stopped.
 */
import { dirname, join } from 'node:path';
import { DEFAULTS } from '../config.ts';
import type { Logger } from '../log.ts';
import { mapLimit } from '../lib/concurrency.ts';
import type { Reporter } from '../lib/progress.ts';
import { openContentWriter } from './content-writer.ts';
import { importCollection, importDocument } from './import-documents.ts';
import { createClient, SourceGaveUp, type ClientOptions } from './http.ts';
import type { ImportProgress } from './import-progress.ts';
import { importGeoregions, importPublicBodies, LISTS, modifiedOfPublicBodies, writeSite } from './references.ts';
import { changedSince, importRequest, selectRequests } from './import-requests.ts';
import { mediaOriginOf, openSource, type PagingBounds } from './source.ts';
import { idOf, idsOf, type Json } from './values.ts';
import { failure, writeList, type ImportResult } from './writing.ts';

export type { ImportResult } from './writing.ts';

export interface Selection {
  requests?: number[];
  campaign?: number;
  publicBody?: number;
  jurisdiction?: number;
  /** Only requests (and documents) changed on or after this date-time. */
  since?: string;
  limit?: number;
}

export interface ImportOptions {
  source: string;
  contentDir: string;
  /** The cache folder, whose `import-staging/` holds what is not yet whole (default: .cache/archive beside contentDir). */
  cacheDir?: string;
  /** Origins files may come from besides the API's and the one the instance names (mediaOriginOf). */
  mediaOrigins?: string[];
  paging?: PagingBounds;
  select?: Selection;
  client?: ClientOptions;
  log: Logger;
  progress?: Reporter<ImportProgress>;
}

export async function importArchive(options: ImportOptions): Promise<ImportResult> {
  const { log } = options;
  const select = options.select ?? {};
  const client = createClient({ ...options.client, onRetry: (line) => log.warn(`retry ${line}`) });
  const cacheDir = options.cacheDir ?? join(dirname(options.contentDir), DEFAULTS.cacheDir);
  const writer = await openContentWriter(options.contentDir, join(cacheDir, 'import-staging'));
  const source = await openSource(options.source, client, options.paging);
  for (const origin of options.mediaOrigins ?? []) client.allowOrigin(origin);
  const media = await mediaOriginOf(source).catch((error: unknown) => {
    log.warn(`warning ${failure('the media origin', error)}: files are read from the API's origin${options.mediaOrigins?.length ? ' and --media-origin' : ''} only`);
    return null;
  });
  if (media) client.allowOrigin(media);
  const result: ImportResult = {
    skipped: [],
    failed: [],
    requests: { imported: 0, upToDate: 0 },
    documents: { imported: 0, upToDate: 0 },
    files: { downloaded: 0, present: 0 },
    written: 0,
    unchanged: 0,
    httpRequests: 0,
    stopped: false,
  };
  result.failed.push(...source.refused);
  // A selection takes requests and what they refer to; only a whole mirror (perhaps --since a date) takes every document and collection.
  const selective = Boolean(select.requests?.length || select.campaign || select.publicBody || select.jurisdiction || select.limit);
  const progress: ImportProgress = { phase: 'reference lists', done: 0, total: 0 };
  options.progress?.start(progress);
  const step = () => {
    progress.done++;
    progress.total = Math.max(progress.total, progress.done);
    options.progress?.update(progress);
  };

  const lists = new Map<string, Json[]>();
  for (const { resource, kind, file, map } of LISTS) {
    if (!source.listUrl(resource)) continue;
    const records: Json[] = [];
    for await (const item of source.all(resource)) records.push(map(item));
    lists.set(resource, records);
    await writeList(writer, kind, file, records, result);
  }
  // site.yaml first of all: a run that stops later still leaves a folder check can read.
  await writeSite(writer, source, lists, result);

  try {
    progress.phase = 'requests';
    const wanted = await selectRequests(source, select, (total) => ((progress.total = total), options.progress?.update(progress)), result);
    progress.total = wanted.length;
    const publicBodies = new Set<number>();
    for (const law of lists.get('law') ?? []) if (law.mediator) publicBodies.add(law.mediator as number);
    const imported = new Set<number>();
    const sameAs = new Set<number>();
    const importOne = async (item: Json) => {
      let id: number;
      try {
        id = idOf(item.id, 'request.id');
      } catch (error) {
        result.failed.push(failure('a request of the list', error));
        return;
      }
      imported.add(id);
      const url = typeof item.resource_uri === 'string' ? item.resource_uri : source.detailUrl('request', id);
      try {
        const refs = await importRequest(source, writer, item, result);
        for (const pb of refs.publicBodies) publicBodies.add(pb);
        if (refs.sameAs !== null) sameAs.add(refs.sameAs);
      } catch (error) {
        result.failed.push(failure(`request ${id}`, error, url));
      }
      step();
    };
    // The HTTP client bounds what reaches the server; this bounds the requests being written at once.
    await mapLimit(wanted, 4, importOne);
    // A duplicate names the request it duplicates, which content/ needs too.
    for (let missing = [...sameAs].filter((id) => !imported.has(id)); missing.length; missing = [...sameAs].filter((id) => !imported.has(id))) {
      for (const id of missing) {
        if (await writer.existingName('requests', id)) imported.add(id);
        else await importOne({ id, resource_uri: source.detailUrl('request', id) });
      }
    }

    progress.phase = 'public bodies';
    const regions = new Set<number>(idsOf((lists.get('jurisdiction') ?? []).map((j) => j.region).filter((r) => r !== null), 'region'));
    await importPublicBodies(source, writer, selective ? publicBodies : null, { regions, modified: modifiedOfPublicBodies(wanted) }, result);
    progress.phase = 'georegions';
    await importGeoregions(source, writer, selective ? regions : null, result);

    if (!selective) {
      progress.phase = 'documents';
      try {
        for await (const item of source.all('document', {}, (total) => ((progress.total = wanted.length + total), options.progress?.update(progress)))) {
          if (item.original !== null && item.original !== undefined) continue; // written with its attachment
          if (select.since && !changedSince(item.last_modified_at, select.since)) continue;
          try {
            await importDocument(source, writer, item, result);
          } catch (error) {
            result.failed.push(failure(`document ${String(item.id)}`, error, typeof item.resource_uri === 'string' ? item.resource_uri : source.detailUrl('document', String(item.id))));
          }
          step();
        }
      } catch (error) {
        result.failed.push(failure('the document list', error));
      }
      progress.phase = 'collections';
      try {
        for await (const item of source.all('documentcollection')) {
          try {
            await importCollection(source, writer, item);
          } catch (error) {
            result.failed.push(failure(`collection ${String(item.id)}`, error, typeof item.resource_uri === 'string' ? item.resource_uri : undefined));
          }
        }
      } catch (error) {
        result.failed.push(failure('the collection list', error));
      }
    }
  } catch (error) {
    // The source stopped answering: what is done stays, the rest is not read.
    if (!(error instanceof SourceGaveUp)) throw error;
    result.failed.push(error.message);
    result.stopped = true;
  }
  options.progress?.stop(progress);
  // Requests run concurrently: sorted, the summary reads the same on every run.
  result.skipped.sort();
  result.failed.sort();
  result.written = writer.counts.written;
  result.unchanged = writer.counts.unchanged;
  result.httpRequests = client.requests;
  return result;
}
