/**
 * Every media file a build publishes, with the sha256 and size that key it in the media store:
 * attachment files, document PDFs, page images and annotation crops, by raw
 * media path (media-paths.ts mediaPaths). The PDF stage already hashed every document PDF and every
 * page image (cache entries); attachment files that are no document's PDF are hashed here,
 * streamed, a few at a time.
 */
import { sha256Of } from '../lib/sha256.ts';
import { attachmentMediaPath, isPublicAttachment } from '../api/resources/attachment/serializer.ts';
import { documentMediaDir } from '../api/resources/document/serializer.ts';
import { annotationMediaPath } from '../api/resources/pageannotation/serializer.ts';
import type { AnnotationCrop } from '../documents/annotations.ts';
import type { DocumentFacts } from '../documents/document-facts.ts';
import { mapLimit } from '../lib/concurrency.ts';
import { fileDigests, type FileDigests } from '../lib/file-digests.ts';
import type { Archive, Document } from '../model/types.ts';
import type { PdfImage } from '../pdf/index.ts';
import type { MediaEntry } from './media-index.ts';

/**
 * A media file: its index entry, its path and where its bytes are: a file, bytes in memory, or
 * (page images) a file fetched on demand. The upload reads a source only for objects the media
 * store lacks; page images derived into the store are never read again to be published.
 */
export interface MediaFile extends MediaEntry {
  path: string;
  source: { file: string } | { bytes: Uint8Array } | { local(): Promise<string> };
}

export interface MediaInput {
  archive: Archive;
  facts(document: Document): DocumentFacts;
  images(document: Document): readonly PdfImage[];
  /** Cropped annotation areas (src/documents/annotations.ts): bytes made by the build. */
  crops: readonly AnnotationCrop[];
  /** Digests kept between builds (lib/file-digests.ts); by default every attachment file is read. */
  digests?: FileDigests;
}

const HASH_CONCURRENCY = 8;

export async function collectMedia(input: MediaInput): Promise<MediaFile[]> {
  const { archive } = input;
  const digests = input.digests ?? fileDigests();
  const known = new Map<string, { sha256: string; size: number }>();
  const documents: MediaFile[] = [];
  for (const document of archive.documents) {
    const { sha256, fileSize } = input.facts(document);
    known.set(document.file.absolute, { sha256, size: fileSize });
    const dir = documentMediaDir(document);
    documents.push({ path: `${dir}/${document.fileName}`, sha256, size: fileSize, source: { file: document.file.absolute } });
    for (const image of input.images(document)) {
      documents.push({ path: `${dir}/${image.name}`, sha256: image.sha256, size: image.size, source: { local: image.local } });
    }
  }
  const attachments = await mapLimit(archive.attachments, HASH_CONCURRENCY, async (attachment): Promise<MediaFile> => {
    const file = attachment.file.absolute;
    const { sha256, size } = known.get(file) ?? (await digests.digest(file));
    return { path: attachmentMediaPath(attachment), sha256, size, ...(isPublicAttachment(attachment) ? { public: true as const } : {}), source: { file } };
  });
  const crops = input.crops.map(({ annotation, bytes }): MediaFile => ({ path: annotationMediaPath(annotation), sha256: sha256Of(bytes), size: bytes.byteLength, source: { bytes } }));
  return [...attachments, ...documents, ...crops];
}
