/**
 * CPU time of the detail Edge Function per answer, in real Deno (the runtime Netlify runs
 * Edge Functions in; Netlify allows 50 ms of CPU per request):
 *
 *   npx tsx bench/edge-detail.ts <build dir> [--details 1000]
 *
 * Serves the build with the preview (which answers byte ranges of pack files as a CDN does),
 * picks `--details` random details of message, request, attachment and document from their
 * packs, and has the Edge Function answer each in Deno (a warm-up round first). Prints p50,
 * p99 and max of the CPU milliseconds per answer and the bytes answered.
 */
import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { startPreviewServer } from '../src/serve/preview/server.ts';
import type { Manifest } from '../src/formats/manifest.ts';
import { buildPaths } from '../src/api/build-paths.ts';
import { readListItems } from '../src/serve/shared/pack-reader.ts';
import { fsBuildStore } from '../src/serve/shared/fs-build-store.ts';
import { parseJson } from '../src/serve/shared/build-store.ts';
import { readFile } from 'node:fs/promises';
import { denoBinary } from '../test/helpers/deno.ts';

const { values, positionals } = parseArgs({ allowPositionals: true, options: { details: { type: 'string', default: '1000' } } });
const buildDir = resolve(positionals[0] ?? 'build');
const wanted = Number(values.details);
const manifest = JSON.parse(await readFile(join(buildDir, buildPaths.manifest), 'utf8')) as Manifest;
const store = fsBuildStore(buildDir);
const paths: string[] = [];
const resources = (['message', 'request', 'attachment', 'document'] as const).filter((name) => (manifest.lists[name]?.total ?? 0) > 0);
for (let i = 0; i < wanted; i++) {
  const resource = resources[i % resources.length]!;
  const total = manifest.lists[resource]!.total;
  const [item] = await readListItems(store, resource, [Math.floor(Math.random() * total)], total);
  const id = (parseJson(item!) as { id: number }).id;
  paths.push(`/api/v1/${resource}/${id}/`);
}

const server = await startPreviewServer({ buildDir, port: 0 });
try {
  const root = resolve(import.meta.dirname, '..');
  const child = spawn(denoBinary(), ['run', '--no-remote', '--node-modules-dir=manual', '--no-lock', '--no-prompt', `--allow-read=${root}`, '--allow-net=127.0.0.1', join(root, 'bench/edge-detail-deno.ts')], {
    cwd: root,
    env: { DENO_DIR: join(root, 'node_modules/.cache/deno'), DENO_NO_UPDATE_CHECK: '1', NO_COLOR: '1' },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
  // The function mints the tokens of media links with the first key of MEDIA_TOKEN_KEYS (docs/deploy.md): a bench key.
  child.stdin.end(JSON.stringify({ origin: server.url, paths, rounds: 2, env: { MEDIA_TOKEN_KEYS: `bench:${'k'.repeat(43)}` } }));
  const code = await new Promise<number | null>((done) => child.once('close', done));
  if (code !== 0) throw new Error(`deno exited with ${code}: ${out}`);
  const { deno, cpu, bytes } = JSON.parse(out.trim().split('\n').pop()!) as { deno: string; cpu: number[]; bytes: number };
  // The measured round answers `paths` in order: the request details (which splice in their
  // public body, docs/architecture.md, "Embedded public bodies") by themselves too.
  const requests = cpu.filter((_, i) => paths[i]!.startsWith('/api/v1/request/'));
  const at = (values: number[], q: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(q * values.length))]!.toFixed(2);
  console.log(`detail Edge Function in Deno ${deno}: ${cpu.length} answers from ${buildDir}; CPU ms per answer p50 ${at(cpu, 0.5)}, p99 ${at(cpu, 0.99)}, max ${at(cpu, 1)}; ${(bytes / 2 / cpu.length / 1024).toFixed(1)} KB per answer`);
  if (requests.length) console.log(`of them ${requests.length} request details: CPU ms p50 ${at(requests, 0.5)}, p99 ${at(requests, 0.99)}, max ${at(requests, 1)}`);
} finally {
  await server.close();
}
