/** Page images rendered in-process: names, sizes and formats (dimensions and signatures, not pixels). */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { derivePdf } from '../../src/pdf/derive.ts';
import { webpSiblings } from '../../src/pdf/images.ts';
import { pageImageName } from '../../src/pdf/image-names.ts';
import { imageSize, originalSize, THUMBNAIL_WIDTHS } from '../../src/pdf/sizes.ts';
import { writePdf } from '../../tools/pdf-writer.ts';
import { rawPdf } from './helpers/raw-pdf.ts';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const isWebp = (b: Uint8Array) => Buffer.from(b.subarray(0, 4)).toString() === 'RIFF' && Buffer.from(b.subarray(8, 12)).toString() === 'WEBP';

async function render(size: [number, number]) {
  const files = new Map<string, Uint8Array>();
  const bytes = await writePdf({ pages: [{ text: 'Seite eins', size }, { text: 'Seite zwei', size }] });
  const out = await derivePdf({ bytes, sha256: 'x', images: true, write: (file, data) => void files.set(file.name, data) });
  if (!out.ok) throw new Error(out.message);
  // The second pass, as the pool runs it: WebP siblings from the first pass's PNGs.
  for (const webp of await webpSiblings([...files].map(([name, bytes]) => ({ name, bytes })))) files.set(webp.name, webp.bytes);
  return { out, files };
}

describe('page images', () => {
  it('writes a PNG for four sizes of every page in the first pass, and a WebP sibling of each in the second, named as froide does', async () => {
    const { out, files } = await render([595.28, 841.89]);
    const pngs = [1, 2].flatMap((p) => ['original', 'large', 'normal', 'small'].map((s) => `page-p${p}-${s}.png`));
    expect(out.files.map((f) => f.name).sort()).toEqual([...pngs].sort());
    for (const f of out.files) expect(f.size).toBe(files.get(f.name)!.length);
    expect([...files.keys()].sort()).toEqual([...pngs, ...pngs.map((name) => `${name}.webp`)].sort());
  });

  it('gives each file the right signature and pixel size (A4 portrait)', async () => {
    const { out, files } = await render([595.28, 841.89]);
    expect(out.facts.pages[0]).toMatchObject({ width: 1240, height: 1754 });
    const expectedSizes = { original: [1240, 1754], large: [1000, 1415], normal: [700, 990], small: [180, 255] } as const;
    for (const [size, [w, h]] of Object.entries(expectedSizes)) {
      const png = files.get(`page-p1-${size}.png`)!;
      const webp = files.get(`page-p1-${size}.png.webp`)!;
      expect(Buffer.from(png.subarray(0, 8)).equals(PNG)).toBe(true);
      expect(isWebp(webp)).toBe(true);
      const [pm, wm] = await Promise.all([sharp(png).metadata(), sharp(webp).metadata()]);
      expect([pm.format, pm.width, pm.height]).toEqual(['png', w, h]);
      expect([wm.format, wm.width, wm.height]).toEqual(['webp', w, h]);
    }
  });

  it('renders small pages at least as wide as `large` and derives landscape sizes by width', async () => {
    const { files } = await render([300, 200]);
    const original = await sharp(files.get('page-p2-original.png')).metadata();
    expect([original.width, original.height]).toEqual([1000, 667]);
    const small = await sharp(files.get('page-p2-small.png')).metadata();
    expect([small.width, small.height]).toEqual([180, 120]);
  });

  it('keeps colour channels in RGB order (no BGRA mix-up between canvas and sharp)', async () => {
    const content = '1 0 0 rg 0 0 595 842 re f';
    const pdf = rawPdf(
      [
        '<< /Type /Catalog /Pages 2 0 R >>',
        '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
        '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R >>',
        `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
      ],
      { root: 1 },
    );
    const files = new Map<string, Uint8Array>();
    await derivePdf({ bytes: pdf, sha256: 'x', images: true, write: (file, data) => void files.set(file.name, data) });
    const { data, info } = await sharp(files.get('page-p1-original.png')).raw().toBuffer({ resolveWithObject: true });
    expect(info.channels).toBe(3);
    expect([...data.subarray(0, 3)]).toEqual([255, 0, 0]);
  });
});

describe('sizes', () => {
  it('renders the original at 150 dpi, at least 1000 px wide, at most 4000 px long', () => {
    expect(originalSize(595.28, 841.89)).toEqual({ width: 1240, height: 1754 });
    expect(originalSize(72, 72)).toEqual({ width: 1000, height: 1000 });
    expect(originalSize(2384, 3370)).toEqual({ width: 2830, height: 4000 }); // A0
  });

  it('scales thumbnails by width and never up', () => {
    expect(imageSize('small', { width: 1240, height: 1754 })).toEqual({ width: THUMBNAIL_WIDTHS.small, height: 255 });
    expect(imageSize('large', { width: 800, height: 800 })).toEqual({ width: 800, height: 800 });
  });

  it('names images from the route table', () => {
    expect(pageImageName(3, 'small')).toBe('page-p3-small.png');
  });
});
