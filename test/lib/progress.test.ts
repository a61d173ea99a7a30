import { describe, expect, it } from 'vitest';
import { createProgress, formatDuration, formatLine } from '../../src/lib/progress.ts';

function recorder(isTTY: boolean) {
  const chunks: string[] = [];
  return { stream: { isTTY, write: (c: string) => chunks.push(c) }, chunks };
}

describe('progress', () => {
  it('writes plain lines at most once per interval when not on a terminal', () => {
    let now = 0;
    const { stream, chunks } = recorder(false);
    const progress = createProgress(stream, { intervalMs: 10_000, now: () => now });
    progress.start({ pdfsDone: 0, pdfsTotal: 3, pagesDone: 0, pagesTotal: 30 });
    now = 5_000;
    progress.update({ pdfsDone: 0, pdfsTotal: 3, pagesDone: 10, pagesTotal: 30 });
    now = 10_000;
    progress.update({ pdfsDone: 1, pdfsTotal: 3, pagesDone: 20, pagesTotal: 30 });
    now = 15_000;
    progress.stop({ pdfsDone: 3, pdfsTotal: 3, pagesDone: 30, pagesTotal: 30 });
    expect(chunks).toEqual([
      'pdf: 3 PDFs to process\n',
      'pdf: 20/30 pages, 2.0 pages/s, 1/3 PDFs, ETA 5s\n',
      'pdf: 30/30 pages, 2.0 pages/s, 3/3 PDFs, ETA 0s, done in 15s\n',
    ]);
  });

  it('draws a bar on a terminal', () => {
    const { stream, chunks } = recorder(true);
    const progress = createProgress(Object.assign(stream, { cursorTo: () => true, clearLine: () => true, moveCursor: () => true }));
    progress.start({ pdfsDone: 0, pdfsTotal: 1, pagesDone: 0, pagesTotal: 4 });
    progress.update({ pdfsDone: 0, pdfsTotal: 1, pagesDone: 2, pagesTotal: 4 });
    progress.stop({ pdfsDone: 1, pdfsTotal: 1, pagesDone: 4, pagesTotal: 4 });
    const output = chunks.join('');
    expect(output).toMatch(/pdf \[.*\] 4\/4 pages \| [\d.]+ pages\/s \| 1\/1 PDFs \| ETA/);
  });

  it('formats durations and unknown ETAs', () => {
    expect(formatDuration(75)).toBe('1m15s');
    expect(formatDuration(null)).toBe('?');
    expect(formatLine({ pdfsDone: 0, pdfsTotal: 1, pagesDone: 0, pagesTotal: 5 }, 1000)).toBe('pdf: 0/5 pages, 0.0 pages/s, 0/1 PDFs, ETA ?');
  });
});
