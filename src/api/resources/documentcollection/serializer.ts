/**
 * Document collection (django-filingcabinet's DocumentCollectionSerializer, docs/froide.md#documentcollection), for
 * the top level or one directory (`?directory=`). Only documents an anonymous reader may see
 * count: public ones, listed or not, that are not pending (filingcabinet
 * `get_authenticated_collection_documents`: `document__pending=False`).
 */
import type { CollectionDirectory, CollectionEntry, DocumentCollection } from '../../../model/types.ts';
import type { PlannedFile } from '../../../lib/planned-file.ts';
import { buildPaths } from '../../build-paths.ts';
import { renderDateTime, type RenderContext } from '../context.ts';
import { documentMedia, serializeDocument } from '../document/serializer.ts';
import { markdownToLimitedHtml } from '../markdown.ts';
import { collectionKey } from './collection-key.ts';
import { byId, defineBuilt, sorted } from '../serializer-spec.ts';
import { documentcollection as declaration } from './declaration.ts';

/** filingcabinet's MAX_COLLECTION_DOCS. */
const MAX_DOCUMENTS = 50;

/** Which directory a detail shows; `unknown`: a `?directory=` id that is no directory of the collection. */
export type CollectionView = { directory: CollectionDirectory | null; unknown?: boolean };

const ROOT: CollectionView = { directory: null };

function readable(ctx: RenderContext, collection: DocumentCollection): CollectionEntry[] {
  return collection.entries.filter((entry) => entry.document.public && ctx.published(entry.document) && !ctx.facts(entry.document).pending);
}

function serializeDirectory(ctx: RenderContext, directory: CollectionDirectory) {
  return {
    id: directory.id,
    name: directory.name,
    description: markdownToLimitedHtml(directory.description),
    depth: directory.depth,
    created_at: renderDateTime(ctx, directory.createdAt),
    updated_at: renderDateTime(ctx, directory.updatedAt),
  };
}

function ancestors(directory: CollectionDirectory): CollectionDirectory[] {
  const stack: CollectionDirectory[] = [];
  for (let current = directory.parent; current; current = current.parent) stack.unshift(current);
  return stack;
}

/** The subquery counts of froide: null, not 0, when nothing matches. */
const count = (n: number) => (n === 0 ? null : n);

function serializeCollection(ctx: RenderContext, collection: DocumentCollection, view: CollectionView = ROOT) {
  const { urls } = ctx;
  const entries = readable(ctx, collection);
  const here = entries.filter((entry) => entry.directory === view.directory);
  const first = entries.find((entry) => entry.directory === null);
  return {
    resource_uri: urls.detail('documentcollection', collection.id),
    id: collection.id,
    site_url: urls.collectionPage(collection.id, collection.slug),
    title: collection.title,
    description: collection.description,
    public: true,
    listed: collection.listed,
    created_at: renderDateTime(ctx, collection.createdAt),
    updated_at: renderDateTime(ctx, collection.updatedAt),
    document_count: count(entries.length),
    document_directory_count: view.unknown ? null : count(here.length),
    uid: collection.uid,
    cover_image: first ? documentMedia(ctx, first.document).coverImage : null,
    current_directory: view.directory ? serializeDirectory(ctx, view.directory) : null,
    directories: (view.directory ? view.directory.children : collection.directories).map((directory) => serializeDirectory(ctx, directory)),
    directory_stack: view.directory ? ancestors(view.directory).map((directory) => serializeDirectory(ctx, directory)) : [],
    documents: here.slice(0, MAX_DOCUMENTS).map((entry) => serializeDocument(ctx, entry.document)),
    documents_uri: urls.relativeList('document', { collection: collection.id, uid: collection.uid }),
    pages_uri: urls.relativeList('page', { collection: collection.id, uid: collection.uid }),
    settings: collection.settings,
    zip_download_url: collection.allowZipDownload ? urls.collectionZip(collection.id, collection.slug) : '',
  };
}

/**
 * The detail of every `?directory=` a collection answers, precomputed (static files cannot
 * read a query); unlisted collections also get their top-level detail here, behind the uid.
 */
function* collectionFiles(ctx: RenderContext, collection: DocumentCollection): Generator<PlannedFile> {
  const key = collectionKey(collection);
  const body = (view: CollectionView) => JSON.stringify(serializeCollection(ctx, collection, view));
  if (!collection.listed) {
    yield { path: buildPaths.unlistedCollection(collection.id), body: '{}' };
    yield { path: buildPaths.collectionVariant(key, 'root'), body: body(ROOT) };
  }
  yield { path: buildPaths.collectionVariant(key, 'unknown-directory'), body: body({ directory: null, unknown: true }) };
  for (const directory of collection.allDirectories) {
    yield { path: buildPaths.collectionVariant(key, directory.id), body: body({ directory }) };
  }
}

export const documentcollectionBuild = defineBuilt(declaration, {
  // docs/froide.md#visibility: the list holds public, listed collections; unlisted ones answer by id with their uid.
  list: (archive) => sorted(archive.collections.filter((collection) => collection.listed), byId),
  id: (collection) => collection.id,
  item: (ctx, collection) => serializeCollection(ctx, collection),
  files: function* (archive, ctx) {
    for (const collection of archive.collections) yield* collectionFiles(ctx, collection);
  },
  ordering: 'id ascending (froide leaves it unspecified)',
});
