/**
 * Document collections (django-filingcabinet, docs/froide.md#documentcollection) and page annotations (docs/froide.md#pageannotation):
 * linked to the published documents here. Pure: no I/O. Page bounds of annotations need the
 * PDF stage and are checked in src/documents/annotations.ts.
 */
import { randomUUID } from 'node:crypto';
import type { LoadedContent } from '../content/load.ts';
import { ERRORS } from '../content/errors.ts';
import type { Problems, RecordSource } from '../content/problems.ts';
import type { DocumentCollectionInput } from '../content/schema.ts';
import type { DeclaredDocuments } from './link-requests.ts';
import { checkCollectionFacets } from './collection-facets.ts';
import { uuidFromId } from './names.ts';
import { arrangeTree, byNodeName, idSample, Records } from './records.ts';
import { UniqueKeys } from './unique.ts';
import { parseTimestamp } from './time.ts';
import type { CollectionDirectory, Document, DocumentCollection, PageAnnotation } from './types.ts';

/** Links every collection; returns the published (public) ones, by id, and fills `document.collections`. */
export function linkCollections(content: LoadedContent, documents: readonly Document[], declared: DeclaredDocuments, problems: Problems): DocumentCollection[] {
  const collections = new Records<DocumentCollection>('document collection', problems, 'documentcollection');
  const directories = new Records<CollectionDirectory>('collection directory', problems, 'documentcollection');
  const byId = new Map(documents.map((document) => [document.id, document]));
  const published = new Set<DocumentCollection>();
  const linked: { collection: DocumentCollection; data: DocumentCollectionInput }[] = [];

  for (const { data, source } of content.collections) {
    if (!data.listed && !data.uid) {
      problems.report(source, ['listed'], ERRORS.UnlistedWithoutUid, { what: 'collection', uid: randomUUID() });
    }
    const createdAt = parseTimestamp(data.created_at);
    const collection: DocumentCollection = {
      id: data.id,
      source,
      uid: data.uid ?? uuidFromId(data.id, 'collection'),
      title: data.title,
      slug: data.slug,
      description: data.description,
      listed: data.listed,
      createdAt,
      updatedAt: data.updated_at ? parseTimestamp(data.updated_at) : createdAt,
      allowZipDownload: data.allow_zip_download,
      settings: data.settings,
      directories: [],
      allDirectories: [],
      entries: [],
    };
    checkCollectionFacets(data.settings, source, problems);
    // A collection whose id is taken is not published, but its folders and entries are still checked.
    if (collections.add(collection) && data.public) published.add(collection);
    linked.push({ collection, data });
    data.directories.forEach((input, index) => {
      const directoryCreated = input.created_at ? parseTimestamp(input.created_at) : createdAt;
      directories.add(
        {
          id: input.id,
          source,
          collection,
          name: input.name,
          description: input.description,
          parent: null,
          children: [],
          depth: 1,
          createdAt: directoryCreated,
          updatedAt: input.updated_at ? parseTimestamp(input.updated_at) : directoryCreated,
        },
        ['directories', index, 'id'],
      );
    });
  }
  collections.reportDuplicates();
  directories.reportDuplicates();

  for (const { collection, data } of linked) {
    linkDirectories(collection, data, directories, problems);
    linkEntries(collection, data, byId, declared, directories, problems, published.has(collection));
  }
  return collections.values().filter((collection) => published.has(collection));
}

/** The directory of this collection with that id, or a problem at `path`. */
function ownDirectory(
  id: number,
  collection: DocumentCollection,
  directories: Records<CollectionDirectory>,
  problems: Problems,
  path: (string | number)[],
): CollectionDirectory | undefined {
  const directory = directories.get(id);
  if (directory?.collection === collection) return directory;
  const own = collection.source.file;
  const ids = directories
    .values()
    .filter((candidate) => candidate.collection === collection)
    .map((candidate) => candidate.id);
  problems.report(collection.source, path, ERRORS.UnknownDirectory, { id, own, ids: [...ids], ...(directory ? { elsewhere: directory.source.file } : {}) });
  return undefined;
}

function linkDirectories(collection: DocumentCollection, data: DocumentCollectionInput, directories: Records<CollectionDirectory>, problems: Problems): void {
  const own: CollectionDirectory[] = [];
  data.directories.forEach((input, index) => {
    const directory = directories.get(input.id);
    if (directory?.collection !== collection || own.includes(directory)) return;
    own.push(directory);
    if (input.parent === null) return;
    const path = ['directories', index, 'parent'];
    if (input.parent === input.id) {
      problems.report(collection.source, path, ERRORS.DirectoryInItself);
      return;
    }
    directory.parent = ownDirectory(input.parent, collection, directories, problems, path) ?? null;
  });
  arrangeTree(own, (directory) => {
    const index = data.directories.findIndex((input) => input.id === directory.id);
    problems.report(collection.source, ['directories', index, 'parent'], ERRORS.TreeCycle, { kind: 'directory', id: directory.id, key: 'parent' });
  });
  collection.directories = own.filter((directory) => directory.parent === null).sort(byNodeName);
  const walk = (nodes: CollectionDirectory[], depth: number): CollectionDirectory[] =>
    nodes.flatMap((node) => ((node.depth = depth), [node, ...walk(node.children, depth + 1)]));
  collection.allDirectories = walk(collection.directories, 1);
}

function linkEntries(
  collection: DocumentCollection,
  data: DocumentCollectionInput,
  documents: Map<number, Document>,
  declared: DeclaredDocuments,
  directories: Records<CollectionDirectory>,
  problems: Problems,
  isPublished: boolean,
): void {
  const listed = new UniqueKeys<number>();
  data.documents.forEach((input, index) => {
    const path = ['documents', index];
    const document = documents.get(input.document);
    if (!listed.claim(input.document, { source: collection.source, path: [...path, 'document'] })) return;
    const directory = input.directory === null ? null : ownDirectory(input.directory, collection, directories, problems, [...path, 'directory']);
    if (!document) {
      reportUnknownDocument(collection.source, [...path, 'document'], input.document, documents, declared, problems);
      return;
    }
    if (directory === undefined) return;
    const entry = { collection, document, directory, rank: collection.entries.length, path: [...path, 'document'] };
    collection.entries.push(entry);
    if (isPublished) document.collections.push(entry);
  });
  listed.report(problems, ERRORS.DocumentTwiceInCollection, (id, others) => ({ id, others }));
}

function reportUnknownDocument(source: RecordSource, path: (string | number)[], id: number, documents: Map<number, Document>, declared: DeclaredDocuments, problems: Problems): void {
  const held = declared.get(id);
  // A private document is not published (docs/content-guide.md#private-documents): the entry is left out.
  if (held && !held.public) {
    problems.report(source, path, ERRORS.PrivateDocumentInCollection, { id });
    return;
  }
  const blocking = held && declared.blockedBy.get(held);
  if (blocking) {
    problems.knockOn(source, path, ERRORS.ReferenceIntoFileWithErrors, { kind: 'document', id, file: blocking });
    return;
  }
  if (held?.original) {
    problems.report(source, path, ERRORS.DocumentOfUnpublishedAttachment, { id, attachment: held.original.id, file: held.source.file });
    return;
  }
  // Documents are declared in document.yaml files and in messages, which are linked only when their request.yaml is valid.
  if (['document', 'message', 'request'].some((kind) => problems.invalidKinds.has(kind))) {
    problems.knockOn(source, path, ERRORS.ReferenceIntoInvalidFiles, { kind: 'document', id, files: 'document, message and request' });
    return;
  }
  const sample = idSample(documents.keys());
  problems.report(source, path, ERRORS.UnknownReference, { kind: 'document', id, sample, which: 'published' });
}

/**
 * Links annotations to the imported document in their folder and checks them, whether or not
 * that document is published; returns those of published documents and fills their
 * `document.annotations`, oldest first.
 */
export function linkAnnotations(content: LoadedContent, importedByFile: ReadonlyMap<string, Document>, published: readonly Document[], problems: Problems): PageAnnotation[] {
  const annotations = new Records<PageAnnotation>('page annotation', problems, 'pageannotation');
  for (const { data, source, dir } of content.annotations) {
    const documentFile = `${dir}/document.yaml`;
    const document = importedByFile.get(documentFile);
    if (!document) {
      // An invalid document.yaml is reported already; its annotations are checked once it is fixed.
      if (problems.invalidFiles.has(documentFile)) continue;
      problems.reportFile(source.file, ERRORS.AnnotationsWithoutDocument, { documentFile });
      continue;
    }
    const sides = [data.top, data.left, data.width, data.height];
    const given = sides.filter((side) => side !== null).length;
    if (given !== 0 && given !== 4) {
      const missing = (['top', 'left', 'width', 'height'] as const).find((key) => data[key] === null)!;
      problems.report(source, [missing], ERRORS.PartialArea);
    }
    const annotation: PageAnnotation = {
      id: data.id,
      source,
      document,
      page: data.page,
      title: data.title,
      description: data.description,
      rect: given === 4 ? { top: data.top!, left: data.left!, width: data.width!, height: data.height! } : null,
      timestamp: parseTimestamp(data.timestamp),
      highlight: data.highlight,
    };
    if (annotations.add(annotation)) document.annotations.push(annotation);
  }
  annotations.reportDuplicates();
  for (const document of published) document.annotations.sort((a, b) => a.timestamp - b.timestamp || a.id - b.id);
  const isPublished = new Set(published);
  return annotations.values().filter((annotation) => isPublished.has(annotation.document));
}
