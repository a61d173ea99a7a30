/**
 * Builds under a PDF budget: a document whose first pass is not done is
 * published as froide publishes one during processing (django-filingcabinet: pending, the
 * file and its size, templates for page images that do not exist yet, no pages; left out of
 * lists and collections); `_format_webp` appears with the WebP files and not before.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writePdf } from '../tools/pdf-writer.ts';
import { readMediaEntry } from '../src/media/media-index.ts';
import { fsBuildStore } from '../src/serve/shared/fs-build-store.ts';
import { buildTree, serveTree } from './helpers/build.ts';
import { minimalArchive, responseMessage } from './helpers/content.ts';

async function archiveWithDocuments() {
  const [bericht, bescheid] = await Promise.all([
    writePdf({ title: 'Bericht aus dem PDF', pages: [{ text: 'Eins.' }, { text: 'Zwei.' }, { text: 'Drei.' }] }),
    writePdf({ title: 'Bescheid', pages: [{ text: 'Bescheid.' }] }),
  ]);
  return minimalArchive({
    'documents/7-bericht/document.yaml': { id: 7, file: 'bericht.pdf', published_at: '2024-03-01T10:00:00+01:00' },
    'documents/7-bericht/bericht.pdf': bericht,
    'requests/10-akten/messages/101.yaml': responseMessage([{ id: 1001, name: 'bescheid.pdf', document: { id: 500 } }]),
    'requests/10-akten/files/101/bescheid.pdf': bescheid,
    'collections/1.yaml': { id: 1, created_at: '2024-01-01T00:00:00+01:00', documents: [{ document: 7 }, { document: 500 }] },
  });
}

/** The raw media path (as the media index names it) of a media URL. */
const mediaPathOf = (url: string) => decodeURIComponent(new URL(url).pathname.replace(/^\/media\//, ''));

describe('a build whose PDF budget is spent before any PDF work', () => {
  const served = serveTree(archiveWithDocuments, { images: true, pdf: { budgetMs: 0 } });

  it('publishes each document as pending, with the facts known without the PDF work', async () => {
    const { built } = served;
    const detail = await built.detail('document', 7);
    const size = (await readFile(join(built.root, 'content/documents/7-bericht/bericht.pdf'))).length;
    expect(detail).toMatchObject({
      id: 7,
      pending: true,
      num_pages: 0,
      file_size: size,
      // No PDF title yet: the file name, as froide's title before process_document.
      title: 'bericht',
      outline: '',
      properties: {},
      pages: [],
      pages_uri: '/api/v1/page/?document=7',
    });
    // froide's serializer writes both templates whatever the state; the images follow with the first pass.
    expect(detail.cover_image).toMatch(/\/page-p1-small\.png$/);
    expect(detail.page_template).toMatch(/\/page-p\{page\}-\{size\}\.png$/);
    expect(built.result.pdf).toMatchObject({ pdfs: 2, pending: 2, derived: 0, budget: { limitMs: 0, stopped: true } });
  });

  it('keeps its PDF downloadable and its pages_uri answering, with no page images', async () => {
    const detail = await served.built.detail('document', 7);
    const pdf = await served.get(new URL(detail.file_url).pathname);
    expect(pdf.status).toBe(200);
    expect(Buffer.from(await pdf.arrayBuffer()).subarray(0, 5).toString()).toBe('%PDF-');
    const pages = await served.get(detail.pages_uri);
    expect(pages.status).toBe(200);
    expect(await pages.json()).toMatchObject({ meta: { total_count: 0 }, objects: [] });
    expect((await served.built.files()).filter((file) => file.endsWith('.png') || file.endsWith('.webp'))).toEqual([]);
  });

  it('leaves pending documents out of the document list and the collection, as froide does, and embeds them in their attachment', async () => {
    const { built } = served;
    expect((await built.page('document', 0)).meta.total_count).toBe(0);
    expect(await built.detail('documentcollection', 1)).toMatchObject({ document_count: null, documents: [] }); // froide: null for a collection without readable documents (docs/froide.md#documentcollection)
    const attachment = await built.detail('attachment', 1001);
    expect(attachment.document).toMatchObject({ id: 500, pending: true, num_pages: 0 });
  });
});

describe('the two passes in a build', () => {
  it('marks _format_webp only where the WebP files exist', async () => {
    const tree = await archiveWithDocuments();
    // A clock that counts the pages of both passes: 4 pages of budget cover the first pass of both PDFs and nothing of the second.
    let pages = 0;
    const progress = { start() {}, update: (state: { pagesDone: number }) => void (pages = state.pagesDone), stop() {} };
    const firstOnly = await buildTree(tree, { images: true, pdf: { budgetMs: 4000, clock: () => pages * 1000, progress, concurrency: 1 } });
    try {
      const detail = await firstOnly.detail('document', 7);
      expect(detail).toMatchObject({ pending: false, num_pages: 3, title: 'Bericht aus dem PDF' });
      expect(detail.properties).not.toHaveProperty('_format_webp');
      const cover = mediaPathOf(detail.cover_image);
      expect(await readMediaEntry(fsBuildStore(firstOnly.buildDir), cover)).not.toBeNull();
      expect(await readMediaEntry(fsBuildStore(firstOnly.buildDir), `${cover}.webp`)).toBeNull();
      expect(firstOnly.result.pdf).toMatchObject({ pending: 0, webpPending: 2, budget: { stopped: true } });

      const complete = await buildTree(tree, { images: true, cacheDir: join(firstOnly.root, 'cache') });
      try {
        const done = await complete.detail('document', 7);
        expect(done.properties._format_webp).toBe(true);
        expect(await readMediaEntry(fsBuildStore(complete.buildDir), `${mediaPathOf(done.cover_image)}.webp`)).not.toBeNull();
        expect(complete.result.pdf).toMatchObject({ cacheHits: 2, derived: 0, webpDerived: 2, webpPending: 0 });
      } finally {
        await complete.remove();
      }
    } finally {
      await firstOnly.remove();
    }
  });
});
