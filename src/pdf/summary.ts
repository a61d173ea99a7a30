/**
 * The PDF stage's line in the summary of `build` and `derive`: how many PDFs are
 * complete, how many are pending, how much of the budget was used, and that the next build
 * continues where this one stopped.
 */
import { count } from '../lib/plural.ts';
import type { PdfRunStats } from './index.ts';
import { formatDuration } from '../lib/progress.ts';

export function formatPdfSummary(stats: PdfRunStats): string {
  const mine = stats.pdfs - stats.otherShards;
  const pendingHere = stats.pending - stats.otherShards;
  const complete = mine - pendingHere - stats.failed;
  const parts = [`pdf: ${count(mine, 'PDF')}, ${complete} complete`];
  if (stats.webpPending > 0) parts[0] += ` (${stats.webpPending} of them still without WebP siblings)`;
  if (pendingHere > 0) parts.push(`${pendingHere} pending (published without page images)`);
  if (stats.failed > 0) parts.push(`${stats.failed} unreadable`);
  parts.push(`${stats.derived} derived, ${stats.webpDerived} given WebP siblings, ${stats.cacheHits} from the cache (${count(stats.pagesDerived, 'page')})`);
  if (stats.otherShards > 0) parts.push(`${count(stats.otherShards, 'PDF')} left to other shards`);
  let line = parts.join('; ');
  if (stats.budget) {
    const { limitMs, usedMs, stopped } = stats.budget;
    const limit = formatDuration(limitMs / 1000);
    line += stopped
      ? `; budget ${limit} spent (stage took ${formatDuration(usedMs / 1000)}): the next build continues where this one stopped`
      : `; budget ${limit}, ${formatDuration(Math.max(0, limitMs - usedMs) / 1000)} left`;
  }
  return line;
}
