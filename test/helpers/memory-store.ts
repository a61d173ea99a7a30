/** A BuildStore over files in memory that records every range it is asked for (the pack readers' tests). */
import type { BuildStore } from '../../src/serve/shared/build-store.ts';

export function memoryStore(files: Map<string, Uint8Array>): BuildStore & { ranges: string[] } {
  const ranges: string[] = [];
  return {
    ranges,
    read: async (path) => files.get(path) ?? null,
    readRange: async (path, start, end) => {
      ranges.push(`${path} ${start}-${end}`);
      return files.get(path)?.subarray(start, end) ?? null;
    },
  };
}
