/**
 * Documents of their own (with their PDF and page annotations) and document collections (with
 * their directories, read directory by directory, and their order).
 */
import { listText, recordText, type ContentWriter } from './content-files.ts';
import { directory, documentsOf, mapAnnotation, mapCollection, mapDocument } from './map-documents.ts';
import type { Source } from './source.ts';
import { idOf, type Json } from './values.ts';
import { fetchFiles, folderName, upToDate, writeRecordFile, type ImportResult } from './writing.ts';

/** Writes one document's folder (PDF first, then annotations.yaml and document.yaml, both checked before either is written). */
export async function importDocument(source: Source, writer: ContentWriter, item: Json, result: ImportResult): Promise<void> {
  const id = idOf(item.id, 'document.id');
  const existing = await writer.existingName('documents', id);
  if (existing && (await upToDate(writer, `documents/${existing}/document.yaml`, item))) {
    result.documents.upToDate++;
    return;
  }
  const answer = 'file_url' in item ? item : await source.get(String(item.resource_uri));
  const mapped = mapDocument(answer);
  const folder = `documents/${existing ?? folderName(id, String(mapped.document.slug))}`;
  const refused = await fetchFiles(source, writer, folder, [{ path: mapped.file.name, url: mapped.file.url, size: mapped.file.size, what: `document ${id}` }], result);
  result.skipped.push(...mapped.skipped);
  if (refused.size) {
    result.skipped.push(...refused.values());
    return;
  }
  const annotations: Json[] = [];
  if (source.listUrl('pageannotation')) for await (const annotation of source.all('pageannotation', { document: String(id) })) annotations.push(mapAnnotation(annotation));
  const annotationsText = annotations.length ? listText('pageannotation', `${folder}/annotations.yaml`, annotations) : null;
  const documentText = recordText('document', `${folder}/document.yaml`, mapped.document);
  if (annotationsText) await writer.put(`${folder}/annotations.yaml`, annotationsText);
  else await writer.remove(`${folder}/annotations.yaml`);
  await writer.put(`${folder}/document.yaml`, documentText);
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
  const queue = ((detail.directories as unknown[]) ?? []).map((d) => ({ dir: d, parent: null as number | null }));
  while (queue.length) {
    const { dir, parent } = queue.shift()!;
    const d = directory(dir);
    directories.push({ id: d.id, name: d.name, parent, description: d.description, created_at: d.created_at ?? undefined, updated_at: d.updated_at ?? undefined });
    const url = new URL(String(item.resource_uri));
    url.searchParams.set('directory', String(d.id));
    const view = await source.get(url.href);
    for (const child of (view.directories as unknown[]) ?? []) queue.push({ dir: child, parent: d.id });
    for (const doc of documentsOf(view)) directoryOf.set(idOf((doc as Json).id, 'document'), d.id);
  }
  // The collection's order is the order of its document list (filingcabinet orders by the entries' `order`).
  const order: number[] = [];
  if (typeof detail.documents_uri === 'string') for await (const doc of source.allAt(detail.documents_uri)) order.push(idOf(doc.id, 'document'));
  for (const id of directoryOf.keys()) if (!order.includes(id)) order.push(id);
  const documents = order.map((id) => ({ document: id, directory: directoryOf.get(id) ?? null }));
  await writeRecordFile(writer, 'documentcollection', 'collections', { ...record, directories, documents });
}
