/**
 * Page annotation (filingcabinet's PageAnnotationSerializer, docs/froide.md#pageannotation). froide declares a
 * `document` field the model cannot fill, so the key is left out; `can_delete` is false for
 * every anonymous reader. froide has no resource_uri here; docs/api.md#responses-and-links says every object carries one.
 */
import type { Document, PageAnnotation } from '../../../model/types.ts';
import type { PlannedFile } from '../../../lib/planned-file.ts';
import { buildPaths } from '../../build-paths.ts';
import { mediaPaths } from '../../media-paths.ts';
import { boolean, dateTime, integer, selfLink, string, uri } from '../../field-types.ts';
import { renderDateTime, type RenderContext } from '../context.ts';
import { defineObject } from '../object-fields.ts';
import { documentFileUrl, documentMediaDir } from '../document/serializer.ts';
import { collectionKey } from '../documentcollection/collection-key.ts';
import { byId, defineBuilt, sorted } from '../serializer-spec.ts';
import { pageannotation as declaration } from './declaration.ts';

/** froide's name for the cropped area of an annotation: next to the page's original image. */
export function annotationMediaPath(annotation: PageAnnotation): string {
  return mediaPaths.annotationImage(documentMediaDir(annotation.document), annotation.page, annotation.id);
}

/** filingcabinet's `PageAnnotationSerializer` keys, in its order. */
export const pageAnnotation = defineObject<PageAnnotation>('PageAnnotation', {
  resource_uri: [selfLink('pageannotation'), (a, ctx) => ctx.urls.detail('pageannotation', a.id)],
  id: [integer, 'id'],
  title: [string, 'title'],
  description: [string, 'description'],
  top: [integer.nullable(), (a) => a.rect?.top ?? null],
  left: [integer.nullable(), (a) => a.rect?.left ?? null],
  width: [integer.nullable(), (a) => a.rect?.width ?? null],
  height: [integer.nullable(), (a) => a.rect?.height ?? null],
  timestamp: [dateTime, (a, ctx) => renderDateTime(ctx, a.timestamp)],
  can_delete: [boolean, () => false],
  highlight: [string, 'highlight'],
  // In the document's directory, so it is tokened like the page images (docs/api.md#media-urls-and-tokens).
  image: [
    uri.nullable().describe('The annotated area cropped from the page image.'),
    (a, ctx) => (ctx.cropped(a) ? documentFileUrl(ctx, a.document, annotationMediaPath(a)) : null),
  ],
  number: [integer.describe('Page number.'), 'page'],
});

const serializeAnnotation = pageAnnotation.serialize;

/**
 * `?document=<id>` lists a readable document's annotations (oldest first): one file per
 * public document that has any, keyed like collections (an unlisted document needs `uid`).
 */
function* annotationFiles(ctx: RenderContext, documents: readonly Document[]): Generator<PlannedFile> {
  for (const document of documents) {
    if (!document.public || document.annotations.length === 0) continue;
    const body = JSON.stringify(document.annotations.map((annotation) => serializeAnnotation(ctx, annotation)));
    yield { path: buildPaths.documentAnnotations(collectionKey(document)), body };
  }
}

export const pageannotationBuild = defineBuilt(declaration, {
  // froide lists annotations only for `?document=<id>` (src/serve/api/views/pageannotation.ts); the bare list is empty.
  list: () => [],
  details: (archive) => sorted(archive.annotations.filter((annotation) => annotation.document.public && annotation.document.listed), byId),
  id: (annotation) => annotation.id,
  item: serializeAnnotation,
  files: (archive, ctx) => annotationFiles(ctx, archive.documents),
  ordering: 'empty without `?document=`; with it, timestamp ascending (froide: `timestamp`), then id',
});
