/**
 * Page annotations after the PDF stage: their page and rectangle are checked against the
 * page's original image (froide's CreatePageAnnotationSerializer rules, facts §5.17), and the
 * rectangle is cropped from that image, as froide's make_page_annotation does (without
 * drawing highlights; docs/api.md).
 */
import { documentMediaDir } from './api/resources/document.ts';
import type { DocumentFacts } from './api/resources/context.ts';
import { mediaPaths } from './api/routes.ts';
import { ERRORS } from './content/errors.ts';
import type { Problems } from './content/problems.ts';
import type { Archive, Document, PageAnnotation } from './model/types.ts';
import type { MediaBytes } from './media/collect.ts';
import { cropPng } from './pdf/crop.ts';
import type { PdfImage } from './pdf/index.ts';

const MIN_SIDE = 10;

/** Reports annotations outside their document's pages; returns those that fit. */
export function checkAnnotations(archive: Archive, facts: (document: Document) => DocumentFacts, problems: Problems): void {
  const present = new Set(archive.documents);
  for (const annotation of archive.annotations) {
    // A pending document's pages are not known yet (issue 11): its annotations are checked by the build that completes it.
    if (!present.has(annotation.document) || annotation.document.pending) continue;
    const { pages, numPages } = facts(annotation.document);
    const page = pages[annotation.page - 1];
    if (!page) {
      problems.report(annotation.source, ['page'], ERRORS.AnnotationPage, { page: annotation.page, file: annotation.document.file.path, pages: numPages });
      continue;
    }
    const rect = annotation.rect;
    if (!rect || page.width === null || page.height === null) continue;
    const size = `page ${page.number} is ${page.width} x ${page.height} pixels (width x height of its original image)`;
    const outside = (side: 'left' | 'top' | 'width' | 'height', end: number) =>
      problems.report(annotation.source, [side], ERRORS.AreaOutsidePage, { side, value: rect[side], end, size, width: page.width!, height: page.height!, min: MIN_SIDE });
    if (rect.left > page.width) outside('left', rect.left);
    else if (rect.top > page.height) outside('top', rect.top);
    else if (rect.left + rect.width > page.width) outside('width', rect.left + rect.width);
    else if (rect.top + rect.height > page.height) outside('height', rect.top + rect.height);
  }
}

/** Published annotations: those of public documents (froide: readable ones). */
export function publishedAnnotations(document: Document): PageAnnotation[] {
  return document.public ? document.annotations : [];
}

/**
 * Crops every published annotation's rectangle from its page's original image and sets
 * `imagePath`. Without page images (a build with images off) no crop is made and `image` is null.
 */
export async function cropAnnotations(archive: Archive, images: (document: Document) => readonly PdfImage[]): Promise<MediaBytes[]> {
  const jobs = archive.documents.flatMap((document) => {
    const byName = new Map(images(document).map((image) => [image.name, image]));
    const dir = documentMediaDir(document);
    return publishedAnnotations(document).flatMap((annotation) => {
      const original = byName.get(mediaPaths.pageImage('', annotation.page, 'original').slice(1));
      if (!annotation.rect || !original) return [];
      const path = mediaPaths.annotationImage(dir, annotation.page, annotation.id);
      return [{ annotation, original, path, rect: annotation.rect }];
    });
  });
  return Promise.all(
    jobs.map(async ({ annotation, original, path, rect }) => {
      const body = await cropPng(await original.local(), rect);
      annotation.imagePath = path;
      return { path, bytes: new Uint8Array(body) };
    }),
  );
}
