/**
 * The file names of a document's page images (froide, docs/froide.md#media-files-and-page-images). The PDF stage names the files
 * it makes; the media paths put them into a document's media directory (src/api/media-paths.ts
 * mediaPaths.pageImage), so the name is spelled here once. Web-standard and without imports, so
 * any module may load it, the Edge Functions too.
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
