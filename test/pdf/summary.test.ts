/** What `build` and `derive` say about the PDF stage: progress lines and the summary line. */
import { describe, expect, it } from 'vitest';
import type { PdfRunStats } from '../../src/pdf/index.ts';
import { createProgress } from '../../src/lib/progress.ts';
import { formatPdfSummary } from '../../src/pdf/summary.ts';

const base: PdfRunStats = { jobs: 10, pdfs: 10, cacheHits: 4, derived: 3, webpDerived: 2, corrupt: 0, pagesDerived: 50, pending: 3, webpPending: 1, failed: 0, otherShards: 0, budget: null };

describe('PDF progress under a budget', () => {
  it('shows the budget left, the pass, and how many PDFs wait when the budget stops a pass', () => {
    let now = 0;
    const chunks: string[] = [];
    const progress = createProgress({ write: (c: string) => chunks.push(c) }, { tty: false, intervalMs: 10_000, now: () => now });
    progress.start({ pdfsDone: 0, pdfsTotal: 5, pagesDone: 0, pagesTotal: 50, budgetLeftMs: 250_000 });
    now = 10_000;
    progress.update({ pdfsDone: 1, pdfsTotal: 5, pagesDone: 10, pagesTotal: 50, budgetLeftMs: 240_000 });
    now = 20_000;
    progress.stop({ pdfsDone: 2, pdfsTotal: 5, pagesDone: 20, pagesTotal: 50, budgetLeftMs: -1_000, stopped: true });
    progress.start({ pdfsDone: 0, pdfsTotal: 2, pagesDone: 0, pagesTotal: 20, pass: 'webp', budgetLeftMs: 0 });
    expect(chunks).toEqual([
      'pdf: 5 PDFs to process, budget 4m10s left\n',
      'pdf: 10/50 pages, 1.0 pages/s, 1/5 PDFs, ETA 40s, budget 4m00s left\n',
      'pdf: 20/20 pages, 1.0 pages/s, 2/5 PDFs, ETA 0s, budget spent: 3 PDFs wait for the next build, done in 20s\n',
      'pdf webp: 2 PDFs to process, budget 0s left\n',
    ]);
  });
});

describe('PDF summary line', () => {
  it('says what is complete and pending, and that the next build continues when the budget stopped work', () => {
    expect(formatPdfSummary({ ...base, budget: { limitMs: 540_000, usedMs: 547_000, stopped: true } })).toBe(
      'pdf: 10 PDFs, 7 complete (1 of them still without WebP siblings); 3 pending (published without page images); ' +
        '3 derived, 2 given WebP siblings, 4 from the cache (50 pages); budget 9m00s spent (stage took 9m07s): the next build continues where this one stopped',
    );
  });

  it('says how much budget is left when it did not run out, and what other shards have', () => {
    expect(formatPdfSummary({ ...base, pending: 6, webpPending: 0, otherShards: 5, failed: 1, budget: { limitMs: 600_000, usedMs: 60_000, stopped: false } })).toBe(
      'pdf: 5 PDFs, 3 complete; 1 pending (published without page images); 1 unreadable; 3 derived, 2 given WebP siblings, 4 from the cache (50 pages); 5 PDFs left to other shards; budget 10m00s, 9m00s left',
    );
  });
});
