/**
 * No file of build/ with a token slot is ever an answer as it is stored (docs/serving.md, "Media
 * tokens in answers"): a real build of an archive with attachments, one with its document, is
 * scanned for slots, and every such file must be one that Netlify only reaches through code
 * that mints (the detail Edge Function, by its declared pattern; the API function, by the
 * generated rules) or a Store file under `_data/`. Each view of such a file, asked through the
 * preview (production routing), answers with tokens and without a slot.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DETAIL_API_PATH } from '../../src/serve/api/early.ts';
import { API_FUNCTION } from '../../src/output/routing.ts';
import { routePath } from '../../src/api/route-shapes.ts';
import { ENTRY_BYTES, PACK_SLOTS, parseEntries } from '../../src/formats/packs.ts';
import { isResourceName } from '../../src/formats/resource-names.ts';
import { hasSlot, SLOT_CHAR } from '../../src/formats/token-slots.ts';
import { startPreviewServer, type PreviewServer } from '../../src/serve/preview/server.ts';
import { writePdf } from '../../tools/pdf-writer.ts';
import { BUILD_CLOCK, buildTree, type BuiltTree } from '../helpers/build.ts';
import { minimalArchive, responseMessage } from '../helpers/content.ts';

let built: BuiltTree;
let preview: PreviewServer;
let slotted: string[];

beforeAll(async () => {
  const pdf = await writePdf({ title: 'Vermerk', pages: [{ text: 'Eins.' }] });
  built = await buildTree(
    minimalArchive({
      'requests/10-akten/messages/101.yaml': responseMessage([
        { id: 1000, name: 'liste.csv' },
        { id: 1001, name: 'vermerk.pdf', document: { id: 500 } },
      ]),
      'requests/10-akten/files/101/vermerk.pdf': pdf,
    }),
  );
  preview = await startPreviewServer({ buildDir: built.buildDir, media: built.media, port: 0, env: {}, now: () => BUILD_CLOCK });
  slotted = [];
  for (const file of await built.files()) if (hasSlot(await readFile(join(built.buildDir, file)))) slotted.push(file);
}, 120_000);
afterAll(async () => {
  await preview?.close();
  await built?.remove();
});

/** The static targets of the generated `_redirects`: the files Netlify's CDN serves for a path. */
async function staticTargets(): Promise<Set<string>> {
  const targets = new Set<string>();
  for (const line of (await built.text('_redirects')).split('\n')) {
    const [, , to] = /^(\S+)\s+(?:\S+=\S+\s+)?(\S+)\s+200!?$/.exec(line.trim()) ?? [];
    if (to && to !== API_FUNCTION) targets.add(to.slice(1));
  }
  return targets;
}

describe('files with token slots', () => {
  it('are the detail packs of attachments, messages and requests and the list chunks of the minted lists (a public document has no token)', () => {
    const kinds = new Set(slotted.map((file) => file.split('/').slice(0, 3).join('/')));
    expect([...kinds].sort()).toEqual(['_data/attachment/chunks', '_data/attachment/packs', '_data/message/chunks', '_data/message/packs', '_data/request/packs']);
  });

  it('are never the target of a static rule: Store files under _data/, which code reads and mints', async () => {
    const targets = await staticTargets();
    expect(targets.size).toBeGreaterThan(5);
    for (const file of slotted) {
      expect(targets.has(file), `${file} is served raw by a rule`).toBe(false);
      expect(file.startsWith('_data/'), file).toBe(true);
    }
  });

  it('answer every view of theirs with tokens and without a slot', async () => {
    const views = new Set<string>();
    for (const file of slotted) {
      const pack = /^_data\/([a-z]+)\/packs\/.*\/(\d+)\.pack$/.exec(file);
      if (pack && isResourceName(pack[1]!)) {
        // Every object of the pack whose own bytes hold a slot.
        const bytes = await readFile(join(built.buildDir, file));
        const resource = pack[1];
        parseEntries(bytes.subarray(0, PACK_SLOTS * ENTRY_BYTES)).forEach((entry, slot) => {
          if (entry.length > 0 && entry.file === 0 && hasSlot(bytes.subarray(entry.start, entry.start + entry.length))) {
            views.add(routePath({ kind: 'detail', resource }, String(Number(pack[2]) * PACK_SLOTS + slot)));
          }
        });
        expect(new RegExp(DETAIL_API_PATH).test([...views].at(-1)!), file).toBe(true);
      }
      const list = /^_data\/([a-z]+)\/chunks\//.exec(file);
      if (list && isResourceName(list[1]!)) views.add(routePath({ kind: 'list', resource: list[1] }));
    }
    expect(views.size).toBeGreaterThan(5);
    for (const view of views) {
      for (const query of ['', '?format=json', '?format=api']) {
        const response = await fetch(new URL(`${view.slice(1)}${query}`, preview.url), { headers: { accept: query === '?format=api' ? 'text/html' : 'application/json' } });
        const text = await response.text();
        expect(response.status, view + query).toBe(200);
        expect(text.includes(SLOT_CHAR), view + query).toBe(false);
        expect(text, view + query).toMatch(/token=[0-9a-z]+%3Adev%3A[\w-]{43}/);
        expect(response.headers.get('netlify-cdn-cache-control'), view + query).toBe('public, durable, max-age=30');
      }
    }
  });
});
