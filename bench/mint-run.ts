/**
 * The measuring half of bench/mint.ts, the same code in Deno and in Node: CPU time per answer
 * of mintTokenBytes over a stored list page. Run by Deno as `mint-run.ts <page file> <answers>`.
 *
 * Two ways of answering, each over `answers` answers after a warm-up of 50:
 * - cold: every answer with a memo of its own and its own expiry, so each parses every media
 *   URL and signs every scope (an isolate that never linked these files before);
 * - isolate: the isolate's memo, the clock one second further for each answer (the page asked
 *   for every second): the media URLs' scopes are remembered, and the scopes are signed again
 *   whenever the expiry moves on a step (mintedExpiry: every 5 s for a 120 s lifetime);
 * and both again for mintTokens over the page's text, as the API function mints the lists it
 * serializes (it encodes its answer's text with or without tokens; that is not counted).
 */
import process from 'node:process';
import { readFileSync } from 'node:fs';
import { mintTokenBytes, mintTokens, SLOT_CHAR, TokenMemo } from '../src/formats/token-slots.ts';

const KEY = { kid: 'bench', secret: 'bench-secret-0123456789abcdef' };
const START = 1_800_000_000;

export async function measure(stored: string, answers: number): Promise<string[]> {
  const bytes = new TextEncoder().encode(stored);
  const signer = { key: KEY, ttl: 120, mediaUrl: 'https://archiv.example.org/media/' };
  const text = (i: number, memo?: TokenMemo) => mintTokens(stored, signer, START + i, memo);
  return [
    `bytes, cold: ${await cpuPerAnswer(answers, (i) => mintTokenBytes(bytes, signer, START + 1_000_000 + i * 3600, new TokenMemo()))}`,
    `bytes, isolate: ${await cpuPerAnswer(answers, (i) => mintTokenBytes(bytes, signer, START + i))}`,
    `text, cold: ${await cpuPerAnswer(answers, (i) => text(2_000_000 + i * 3600, new TokenMemo()))}`,
    `text, isolate: ${await cpuPerAnswer(answers, (i) => text(3_000_000 + i))}`,
  ];
}

async function cpuPerAnswer(answers: number, mint: (i: number) => Promise<Uint8Array | string>): Promise<string> {
  const cpu: number[] = [];
  for (let i = 0; i < answers + 50; i++) {
    const before = process.cpuUsage();
    const minted = await mint(i);
    const used = process.cpuUsage(before);
    if ((typeof minted === 'string' ? minted : new TextDecoder().decode(minted)).includes(SLOT_CHAR)) throw new Error('a slot survived minting');
    if (i >= 50) cpu.push((used.user + used.system) / 1000);
  }
  cpu.sort((a, b) => a - b);
  const at = (q: number) => cpu[Math.min(cpu.length - 1, Math.ceil(q * cpu.length) - 1)]!.toFixed(2);
  return `CPU ms per answer over ${cpu.length} answers: p50 ${at(0.5)}, p99 ${at(0.99)}, max ${at(1)}`;
}

const main = (globalThis as { Deno?: { args: string[]; version: { deno: string } } }).Deno;
if (main) {
  const [file, answers] = main.args;
  for (const line of await measure(readFileSync(file!, 'utf8'), Number(answers))) console.log(`${main.version.deno} ${line}`);
}
