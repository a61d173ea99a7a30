/**
 * The PDF progress total of a first build (nothing cached): it only grows, from one page per
 * PDF not opened yet to the real counts, and ends at the pages there are. PDFs whose bytes
 * per page differ a lot (small pages first, then a large one) made the old extrapolation by
 * bytes overshoot and fall.
 */
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { folderDerivativeStore, processPdfs } from '../../src/pdf/index.ts';
import { fillerPages, writePdf } from '../../tools/pdf-writer.ts';
import { makeTempDir } from './helpers/temp.ts';

let dir: string;
beforeEach(async () => {
  dir = await makeTempDir();
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

it('reports a page total that only grows and ends at the pages there are', async () => {
  const specs: [name: string, pages: number, paragraphs: number][] = [
    ['thin-a.pdf', 4, 1],
    ['thin-b.pdf', 5, 1],
    ['dense.pdf', 1, 40],
  ];
  const jobs = [];
  for (const [name, pages, paragraphs] of specs) {
    const file = join(dir, name);
    await writeFile(file, await writePdf({ title: name, pages: fillerPages(pages, paragraphs) }));
    jobs.push({ id: name, file, images: false });
  }
  const totals: number[] = [];
  let pagesDone = 0;
  const seen = (state: { pagesTotal: number; pagesDone: number }) => {
    totals.push(state.pagesTotal);
    pagesDone = state.pagesDone;
  };
  await processPdfs(jobs, { store: folderDerivativeStore(join(dir, 'cache')), concurrency: 1, progress: { start: seen, update: seen, stop: seen } });
  expect(totals.length).toBeGreaterThan(2);
  expect(totals.every((total, at) => at === 0 || total >= totals[at - 1]!)).toBe(true);
  expect(totals[0]).toBe(3);
  // Every page of the three PDFs (the dense one's text may run onto a second page).
  expect(pagesDone).toBeGreaterThanOrEqual(10);
  expect(totals.at(-1)).toBe(pagesDone);
}, 60_000);
