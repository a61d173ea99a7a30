/**
 * Hand-written PDFs for the failure classes pdfkit cannot produce (no Info dictionary, zero
 * pages, outline loops, huge outlines, pathological content streams). `rawPdf` computes a
 * correct xref table, so each file is broken only in the way its name says.
 */
import { deflateSync } from 'node:zlib';

/** `objects[i]` becomes object number i + 1. Each entry is the text between `obj` and `endobj`. */
export function rawPdf(objects: (string | Buffer)[], trailer: { root: number; info?: number }): Uint8Array {
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n%\xE2\xE3\xCF\xD3\n', 'latin1')];
  let offset = parts[0]!.length;
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(offset);
    const chunk = Buffer.concat([
      Buffer.from(`${i + 1} 0 obj\n`, 'latin1'),
      typeof body === 'string' ? Buffer.from(body, 'latin1') : body,
      Buffer.from('\nendobj\n', 'latin1'),
    ]);
    parts.push(chunk);
    offset += chunk.length;
  });
  const xref =
    `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n` +
    offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('') +
    `trailer\n<< /Size ${objects.length + 1} /Root ${trailer.root} 0 R` +
    (trailer.info ? ` /Info ${trailer.info} 0 R` : '') +
    ` >>\nstartxref\n${offset}\n%%EOF\n`;
  parts.push(Buffer.from(xref, 'latin1'));
  return new Uint8Array(Buffer.concat(parts));
}

function stream(content: Buffer, compress = true): Buffer {
  const data = compress ? deflateSync(content) : content;
  return Buffer.concat([
    Buffer.from(`<< /Length ${data.length}${compress ? ' /Filter /FlateDecode' : ''} >>\nstream\n`, 'latin1'),
    data,
    Buffer.from('\nendstream', 'latin1'),
  ]);
}

const FONT = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>';

/** Pages with one line of text each; objects: 1 catalog, 2 pages, 3 font, then page + content pairs. */
function textPages(texts: string[], catalogExtra = ''): (string | Buffer)[] {
  const kids = texts.map((_, i) => `${4 + 2 * i} 0 R`).join(' ');
  const objects: (string | Buffer)[] = [
    `<< /Type /Catalog /Pages 2 0 R ${catalogExtra} >>`,
    `<< /Type /Pages /Kids [${kids}] /Count ${texts.length} >>`,
    FONT,
  ];
  texts.forEach((text, i) => {
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 3 0 R >> >> /Contents ${5 + 2 * i} 0 R >>`,
    );
    objects.push(stream(Buffer.from(`BT /F1 12 Tf 72 760 Td (${text}) Tj ET`, 'latin1')));
  });
  return objects;
}

/** A valid two-page PDF without an Info dictionary. */
export function pdfWithoutInfo(): Uint8Array {
  return rawPdf(textPages(['First page', 'Second page']), { root: 1 });
}

/** A structurally valid PDF whose page tree is empty. */
export function zeroPagePdf(): Uint8Array {
  return rawPdf(['<< /Type /Catalog /Pages 2 0 R >>', '<< /Type /Pages /Kids [] /Count 0 >>'], { root: 1 });
}

/**
 * Two pages and an outline whose second item points back to the first (/Next loop) and whose
 * first item lists itself as its own child (/First loop).
 */
export function outlineLoopPdf(): Uint8Array {
  const objects = textPages(['One', 'Two'], '/Outlines 8 0 R');
  // 4, 6 = pages; 8 = outline root, 9 = item A (page 1), 10 = item B (page 2)
  objects.push('<< /Type /Outlines /First 9 0 R /Last 10 0 R /Count 2 >>');
  objects.push('<< /Title (A) /Parent 8 0 R /Dest [4 0 R /Fit] /Next 10 0 R /First 9 0 R /Last 9 0 R /Count 1 >>');
  objects.push('<< /Title (B) /Parent 8 0 R /Dest [6 0 R /Fit] /Prev 9 0 R /Next 9 0 R >>');
  return rawPdf(objects, { root: 1 });
}

/** Two pages and a flat outline of `count` items alternating between page 1 and 2. */
export function hugeOutlinePdf(count: number): Uint8Array {
  const objects = textPages(['One', 'Two'], '/Outlines 8 0 R');
  const first = 9;
  objects.push(`<< /Type /Outlines /First ${first} 0 R /Last ${first + count - 1} 0 R /Count ${count} >>`);
  for (let i = 0; i < count; i++) {
    const n = first + i;
    const page = i % 2 === 0 ? 4 : 6;
    const links = (i > 0 ? ` /Prev ${n - 1} 0 R` : '') + (i < count - 1 ? ` /Next ${n + 1} 0 R` : '');
    objects.push(`<< /Title (Item ${i + 1}) /Parent 8 0 R /Dest [${page} 0 R /XYZ 0 800 0]${links} >>`);
  }
  return rawPdf(objects, { root: 1 });
}

/**
 * One page whose content stream is a single path with `segments` line segments, stroked and
 * filled many times over: cheap to store (it compresses to almost nothing), very slow to render.
 */
export function slowRenderPdf(segments = 2_000, repeats = 250): Uint8Array {
  const path: string[] = ['0 0 m'];
  for (let i = 0; i < segments; i++) path.push(`${(i * 7919) % 595} ${(i * 104729) % 842} l`);
  const once = `${path.join('\n')}\nh B\n`;
  const content = Buffer.from(`0.1 w\n${once.repeat(repeats)}`, 'latin1');
  const objects: (string | Buffer)[] = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R >>',
    stream(content),
  ];
  return rawPdf(objects, { root: 1 });
}

/** Replaces the xref table and startxref with garbage, leaving every object intact. */
export function breakXref(pdf: Uint8Array): Uint8Array {
  const text = Buffer.from(pdf).toString('latin1');
  const at = text.lastIndexOf('xref\n');
  if (at < 0) throw new Error('breakXref: no xref table found');
  const broken = text.slice(0, at) + 'xref\n0 9999\ngarbage garbage\ntrailer\n<< /Size 3 >>\nstartxref\n999999\n%%EOF\n';
  return new Uint8Array(Buffer.from(broken, 'latin1'));
}

/** The first `fraction` of the bytes, as a download or mail gateway cut it off. */
export function truncate(pdf: Uint8Array, fraction: number): Uint8Array {
  return pdf.slice(0, Math.floor(pdf.length * fraction));
}

/** Deterministic pseudo-random bytes (not a PDF at all). */
export function randomBytes(length: number, seed = 1): Uint8Array {
  const out = new Uint8Array(length);
  let x = seed;
  for (let i = 0; i < length; i++) {
    x = (x * 1103515245 + 12345) >>> 0;
    out[i] = x >>> 24;
  }
  return out;
}
