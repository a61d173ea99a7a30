/**
 * Warm builds after one edit (docs/performance.md): in a folder that holds `content/` and
 * `media/` (an archive of `npm run bench`, or links to one) and the `build/` and `cache/` of an
 * earlier build of it, applies each edit of bench/changes.ts in turn, builds, undoes the edit
 * and builds again, each build in its own process (bench/build-child.ts, as the bench builds).
 * So every build is a real edit against the build before it: (a) one message's text, its undo
 * (the same kind of edit), (b) a new request with 10 messages, and its removal. Prints one JSON
 * line per build: seconds, peak RSS and the stages.
 *
 *   npm run bench:warm -- <folder> [--rounds 2] [--label name]
 *
 * The folder's first build after a change of src/ is not warm (the caches are keyed by the
 * code version): build it once with the bench child first.
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { parseArgs, promisify } from 'node:util';
import { addRequest, editMessageText, scanArchive } from './changes.ts';
import { nodeFlagsOf } from './node-flags.ts';

const run = promisify(execFile);
const { values, positionals } = parseArgs({ options: { rounds: { type: 'string', default: '1' }, label: { type: 'string', default: '' } }, allowPositionals: true });
const [base] = positionals;
if (!base) throw new Error('usage: npm run bench:warm -- <folder with content/, media/, build/, cache/> [--rounds N] [--label name]');

async function build(what: string): Promise<void> {
  const child = join(import.meta.dirname, 'build-child.ts');
  const { stdout } = await run(process.execPath, [...nodeFlagsOf('build'), '--import', 'tsx', child, join(base!, 'content'), join(base!, 'build'), join(base!, 'cache'), 'facts', join(base!, 'media')], { maxBuffer: 1 << 26 });
  const result = JSON.parse(stdout.trim().split('\n').at(-1)!) as { seconds: number; peakRssMb: number; stages: Record<string, number> };
  console.log(JSON.stringify({ label: values.label, what, seconds: Number(result.seconds.toFixed(1)), peakRssMb: Math.round(result.peakRssMb), stages: result.stages }));
}

for (let round = 0; round < Number(values.rounds); round++) {
  for (const kind of ['a', 'b'] as const) {
    const scan = await scanArchive(join(base, 'content'));
    const edit = kind === 'a' ? await editMessageText(scan) : await addRequest(scan);
    try {
      await build(kind);
    } finally {
      await edit.undo();
    }
    await build(`undo ${kind}`);
  }
}
