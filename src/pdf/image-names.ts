/**
 * The file names of a document's page images (froide, docs/froide.md#media-files-and-page-images). The PDF stage names the files
 * it makes; the route table puts them into a document's media directory (src/api/routes.ts
 * mediaPaths.pageImage), so the name is spelled here once. Web-standard and without imports: the
 * Edge Functions load it through the route table.
 */

/** `page-p3-small.png`; `page` and `size` may be the `{page}`/`{size}` template placeholders. */
export function pageImageName(page: number | string, size: string): string {
  return `page-p${page}-${size}.png`;
}

/** The page number in a page image's name (`page-p3-small.png` -> 3), or null for other names. */
export function pageOfImage(name: string): number | null {
  const match = /^page-p(\d+)-/.exec(name);
  return match ? Number(match[1]) : null;
}

/** froide's WebP sibling: `<file>.png.webp` (docs/froide.md#media-files-and-page-images). */
export function webpName(pngName: string): string {
  return `${pngName}.webp`;
}
