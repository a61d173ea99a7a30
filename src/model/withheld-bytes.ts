/**
 * Privacy is decided per bytes, once: a file that content keeps from anonymous readers (an
 * attachment that is not published, a private or unlisted imported document) must not have the
 * same bytes as a file the archive publishes, whatever paths name them, or the published path
 * gives away what the other keeps (docs/content-guide.md#private-documents). Files of different
 * sizes differ, so only files whose size a published file shares are hashed. The hashing is
 * passed in: this module does no I/O.
 */
import { ERRORS } from '../content/errors.ts';
import type { Problems } from '../content/problems.ts';
import type { Archive, WithheldFile } from './types.ts';

/** Where the archive publishes a file, for the problem's words. */
interface PublishedFile {
  what: string;
  path: string;
  absolute: string;
}

function publishedFiles(archive: Archive): PublishedFile[] {
  const files: PublishedFile[] = archive.attachments.map((attachment) => ({ what: `attachment ${attachment.id}`, path: attachment.file.path, absolute: attachment.file.absolute }));
  for (const document of archive.documents) {
    // A derived document's file is its attachment's (listed above); an unlisted one is withheld.
    if (document.original === null && document.listed) files.push({ what: `document ${document.id}`, path: document.file.path, absolute: document.file.absolute });
  }
  return files;
}

/** Reports each withheld file whose bytes a published file has, at the withheld file's key. */
export async function checkWithheldBytes(archive: Archive, hash: (absolute: string) => Promise<string>, problems: Problems): Promise<void> {
  if (archive.withheld.length === 0) return;
  const bySize = new Map<number, WithheldFile[]>();
  for (const withheld of archive.withheld) {
    let list = bySize.get(withheld.file.size);
    if (!list) bySize.set(withheld.file.size, (list = []));
    list.push(withheld);
  }
  const sizes = new Map(archive.attachments.map((attachment) => [attachment.file.absolute, attachment.file.size]));
  for (const document of archive.documents) sizes.set(document.file.absolute, document.file.size);
  const hashes = new Map<string, Promise<string>>();
  const hashOf = (absolute: string) => {
    let digest = hashes.get(absolute);
    if (!digest) hashes.set(absolute, (digest = hash(absolute)));
    return digest;
  };
  const reported = new Set<WithheldFile>();
  for (const published of publishedFiles(archive)) {
    const candidates = bySize.get(sizes.get(published.absolute)!);
    if (!candidates) continue;
    for (const withheld of candidates) {
      if (reported.has(withheld)) continue;
      if ((await hashOf(withheld.file.absolute)) !== (await hashOf(published.absolute))) continue;
      reported.add(withheld);
      problems.report(withheld.source, withheld.path, ERRORS.SameBytesPublished, { what: withheld.what, file: withheld.file.path, published: published.what, publishedFile: published.path });
    }
  }
}
