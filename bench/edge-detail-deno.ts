/**
 * Runs in Deno (bench/edge-detail.ts starts it): answers detail URLs with the real detail Edge
 * Function against a preview server, one at a time, and prints the CPU time of each answer
 * (the process's user + system time around the call, which counts the function and Deno's
 * HTTP client; waiting for the server is not CPU time, as on Netlify) as one JSON line.
 */
import process from 'node:process';

// Only what this file uses; tsc checks it with Node's types, Deno provides the real global.
declare const Deno: { stdin: { readable: ReadableStream<Uint8Array> }; version: { deno: string } };

const { origin, paths, rounds, env } = JSON.parse(await new Response(Deno.stdin.readable).text()) as { origin: string; paths: string[]; rounds: number; env: Record<string, string> };
// The function reads its settings (MEDIA_TOKEN_KEYS) from Netlify's global, as on Netlify: set before it is loaded.
(globalThis as { Netlify?: unknown }).Netlify = { env: { get: (name: string) => env[name], has: (name: string) => name in env, toObject: () => ({ ...env }) } };
const { default: apiDetail } = await import('../src/netlify/edge-functions/api-detail.ts');
const context = { next: () => Promise.resolve(new Response('not a detail', { status: 404 })) };
const cpu: number[] = [];
let bytes = 0;
for (let round = 0; round < rounds; round++) {
  for (const path of paths) {
    const before = process.cpuUsage();
    const response = await apiDetail(new Request(new URL(path, origin)), context);
    const body = new Uint8Array(await response.arrayBuffer());
    const used = process.cpuUsage(before);
    if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
    bytes += body.byteLength;
    if (round > 0 || rounds === 1) cpu.push((used.user + used.system) / 1000);
  }
}
console.log(JSON.stringify({ deno: Deno.version.deno, cpu, bytes }));
