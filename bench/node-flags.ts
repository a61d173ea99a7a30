/**
 * The Node flags that package.json's scripts give the CLI (`tsx <flags> src/cli.ts build`): the
 * benches start their builds with the same ones, so they measure what `npm run build` and
 * `npm start` run (docs/performance.md, "A larger young generation").
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const { scripts } = JSON.parse(readFileSync(join(import.meta.dirname, '../package.json'), 'utf8')) as { scripts: Record<string, string> };

/** The flags of a script: its words after `tsx` that start with `--`, up to the first that does not. */
export function nodeFlagsOf(script: 'build' | 'start'): string[] {
  const words = scripts[script]!.split(/\s+/);
  if (words[0] !== 'tsx') throw new Error(`package.json's ${script} script does not start with tsx: ${scripts[script]}`);
  const flags: string[] = [];
  for (const word of words.slice(1)) {
    if (!word.startsWith('--')) break;
    flags.push(word);
  }
  return flags;
}
