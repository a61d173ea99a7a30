/**
 * Page annotations after the PDF stage: their page and rectangle are checked against the
 * page's original image (froide's CreatePageAnnotationSerializer rules, docs/froide.md#pageannotation), and the
 * rectangle is cropped from that image, as froide's make_page_annotation does (without
 * drawing highlights; docs/api.md).
 */
import { ERRORS } from '../content/errors.ts';
import type { Problems } from '../content/problems.ts';
import type { Archive, Document, PageAnnotation } from '../model/types.ts';
import { cropPng } from '../pdf/crop.ts';
import { pageImageName } from '../pdf/image-names.ts';
import type { PdfImage } from '../pdf/index.ts';
import type { DocumentFacts } from './document-facts.ts';

/** The cropped area of an annotation: the media stage names its file (src/media/collect.ts), the API its URL. */
export interface AnnotationCrop {
  annotation: PageAnnotation;
  bytes: Uint8Array;
}

const MIN_SIDE = 10;

/** Reports annotations outside their document's pages. */
export function checkAnnotations(archive: Archive, facts: (document: Document) => DocumentFacts, problems: Problems): void {
  const present = new Set(archive.documents);
  for (const annotation of archive.annotations) {
    // A pending document's pages are not known yet: its annotations are checked by the build that completes it.
    if (!present.has(annotation.document) || facts(annotation.document).pending) continue;
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
function publishedAnnotations(document: Document): PageAnnotation[] {
  return document.public ? document.annotations : [];
}

/**
 * Crops every published annotation's rectangle from its page's original image. Without page
 * images (a build with images off, or a pending document) no crop is made and `image` is null.
 */
export async function cropAnnotations(archive: Archive, images: (document: Document) => readonly PdfImage[]): Promise<AnnotationCrop[]> {
  const jobs = archive.documents.flatMap((document) => {
    const byName = new Map(images(document).map((image) => [image.name, image]));
    return publishedAnnotations(document).flatMap((annotation) => {
      const original = byName.get(pageImageName(annotation.page, 'original'));
      return annotation.rect && original ? [{ annotation, original, rect: annotation.rect }] : [];
    });
  });
  return Promise.all(jobs.map(async ({ annotation, original, rect }) => ({ annotation, bytes: new Uint8Array(await cropPng(await original.local(), rect)) })));
}
