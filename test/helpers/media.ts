/**
 * The two media stores for tests, on real components: a folder in a temp dir, and a Netlify
 * Blobs store served by @netlify/blobs' own local server (BlobsServer, the one Netlify's dev
 * tooling runs) on 127.0.0.1, with a token, whose requests are recorded.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BlobsServer } from '@netlify/blobs/server';
import { afterAll, beforeAll } from 'vitest';
import { blobsMediaStore, type BlobsAccess } from '../../src/media/media-blobs-store.ts';
import { folderMediaStore } from '../../src/media/media-folder-store.ts';
import type { MediaStore } from '../../src/media/media-store.ts';

export interface TestBlobs {
  /** Site id and token, with `apiURL` (as a build uses) and `edgeURL` (as an Edge Function does). */
  access: { siteID: string; token: string; apiURL: string; edgeURL: string };
  /** Every request the server saw: `<operation> <path>`. */
  requests: string[];
  store(name?: string, via?: 'api' | 'edge'): MediaStore;
  /** NETLIFY_BLOBS_CONTEXT as Netlify gives it to an Edge Function. */
  edgeContext(): string;
  stop(): Promise<void>;
}

export async function startBlobsServer(): Promise<TestBlobs> {
  const directory = await mkdtemp(join(tmpdir(), 'blobs-server-'));
  const requests: string[] = [];
  const token = 'test-token-0123456789';
  const server = new BlobsServer({ directory, token, onRequest: ({ type, url }) => requests.push(`${type} ${url.split('?')[0]}`) });
  const { port } = await server.start();
  const url = `http://127.0.0.1:${port}`;
  const access = { siteID: 'test-site', token, apiURL: url, edgeURL: url };
  return {
    access,
    requests,
    store(name = 'archive-media', via = 'api') {
      const { apiURL, edgeURL, ...rest } = access;
      const chosen: BlobsAccess = via === 'api' ? { ...rest, apiURL } : { ...rest, edgeURL };
      return blobsMediaStore(name, chosen);
    },
    edgeContext: () => Buffer.from(JSON.stringify({ edgeURL: url, siteID: access.siteID, token })).toString('base64'),
    async stop() {
      await server.stop();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

export async function tempFolderStore(): Promise<{ store: MediaStore; path: string; remove(): Promise<void> }> {
  const path = await mkdtemp(join(tmpdir(), 'media-store-'));
  return { store: folderMediaStore(path), path, remove: () => rm(path, { recursive: true, force: true }) };
}

export async function readAll(stream: ReadableStream<Uint8Array> | null): Promise<Uint8Array | null> {
  return stream === null ? null : new Uint8Array(await new Response(stream).arrayBuffer());
}

export async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}

/**
 * Registers a BlobsServer and temp folders for the file's tests (beforeAll/afterAll) and
 * returns one factory per kind of store, for contract suites: each call makes a fresh, empty
 * store (a new folder, or a new store name on the one server).
 */
export function useMediaStores(): { stores: [string, () => Promise<MediaStore>][]; blobs(): TestBlobs } {
  let server: TestBlobs | undefined;
  const folders: (() => Promise<void>)[] = [];
  let names = 0;
  beforeAll(async () => {
    server = await startBlobsServer();
  });
  afterAll(async () => {
    await server?.stop();
    await Promise.all(folders.map((remove) => remove()));
  });
  const blobs = () => {
    if (!server) throw new Error('useMediaStores: the server starts in beforeAll');
    return server;
  };
  return {
    blobs,
    stores: [
      [
        'folder',
        async () => {
          const folder = await tempFolderStore();
          folders.push(folder.remove);
          return folder.store;
        },
      ],
      ['Netlify Blobs (API access)', async () => blobs().store(`store-${++names}`, 'api')],
      ['Netlify Blobs (edge access)', async () => blobs().store(`store-${++names}`, 'edge')],
    ],
  };
}
