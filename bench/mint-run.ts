/**
 * The measuring half of bench/mint.ts, the same code in Deno and in Node: CPU time per answer
 * of mintTokenBytes over a stored list page. Run by Deno as `mint-run.ts <page file> <answers>`.
 */
import process from 'node:process';
import { readFileSync } from 'node:fs';
import { mintTokenBytes, SLOT_CHAR } from '../src/api/token-slots.ts';

const KEY = { kid: 'bench', secret: 'bench-secret-0123456789abcdef' };

export async function measure(stored: string, answers: number): Promise<string> {
  const bytes = new TextEncoder().encode(stored);
  const signer = { key: KEY, ttl: 120, mediaUrl: 'https://archiv.example.org/media/' };
  const cpu: number[] = [];
  let now = 1_800_000_000;
  for (let i = 0; i < answers + 50; i++) {
    const before = process.cpuUsage();
    const minted = await mintTokenBytes(bytes, signer, now++);
    const used = process.cpuUsage(before);
    if (new TextDecoder().decode(minted).includes(SLOT_CHAR)) throw new Error('a slot survived minting');
    if (i >= 50) cpu.push((used.user + used.system) / 1000);
  }
  cpu.sort((a, b) => a - b);
  const at = (q: number) => cpu[Math.min(cpu.length - 1, Math.ceil(q * cpu.length) - 1)]!.toFixed(2);
  return `CPU ms per answer over ${cpu.length} answers: p50 ${at(0.5)}, p99 ${at(0.99)}, max ${at(1)}`;
}

const main = (globalThis as { Deno?: { args: string[]; version: { deno: string } } }).Deno;
if (main) {
  const [file, answers] = main.args;
  console.log(`${main.version.deno}: ${await measure(readFileSync(file!, 'utf8'), Number(answers))}`);
}
