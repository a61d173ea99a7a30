/**
 * Media files by path: the raw paths relative to the media root that key a file in the media
 * index and scope its token, and the absolute media URL made from one.
 */
import { pageImageName } from '../pdf/image-names.ts';
import { encodeQuery, encodeSegment, type Query } from '../formats/query-encoding.ts';

/**
 * Raw (not percent-encoded) paths relative to the media root: the key of the file in the
 * media index (buildPaths.mediaIndex) and the scope a token signs. Only UrlBuilder.media
 * encodes them. The first segment decides the access rule of the media gate: `docs/` is
 * public, `docs-private/` needs a token, `foi/` needs one unless the media index marks the
 * file public (docs/architecture.md).
 */
export const mediaPaths = {
  attachment(messageId: number, name: string): string {
    return `foi/${messageId}/${name}`;
  },
  /** froide's sharded document directory: `docs/ab/cd/ef/<uid hex>`. */
  documentDir(uid: string, isPublic: boolean): string {
    const hex = uid.replace(/-/g, '').toLowerCase();
    const area = isPublic ? 'docs' : 'docs-private';
    return `${area}/${hex.slice(0, 2)}/${hex.slice(2, 4)}/${hex.slice(4, 6)}/${hex}`;
  },
  pageImage(documentDir: string, page: number | string, size: string): string {
    return `${documentDir}/${pageImageName(page, size)}`;
  },
  /** froide's name for the cropped area of an annotation: next to the page's original image. */
  annotationImage(documentDir: string, page: number, annotationId: number): string {
    return `${documentDir}/page-p${page}-original-annotation-${annotationId}.png`;
  },
};

/**
 * Absolute media URL for a raw path relative to the media root (`mediaUrl` ends with a slash).
 * Each segment is percent-encoded, except the `{page}`/`{size}` template braces (docs/api.md#document-fields).
 */
export function mediaUrl(mediaRoot: string, relativePath: string, query: Query = {}): string {
  const encoded = relativePath
    .split('/')
    .map((segment) => encodeSegment(segment).replace(/%7B/g, '{').replace(/%7D/g, '}'))
    .join('/');
  return `${mediaRoot}${encoded}${encodeQuery(query)}`;
}
