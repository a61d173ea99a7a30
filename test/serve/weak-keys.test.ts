/**
 * Serving refuses weak media token keys in production (CONTEXT=production, or
 * NODE_ENV=production): the development key, or any secret under 32 bytes, signs no token and
 * verifies none. Over real HTTP on the preview, which wires the same handlers as Netlify; the
 * Edge Functions' side of the same rule runs in Deno (test/netlify/edge-deno.test.ts).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Env } from '../../src/config.ts';
import { DEVELOPMENT_KEY, GOOD_KEY_COMMAND, MIN_TOKEN_SECRET_BYTES, weakKeyProblem } from '../../src/formats/token-keys.ts';
import { signScope, tokenScope } from '../../src/formats/media-token.ts';
import { startPreviewServer, type PreviewServer } from '../../src/serve/preview/server.ts';
import { servingKeys, tokenServingOf, TOKENS_REFUSED_DETAIL } from '../../src/serve/shared/minting.ts';
import { deployEnv } from '../../src/netlify/edge-runtime.ts';
import { tempFolderStore } from '../helpers/media.ts';
import { ATTACHMENT_ID, MEDIA, PDF_BYTES, putFixtureMedia, writeFixtureBuild } from './fixture.ts';

const STRONG = 'live:' + 'k'.repeat(MIN_TOKEN_SECRET_BYTES);
const SHORT = `live:${'s'.repeat(MIN_TOKEN_SECRET_BYTES - 1)}`;

let dir: string;
let folder: Awaited<ReturnType<typeof tempFolderStore>>;
const servers: PreviewServer[] = [];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'weak-keys-'));
  folder = await tempFolderStore();
  await writeFixtureBuild(dir, folder.store);
  await putFixtureMedia(folder.store);
});
afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()));
  await folder.remove();
  await rm(dir, { recursive: true, force: true });
});

async function serve(env: Env): Promise<{ server: PreviewServer; log: string[] }> {
  const log: string[] = [];
  const server = await startPreviewServer({ buildDir: dir, port: 0, env, media: folder.store, log: (line) => log.push(line) });
  servers.push(server);
  return { server, log };
}

const get = (server: PreviewServer, path: string) => fetch(new URL(path.replace(/^\//, ''), server.url));
const encoded = (path: string) => path.split('/').map(encodeURIComponent).join('/');

describe('weak keys in production', () => {
  it('the secret is 31 bytes in SHORT: one under the limit', () => {
    expect(new TextEncoder().encode(SHORT.slice('live:'.length)).byteLength).toBe(MIN_TOKEN_SECRET_BYTES - 1);
  });

  it.each([
    ['NODE_ENV=production and no MEDIA_TOKEN_KEYS (the development key)', { NODE_ENV: 'production' }, 'key "dev" is the development key, which is public'],
    ['CONTEXT=production and a 31-byte secret', { CONTEXT: 'production', MEDIA_TOKEN_KEYS: SHORT }, 'the secret of key "live" has 31 bytes, fewer than 32'],
    ['a good signing key beside a weak old one', { CONTEXT: 'production', MEDIA_TOKEN_KEYS: `${STRONG},old:abc` }, 'the secret of key "old" has 3 bytes, fewer than 32'],
  ] as [string, Env, string][])('%s: no token in any answer, no tokened file, one log line', async (_, env, why) => {
    const { server, log } = await serve(env);
    // An answer whose media link needs a token: a 503 that says so, not a link without one.
    const detail = await get(server, `/api/v1/attachment/${ATTACHMENT_ID}/`);
    expect(detail.status).toBe(503);
    expect(await detail.json()).toEqual({ detail: TOKENS_REFUSED_DETAIL });
    // A file that needs a token: 503 even with a token signed by the refused key.
    const key = env.MEDIA_TOKEN_KEYS ? { kid: 'live', secret: env.MEDIA_TOKEN_KEYS.split(',')[0]!.slice(5) } : DEVELOPMENT_KEY;
    const token = await signScope(tokenScope(MEDIA.attachment)!, Math.floor(Date.now() / 1000) + 60, key);
    const file = await get(server, `/media/${encoded(MEDIA.attachment)}?token=${encodeURIComponent(token)}`);
    expect(file.status).toBe(503);
    expect(await file.text()).toMatch(/^Files that need a token are not served: this site's media token key \(MEDIA_TOKEN_KEYS\) is refused in production/);
    // What needs no token still works: public documents and public attachments, lists without media.
    const pdf = await get(server, `/media/${encoded(MEDIA.publicPdf)}`);
    expect(pdf.status).toBe(200);
    expect(new Uint8Array(await pdf.arrayBuffer())).toEqual(PDF_BYTES);
    expect((await get(server, `/media/${encoded(MEDIA.publicAttachment)}`)).status).toBe(200);
    expect((await get(server, '/api/v1/message/7/')).status).toBe(200);
    // Said once, with the reason and the command that makes a good key, however many requests.
    expect(log).toHaveLength(1);
    expect(log[0]).toContain(`MEDIA_TOKEN_KEYS is refused in production: ${why}.`);
    expect(log[0]).toContain(`Make a secret with \`${GOOD_KEY_COMMAND}\``);
  });

  it('a 32-byte secret in production signs and opens files', async () => {
    const { server, log } = await serve({ CONTEXT: 'production', MEDIA_TOKEN_KEYS: STRONG });
    const detail = await get(server, `/api/v1/attachment/${ATTACHMENT_ID}/`);
    expect(detail.status).toBe(200);
    const { file_url } = (await detail.json()) as { file_url: string };
    expect(file_url).toMatch(/\?token=[0-9a-z]+%3Alive%3A/);
    const file = await fetch(new URL(new URL(file_url).pathname + new URL(file_url).search, server.url));
    expect(file.status).toBe(200);
    expect(log).toEqual([]);
  });

  it('outside production the development key and short keys still work (the preview, deploy previews)', async () => {
    const { server, log } = await serve({ CONTEXT: 'deploy-preview', MEDIA_TOKEN_KEYS: SHORT });
    expect((await get(server, `/api/v1/attachment/${ATTACHMENT_ID}/`)).status).toBe(200);
    expect((await get(server, `/api/v1/attachment/${ATTACHMENT_ID}/`)).status).toBe(200);
    const { server: plain } = await serve({});
    expect((await get(plain, `/api/v1/attachment/${ATTACHMENT_ID}/`)).status).toBe(200);
    expect(log).toEqual([]);
  });
});

describe('the rule', () => {
  it('weakKeyProblem counts bytes, not characters', () => {
    expect(weakKeyProblem({ kid: 'a', secret: 'ä'.repeat(16) })).toBeNull(); // 32 bytes in UTF-8
    expect(weakKeyProblem({ kid: 'a', secret: 'a'.repeat(31) })).toBe('the secret of key "a" has 31 bytes, fewer than 32');
    expect(weakKeyProblem(DEVELOPMENT_KEY)).toBe('key "dev" is the development key, which is public');
  });

  it('servingKeys refuses all keys when one is weak, only in production', () => {
    const strong = { kid: 'live', secret: 'k'.repeat(40) };
    const quiet = () => undefined;
    expect(servingKeys([strong, DEVELOPMENT_KEY], true, quiet)).toEqual({ keys: [], refused: true });
    expect(servingKeys([strong, DEVELOPMENT_KEY], false, quiet)).toEqual({ keys: [strong, DEVELOPMENT_KEY] });
    expect(servingKeys([strong], true, quiet)).toEqual({ keys: [strong] });
  });

  it('the Netlify adapters take CONTEXT from the deploy context when the environment lacks it', () => {
    const env = (name: string) => ({ MEDIA_TOKEN_KEYS: SHORT })[name];
    const lines: string[] = [];
    expect(tokenServingOf(deployEnv({ deploy: { context: 'production' } }, env), (line) => lines.push(line))).toMatchObject({ keys: [], refused: true });
    expect(tokenServingOf(deployEnv({ deploy: { context: 'branch-deploy' } }, env)).keys).toHaveLength(1);
    expect(tokenServingOf(deployEnv(undefined, env)).keys).toHaveLength(1);
    expect(lines).toHaveLength(1);
  });
});
