/**
 * `archive derive --shard i/n`: n machines each derive the PDFs of one shard of
 * the content hashes into the same store, so that one `build` afterwards finds every PDF done.
 * A PDF's shard depends on its bytes alone: the same on every machine, whatever the content
 * paths, and the same PDF published twice is derived once.
 */

export interface DeriveShare {
  /** 1-based, as written on the command line. */
  index: number;
  count: number;
  has(sha256: string): boolean;
}

function shareOf(sha256: string, count: number): number {
  // The first 48 bits of a sha256 are uniform enough to spread PDFs evenly.
  return (parseInt(sha256.slice(0, 12), 16) % count) + 1;
}

/** Parses `i/n` (1 <= i <= n); throws a message for people otherwise. */
export function parseDeriveShare(text: string): DeriveShare {
  const match = /^(\d+)\/(\d+)$/.exec(text.trim());
  const index = match ? Number(match[1]) : NaN;
  const count = match ? Number(match[2]) : NaN;
  if (!match || count < 1 || index < 1 || index > count) {
    throw new Error(`--shard "${text}" is not i/n with 1 <= i <= n (for example 2/4: the second of four shards)`);
  }
  return { index, count, has: (sha256) => shareOf(sha256, count) === index };
}
