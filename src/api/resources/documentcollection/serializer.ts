/**
 * Document collection (django-filingcabinet's DocumentCollectionSerializer, docs/froide.md#documentcollection), for
 * the top level or one directory (`?directory=`). Only documents an anonymous reader may see
 * count: public ones, listed or not, that are not pending (filingcabinet
 * `get_authenticated_collection_documents`: `document__pending=False`).
 */
import type { CollectionDirectory, CollectionEntry, DocumentCollection } from '../../../model/types.ts';
import type { PlannedFile } from '../../../lib/planned-file.ts';
import { buildPaths } from '../../build-paths.ts';
import { arrayOf, boolean, dateTime, freeObject, integer, ref, relative, selfLink, string, uri, uuid } from '../../field-types.ts';
import { renderDateTime, type RenderContext } from '../context.ts';
import { defineObject } from '../object-fields.ts';
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

/** filingcabinet's `CollectionDirectorySerializer` keys, in its order. */
export const collectionDirectory = defineObject<CollectionDirectory>('CollectionDirectory', {
  id: [integer, 'id'],
  name: [string, 'name'],
  description: [string.describe('HTML (p, strong, em, ul, ol, li, a).'), (d) => markdownToLimitedHtml(d.description)],
  depth: [integer, 'depth'],
  created_at: [dateTime, (d, ctx) => renderDateTime(ctx, d.createdAt)],
  updated_at: [dateTime, (d, ctx) => renderDateTime(ctx, d.updatedAt)],
});

function ancestors(directory: CollectionDirectory): CollectionDirectory[] {
  const stack: CollectionDirectory[] = [];
  for (let current = directory.parent; current; current = current.parent) stack.unshift(current);
  return stack;
}

/** The subquery counts of froide: null, not 0, when nothing matches. */
const count = (n: number) => (n === 0 ? null : n);

/** A collection as one of its directories (or the top level) shows it. */
interface CollectionAs {
  collection: DocumentCollection;
  view: CollectionView;
}

/** What several keys read: the documents a reader may see, all and in the shown directory. */
function collectionParts({ collection, view }: CollectionAs, ctx: RenderContext) {
  const entries = readable(ctx, collection);
  return { entries, here: entries.filter((entry) => entry.directory === view.directory) };
}

const directories = (ctx: RenderContext, list: readonly CollectionDirectory[]) => list.map((directory) => collectionDirectory.serialize(ctx, directory));

/** filingcabinet's `DocumentCollectionSerializer` keys, in its order. */
export const documentCollection = defineObject('DocumentCollection', collectionParts, {
  resource_uri: [selfLink('documentcollection'), ({ collection }, ctx) => ctx.urls.detail('documentcollection', collection.id)],
  id: [integer, ({ collection }) => collection.id],
  site_url: [uri, ({ collection }, ctx) => ctx.urls.collectionPage(collection.id, collection.slug)],
  title: [string, ({ collection }) => collection.title],
  description: [string, ({ collection }) => collection.description],
  public: [boolean, () => true],
  listed: [boolean, ({ collection }) => collection.listed],
  created_at: [dateTime, ({ collection }, ctx) => renderDateTime(ctx, collection.createdAt)],
  updated_at: [dateTime, ({ collection }, ctx) => renderDateTime(ctx, collection.updatedAt)],
  document_count: [integer.nullable().describe('null, not 0, when there is none.'), (_, __, { entries }) => count(entries.length)],
  document_directory_count: [integer.nullable(), ({ view }, __, { here }) => (view.unknown ? null : count(here.length))],
  uid: [uuid, ({ collection }) => collection.uid],
  cover_image: [
    uri.nullable(),
    (_, ctx, { entries }) => {
      const first = entries.find((entry) => entry.directory === null);
      return first ? documentMedia(ctx, first.document).coverImage : null;
    },
  ],
  current_directory: [ref('CollectionDirectory').nullable(), ({ view }, ctx) => (view.directory ? collectionDirectory.serialize(ctx, view.directory) : null)],
  directories: [arrayOf(ref('CollectionDirectory')), ({ collection, view }, ctx) => directories(ctx, view.directory ? view.directory.children : collection.directories)],
  directory_stack: [arrayOf(ref('CollectionDirectory')), ({ view }, ctx) => (view.directory ? directories(ctx, ancestors(view.directory)) : [])],
  documents: [arrayOf(ref('Document')).describe('At most 50, in collection order.'), (_, ctx, { here }) => here.slice(0, MAX_DOCUMENTS).map((entry) => serializeDocument(ctx, entry.document))],
  documents_uri: [relative, ({ collection }, ctx) => ctx.urls.relativeList('document', { collection: collection.id, uid: collection.uid })],
  pages_uri: [relative, ({ collection }, ctx) => ctx.urls.relativeList('page', { collection: collection.id, uid: collection.uid })],
  settings: [freeObject, ({ collection }) => collection.settings],
  zip_download_url: [
    relative.describe('Empty when zip download is off.'),
    ({ collection }, ctx) => (collection.allowZipDownload ? ctx.urls.collectionZip(collection.id, collection.slug) : ''),
  ],
});

function serializeCollection(ctx: RenderContext, collection: DocumentCollection, view: CollectionView = ROOT) {
  return documentCollection.serialize(ctx, { collection, view });
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
