/**
 * Documents of their own (with their PDF and page annotations) and document collections (with
 * their directories, read directory by directory, and their order).
 */
import { listText, recordText } from './content-files.ts';
import type { ContentWriter } from './content-writer.ts';
import { directory, documentsOf, mapAnnotation, mapCollection, mapDocument } from './map-documents.ts';
import { cleanName } from './names.ts';
import type { Source } from './source.ts';
import { idOf, list, type Json } from './values.ts';
import { commitFiles, folderName, stageFiles, upToDate, writeRecordFile, type ImportResult } from './writing.ts';

/**
 * Writes one document's folder, never making it worse: the PDF downloaded and checked into the
 * staging folder and the annotations read, both records checked, before anything moves into
 * content/ (the PDF, annotations.yaml, document.yaml last).
 */
export async function importDocument(source: Source, writer: ContentWriter, item: Json, result: ImportResult): Promise<void> {
  const id = idOf(item.id, 'document.id');
  const existing = await writer.existingName('documents', id);
  if (existing && (await upToDate(writer, `documents/${existing}/document.yaml`, item))) {
    result.documents.upToDate++;
    return;
  }
  const answer = 'file_url' in item ? item : await source.get(String(item.resource_uri));
  const mapped = mapDocument(answer);
  const folder = `documents/${existing ?? cleanName(folderName(id, String(mapped.document.slug)), `document ${id} slug`)}`;
  const documentText = recordText('document', `${folder}/document.yaml`, mapped.document);
  const { file } = mapped;
  const staging = await writer.stage();
  try {
    const toFetch = [{ path: file.name, url: file.url, size: file.size, expect: { size: file.size, sha256: file.sha256, pdf: true }, what: `document ${id}` }];
    const { refused, ready } = await stageFiles(source, writer, folder, toFetch, staging, result);
    result.skipped.push(...mapped.skipped);
    if (refused.size) {
      result.skipped.push(...refused.values());
      return;
    }
    const annotations: Json[] = [];
    if (source.listUrl('pageannotation')) for await (const annotation of source.all('pageannotation', { document: String(id) })) annotations.push(mapAnnotation(annotation));
    const annotationsText = annotations.length ? listText('pageannotation', `${folder}/annotations.yaml`, annotations) : null;
    await commitFiles(writer, ready);
    if (annotationsText) await writer.put(`${folder}/annotations.yaml`, annotationsText);
    else await writer.remove(`${folder}/annotations.yaml`);
    await writer.put(`${folder}/document.yaml`, documentText);
  } finally {
    await writer.discard(staging);
  }
  result.documents.imported++;
}

/**
 * Writes one collection: its detail gives the top directories and documents, each directory's
 * view (`?directory=<id>`) its subdirectories and documents, `documents_uri` the order.
 */
export async function importCollection(source: Source, writer: ContentWriter, item: Json): Promise<void> {
  const detail = await source.get(String(item.resource_uri));
  const record = mapCollection(detail);
  const directories: Json[] = [];
  const directoryOf = new Map<number, number | null>();
  for (const doc of documentsOf(detail)) directoryOf.set(idOf((doc as Json).id, 'document'), null);
  const queue = list(detail.directories ?? [], 'directories').map((d) => ({ dir: d, parent: null as number | null }));
  while (queue.length) {
    const { dir, parent } = queue.shift()!;
    const d = directory(dir);
    directories.push({ id: d.id, name: d.name, parent, description: d.description, created_at: d.created_at ?? undefined, updated_at: d.updated_at ?? undefined });
    const url = new URL(String(item.resource_uri), source.root);
    url.searchParams.set('directory', String(d.id));
    const view = await source.get(url.href);
    for (const child of list(view.directories ?? [], 'directories')) queue.push({ dir: child, parent: d.id });
    for (const doc of documentsOf(view)) directoryOf.set(idOf((doc as Json).id, 'document'), d.id);
  }
  // The collection's order is the order of its document list (filingcabinet orders by the entries' `order`).
  const order: number[] = [];
  if (typeof detail.documents_uri === 'string') for await (const doc of source.allAt(detail.documents_uri)) order.push(idOf(doc.id, 'document'));
  for (const id of directoryOf.keys()) if (!order.includes(id)) order.push(id);
  const documents = order.map((id) => ({ document: id, directory: directoryOf.get(id) ?? null }));
  await writeRecordFile(writer, 'documentcollection', 'collections', { ...record, directories, documents });
}
