/**
 * Which media store a command uses, and the credentials a Netlify Blobs store is opened with
 * outside Netlify's functions (docs/deploy.md), checked against a real BlobsServer.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaStoreSpec, SettingsError } from '../../src/config.ts';
import { blobsAccess, openMediaStore } from '../../src/media/select.ts';
// @ts-expect-error: the build plugin is plain JavaScript without types (Netlify loads it as is).
import { onPostBuild, onPreBuild } from '../../src/netlify/plugins/archive-cache/index.js';
// @ts-expect-error: plain JavaScript, as above.
import { CACHED_FOLDERS } from '../../src/netlify/plugins/archive-cache/folders.js';
import { readAll, startBlobsServer, type TestBlobs } from '../helpers/media.ts';

let blobs: TestBlobs;
beforeAll(async () => {
  blobs = await startBlobsServer();
});
afterAll(() => blobs.stop());

describe('mediaStoreSpec', () => {
  it.each([
    [undefined, {}, { kind: 'folder', path: '.cache/media' }],
    [undefined, { NETLIFY: 'true' }, { kind: 'netlify-blobs', name: 'archive-media' }],
    [undefined, { NETLIFY: 'true', MEDIA_STORE: '/data/media' }, { kind: 'folder', path: '/data/media' }],
    // Netlify's local builds (netlify build, netlify serve) set NETLIFY_LOCAL, not NETLIFY.
    [undefined, { NETLIFY_LOCAL: 'true', CONTEXT: 'production' }, { kind: 'netlify-blobs', name: 'archive-media' }],
    [undefined, { NETLIFY_LOCAL: 'true', MEDIA_STORE: '/data/media' }, { kind: 'folder', path: '/data/media' }],
    [undefined, { ARCHIVE_BLOBS_CONTEXT: 'e30=' }, { kind: 'netlify-blobs', name: 'archive-media' }],
    // CONTEXT alone is not Netlify's.
    [undefined, { CONTEXT: 'production' }, { kind: 'folder', path: '.cache/media' }],
    [undefined, { MEDIA_STORE: 'netlify-blobs:other' }, { kind: 'netlify-blobs', name: 'other' }],
    ['netlify-blobs:', {}, { kind: 'netlify-blobs', name: 'archive-media' }],
    ['/tmp/m', { MEDIA_STORE: 'netlify-blobs:other' }, { kind: 'folder', path: '/tmp/m' }],
  ] as const)('flag %s, environment %j -> %j', (flag, env, expected) => {
    expect(mediaStoreSpec(flag, env)).toEqual(expected);
  });
});

describe('Netlify Blobs credentials', () => {
  const bytes = new TextEncoder().encode('credentials work');
  const hash = createHash('sha256').update(bytes).digest('hex');

  it('uses NETLIFY_BLOBS_TOKEN with NETLIFY_SITE_ID (or SITE_ID) and NETLIFY_BLOBS_API_URL', async () => {
    const { siteID, token, apiURL } = blobs.access;
    for (const site of [{ NETLIFY_SITE_ID: siteID }, { SITE_ID: siteID }]) {
      const store = openMediaStore({ kind: 'netlify-blobs', name: 'select' }, { ...site, NETLIFY_BLOBS_TOKEN: token, NETLIFY_BLOBS_API_URL: apiURL });
      await store.put(hash, bytes);
      expect(await readAll(await store.get(hash))).toEqual(bytes);
    }
    expect(blobsAccess('x', { NETLIFY_SITE_ID: 's', NETLIFY_BLOBS_TOKEN: 't' })).toEqual({ siteID: 's', token: 't' });
  });

  it('prefers the token to the plugin context', () => {
    const context = Buffer.from(JSON.stringify({ siteID: 'ctx-site', token: 'ctx-token', apiURL: 'https://api.example' })).toString('base64');
    expect(blobsAccess('x', { SITE_ID: 's', NETLIFY_BLOBS_TOKEN: 't', ARCHIVE_BLOBS_CONTEXT: context })).toEqual({ siteID: 's', token: 't' });
    expect(blobsAccess('x', { SITE_ID: 's', ARCHIVE_BLOBS_CONTEXT: context })).toEqual({ siteID: 'ctx-site', token: 'ctx-token', apiURL: 'https://api.example' });
  });

  it('the build plugin hands Netlify’s context to the build command, which opens the store with it', async () => {
    const { siteID, token, apiURL } = blobs.access;
    const saved = { ...process.env };
    try {
      process.env.NETLIFY_BLOBS_CONTEXT = Buffer.from(JSON.stringify({ apiURL, deployID: 'deploy1', siteID, token })).toString('base64');
      delete process.env.ARCHIVE_BLOBS_CONTEXT;
      await onPreBuild({ inputs: { root: '.cache' }, utils: { cache: { restore: async () => false } } });
      expect(process.env.ARCHIVE_BLOBS_CONTEXT).toBe(process.env.NETLIFY_BLOBS_CONTEXT);
      const store = openMediaStore({ kind: 'netlify-blobs', name: 'select-plugin' }, { ARCHIVE_BLOBS_CONTEXT: process.env.ARCHIVE_BLOBS_CONTEXT });
      await store.put(hash, bytes);
      expect(await readAll(await store.get(hash))).toEqual(bytes);
    } finally {
      process.env = saved;
    }
  });

  it('the build plugin keeps the listed folders of .cache/ between builds, not the page images (they are in the store)', async () => {
    const calls: string[] = [];
    const cache = { restore: async (path: string) => (calls.push(`restore ${path}`), true), save: async (path: string) => (calls.push(`save ${path}`), true) };
    const saved = { ...process.env };
    try {
      await onPreBuild({ inputs: { root: '.cache' }, utils: { cache } });
      await onPostBuild({ inputs: { root: '.cache/' }, utils: { cache } });
    } finally {
      process.env = saved;
    }
    expect(CACHED_FOLDERS).toContain('archive/entries');
    expect(CACHED_FOLDERS).toContain('archive/parsed');
    expect(CACHED_FOLDERS.every((folder: string) => !/^(media|archive)$/.test(folder) && !folder.startsWith('media/') && !folder.startsWith('archive/files'))).toBe(true);
    expect(calls).toEqual([...CACHED_FOLDERS.map((folder: string) => `restore .cache/${folder}`), ...CACHED_FOLDERS.map((folder: string) => `save .cache/${folder}`)]);
  });

  it.each([
    [{ NETLIFY_LOCAL: 'true', CONTEXT: 'production' }, /runs under Netlify \(NETLIFY_LOCAL=true\) but Netlify gave it no Blobs .*`netlify serve` does .*MEDIA_STORE=<folder>/],
    [{ NETLIFY: 'true', CONTEXT: 'deploy-preview' }, /runs under Netlify \(NETLIFY=true\) but Netlify gave it no Blobs .*archive-cache plugin .*MEDIA_STORE=<folder>/],
    [{ NETLIFY_LOCAL: 'true', ARCHIVE_BLOBS_CONTEXT: 'not base64 json' }, /runs under Netlify \(NETLIFY_LOCAL=true\)/],
  ])('under Netlify without Blobs it refuses and says how to get them: %j', (env, message) => {
    expect(() => openMediaStore(mediaStoreSpec(undefined, env), env)).toThrow(message);
  });

  it.each([{}, { NETLIFY_BLOBS_TOKEN: 't' }, { NETLIFY_SITE_ID: 's' }, { ARCHIVE_BLOBS_CONTEXT: 'not base64 json' }])('refuses to guess: %j', (env) => {
    expect(() => openMediaStore({ kind: 'netlify-blobs', name: 'archive-media' }, env)).toThrow(SettingsError);
  });
});
