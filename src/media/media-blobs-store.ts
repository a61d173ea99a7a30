/**
 * The media store as a site-wide Netlify Blobs store: it persists across
 * deploys, so a deploy uploads only the objects it lacks. Keys: `sha256/<hex>` for objects,
 * `refs/<build id>.json` for build records, `derivatives/<key>` for derivative entries
 * (docs/pdf.md, Cache; `set` replaces a key atomically).
 *
 * Access (docs/deploy.md): the media Edge Function passes no `access` and @netlify/blobs reads
 * the context Netlify gives every Edge Function; the build and `prune` pass a site id and a
 * token (src/media/select.ts). Web-standard apart from @netlify/blobs itself, which runs on
 * Deno too.
 *
 * Netlify Blobs reads whole objects: a range is cut from the stream here (sliceStream), so a
 * `Range` request still transfers the object up to its end from the store to the edge.
 */
import { getStore, type Store } from '@netlify/blobs';
import { assertBuildId, assertMediaEntryKey, assertHash, MediaHashMismatch, parseBuildRecord, sliceStream, type MediaStore } from './media-store.ts';
import { webSha256Of } from '../lib/secret-digest.ts';

export interface BlobsAccess {
  siteID: string;
  token: string;
  /** The Netlify API (builds, scripts): https://api.netlify.com unless given. */
  apiURL?: string;
  /** Netlify's edge endpoint for Blobs (functions at run time, tests against BlobsServer). */
  edgeURL?: string;
}

const OBJECTS = 'sha256/';
const RECORDS = 'refs/';
const ENTRIES = 'derivatives/';

export function blobsMediaStore(name: string, access?: BlobsAccess): MediaStore {
  let store: Store | undefined;
  // Created on first use: at run time Netlify's context exists only while a request is served.
  const blobs = () => (store ??= access ? getStore({ name, ...access }) : getStore(name));

  // No `prefix` parameter: BlobsServer 10.7.9 reads a query on its API route as part of the
  // store name (and lists nothing); filtering here costs the few record keys.
  async function* keys(prefix: string): AsyncIterable<string> {
    for await (const page of blobs().list({ paginate: true })) {
      for (const blob of page.blobs) if (blob.key.startsWith(prefix)) yield blob.key.slice(prefix.length);
    }
  }

  return {
    description: `Netlify Blobs store ${name}`,

    list: () => keys(OBJECTS),

    async get(hash, range) {
      assertHash(hash);
      const stream = (await blobs().get(OBJECTS + hash, { type: 'stream' })) as ReadableStream<Uint8Array> | null;
      if (!stream) return null;
      return range ? sliceStream(stream, range) : stream;
    },

    async put(hash, body) {
      assertHash(hash);
      // In memory, hashed, then sent: the client can retry a failed request with the same
      // bytes, and no object is ever stored under a hash its bytes do not have.
      const bytes = new Uint8Array(await new Response(body as BodyInit).arrayBuffer());
      const digest = await webSha256Of(bytes);
      if (digest !== hash) throw new MediaHashMismatch(hash, digest);
      await blobs().set(OBJECTS + hash, bytes.buffer);
    },

    async delete(hash) {
      assertHash(hash);
      await blobs().delete(OBJECTS + hash);
    },

    async *listRecords() {
      for await (const key of keys(RECORDS)) if (key.endsWith('.json')) yield key.slice(0, -'.json'.length);
    },

    async readRecord(build) {
      assertBuildId(build);
      return parseBuildRecord(await blobs().get(`${RECORDS}${build}.json`, { type: 'json' }));
    },

    async writeRecord(record) {
      assertBuildId(record.build);
      await blobs().setJSON(`${RECORDS}${record.build}.json`, record);
    },

    async deleteRecord(build) {
      assertBuildId(build);
      await blobs().delete(`${RECORDS}${build}.json`);
    },

    listEntries: () => keys(ENTRIES),

    async getEntry(key) {
      assertMediaEntryKey(key);
      return blobs().get(ENTRIES + key, { type: 'text' });
    },

    async setEntry(key, text) {
      assertMediaEntryKey(key);
      await blobs().set(ENTRIES + key, text);
    },

    async deleteEntry(key) {
      assertMediaEntryKey(key);
      await blobs().delete(ENTRIES + key);
    },
  };
}
