/**
 * Real-world PDFs from Debian documentation packages. Not committed: fetch them with
 * `sh test/fixtures/pdf/fetch-real-world.sh`. Skipped (with a message) when absent.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { derivePdf } from '../../src/pdf/derive.ts';

const dir = join(import.meta.dirname, '../fixtures/pdf/real-world');
const gnuplot = join(dir, 'gnuplot.pdf');
const asymptote = join(dir, 'asymptote.pdf');
const present = existsSync(gnuplot) && existsSync(asymptote);
if (!present) console.warn(`real-world PDF tests skipped: run sh test/fixtures/pdf/fetch-real-world.sh to fetch them into ${dir}`);

async function facts(file: string) {
  const out = await derivePdf({ bytes: await readFile(file), sha256: 'x', images: false, write: () => {} });
  if (!out.ok) throw new Error(out.message);
  return out.facts;
}

describe.skipIf(!present)('real-world PDFs (Debian docs)', () => {
  it('gnuplot manual: 311 pages, 648 bookmarks (as mutool reports), Info properties', async () => {
    const f = await facts(gnuplot);
    expect(f.numPages).toBe(311);
    expect(f.outline.split('\n').filter(Boolean)).toHaveLength(648);
    expect(f.properties).toEqual({
      title: 'gnuplot documentation',
      author: 'gnuplot',
      creator: 'LaTeX with hyperref',
      subject: 'see www.gnuplot.info',
      producer: 'pdfTeX-1.40.24',
    });
    expect(f.pages[0]!.text).toMatch(/gnuplot/i);
  });

  it('asymptote manual: 196 pages, 100 bookmarks, nested', async () => {
    const f = await facts(asymptote);
    expect(f.numPages).toBe(196);
    const lines = f.outline.split('\n').filter(Boolean);
    expect(lines).toHaveLength(100);
    // Same titles, nesting and pages as `mutool show asymptote.pdf outline`.
    expect(lines.slice(0, 4)).toEqual([
      '- [1 Description](#page-6)',
      '- [2 Installation](#page-8)',
      '  - [UNIX binary distributions](#page-8)',
      '  - [MacOS X binary distributions](#page-8)',
    ]);
    for (const line of lines) expect(line).toMatch(/^( {2})*- \[.*\]\(#page-\d+\)$/);
  });
});
