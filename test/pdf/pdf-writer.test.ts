import { describe, expect, it } from 'vitest';
import { fillerPages, writePdf } from '../../tools/pdf-writer.ts';

describe('writePdf', () => {
  const spec = {
    title: 'Bescheid',
    author: 'Bundesamt',
    pages: fillerPages(3),
    outline: [{ title: 'Teil 1', page: 1, children: [{ title: 'Anlage', page: 3 }] }],
  };

  it('writes the same bytes for the same spec', async () => {
    const [a, b] = await Promise.all([writePdf(spec), writePdf(spec)]);
    expect(Buffer.compare(Buffer.from(a), Buffer.from(b))).toBe(0);
  });

  it('writes the same bytes for the same encrypted spec', async () => {
    const encrypted = { ...spec, encryption: { userPassword: 'u', ownerPassword: 'o' } };
    const [a, b] = await Promise.all([writePdf(encrypted), writePdf(encrypted)]);
    expect(Buffer.compare(Buffer.from(a), Buffer.from(b))).toBe(0);
    expect(Buffer.from(a).toString('latin1')).toContain('/Encrypt');
  });

  it('writes different bytes when the date differs', async () => {
    const a = await writePdf(spec);
    const b = await writePdf({ ...spec, date: new Date('2021-05-05T00:00:00Z') });
    expect(Buffer.compare(Buffer.from(a), Buffer.from(b))).not.toBe(0);
  });

  it('starts with a PDF header and ends with %%EOF', async () => {
    const text = Buffer.from(await writePdf(spec)).toString('latin1');
    expect(text.startsWith('%PDF-1.3')).toBe(true);
    expect(text.trimEnd().endsWith('%%EOF')).toBe(true);
  });

  it('rejects zero pages and outline items pointing past the last page', async () => {
    await expect(writePdf({ pages: [] })).rejects.toThrow(/at least one page/);
    await expect(writePdf({ pages: fillerPages(1), outline: [{ title: 'x', page: 2 }] })).rejects.toThrow(/page 2, the PDF has 1/);
  });
});
