/**
 * Keeps every file of build/ below the deploy target's size limit (Netlify warns
 * that files over 10 MB "will likely fail to upload"). Data the serving layer reads whole and
 * that grows with the archive (the values a `q` filter scans, range and point indexes, shapes,
 * autocomplete entries) is cut into parts at byte boundaries: the file itself then holds only
 * a head, `{"$parts":<n>}`, and its bytes follow in `<path>.1` … `<path>.<n>` beside it. The
 * BuildStore reassembles them (src/serve/shared/build-store.ts readWithParts), so no reader knows about parts.
 *
 * Only `_data/` files are cut: they are read by code. A public file (a list page, a detail)
 * over the limit is left whole and the deploy-limit check names it.
 */
import type { PlannedFile } from '../lib/planned-file.ts';
import { partPath, partsHead } from '../formats/parts.ts';
import { buildPaths } from '../api/build-paths.ts';

const encoder = new TextEncoder();

export function* splitLargeData(files: Iterable<PlannedFile>, maxBytes: number): Generator<PlannedFile> {
  for (const file of files) {
    // Packs and postings files keep their own files below the limit (overflow files,
    // src/formats/packs.ts; POSTINGS_FILE_BYTES): they are read by byte ranges, which a cut into
    // parts would break.
    if (!('body' in file) || !file.path.startsWith('_data/') || buildPaths.isReadByRange(file.path)) {
      yield file;
      continue;
    }
    const bytes = typeof file.body === 'string' ? encoder.encode(file.body) : file.body;
    if (bytes.byteLength <= maxBytes) {
      yield file;
      continue;
    }
    const count = Math.ceil(bytes.byteLength / maxBytes);
    yield { path: file.path, body: partsHead(count) };
    for (let part = 1; part <= count; part++) {
      yield { path: partPath(file.path, part), body: bytes.subarray((part - 1) * maxBytes, part * maxBytes) };
    }
  }
}
