/**
 * The media index's files (src/media/media-index.ts) in the output plan. With the output-reuse
 * record, each file is linked from the previous build/ while its entries stay (linkedOrMade,
 * src/previous/output-record.ts): its key is a SHA-256 of its media paths with the fields the file shows,
 * in the order the build lists its media (a fixed order, so the same entries give the same key
 * and the same key the same bytes). A new attachment file writes the one file of its folder.
 */
import { sha256Hash } from '../lib/sha256.ts';
import { mediaIndexBody, mediaIndexBuckets, type MediaEntry } from '../media/media-index.ts';
import type { PlannedFile } from '../lib/planned-file.ts';
import { linkedOrMade, type OutputReuse } from '../previous/output-record.ts';

export function* planMediaIndexFiles(media: readonly (MediaEntry & { path: string })[], kept?: { reuse: OutputReuse; splitBytes: number }): Generator<PlannedFile> {
  for (const [path, entries] of mediaIndexBuckets(media.map((file) => [file.path, file] as const))) {
    const body = () => mediaIndexBody(entries);
    if (!kept) {
      yield { path, body: body() };
      continue;
    }
    // The path in JSON, then fixed-form fields: no two lists of entries write the same text.
    const key = sha256Hash()
      .update(entries.map(([file, entry]) => `${JSON.stringify(file)}${entry.sha256}:${entry.size}:${entry.public === true ? 1 : 0}\n`).join(''))
      .digest('hex');
    yield* linkedOrMade(kept.reuse, kept.splitBytes, `media-index/${path}`, key, () => [{ path, body: body() }]);
  }
}
