/**
 * Serializer benchmark (docs/performance.md#serializers-from-field-tables): the time to render
 * and write as JSON every request detail of a synthetic archive (each with its messages and
 * their attachments), the objects the build serializes most. With `--against <checkout>` the
 * same archive is serialized by that checkout's code too (another commit in a `git worktree`,
 * with its own node_modules), round after round in turn in one process, so that both meet the
 * same machine load:
 *
 *   npx tsx bench/serializers.ts [--requests 2000] [--rounds 9] [--against /tmp/base-checkout]
 *
 * Prints the median, fastest and slowest round of each checkout, in ms and objects (requests,
 * messages and attachments) per second. Documents are left out (no PDF stage runs here): an
 * attachment's `document` is null.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { writeSyntheticArchive } from '../tools/synthetic.ts';
import { BUILD_CLOCK } from './changes.ts';

const { values } = parseArgs({
  options: {
    requests: { type: 'string', default: '2000' },
    rounds: { type: 'string', default: '9' },
    against: { type: 'string' },
  },
});
const requests = Number(values.requests);
const rounds = Number(values.rounds);
if (!Number.isInteger(requests) || requests < 1) throw new Error(`--requests "${values.requests}" must be a whole number, e.g. 2000`);
if (!Number.isInteger(rounds) || rounds < 1) throw new Error(`--rounds "${values.rounds}" must be a whole number, e.g. 9`);

/** What one checkout's code renders: every request's detail, as the build writes it. */
interface Side {
  name: string;
  objects: number;
  run(): number;
}

interface Request {
  messages: readonly { attachments: readonly unknown[] }[];
}

/** Loads the archive with the checkout's own loader and serializes it with its own serializers. */
async function side(checkout: string, name: string, contentDir: string): Promise<Side> {
  const load = async <T>(path: string) => (await import(join(checkout, path))) as T;
  const { checkContent } = await load<{ checkContent: (options: { contentDir: string; env: Record<string, string>; freeze: boolean; pdfHeaders: boolean }) => Promise<{ archive?: { requests: Request[] }; problems: { size?: number } }> }>('src/check.ts');
  const { renderContext } = await load<{ renderContext: (build: unknown, derived: unknown, crops: unknown[]) => unknown }>('src/api/resources/context.ts');
  const { requestBuild } = await load<{ requestBuild: { detail: (ctx: unknown, request: Request) => unknown } }>('src/api/resources/request/serializer.ts');
  const checked = await checkContent({ contentDir, env: { SOURCE_DATE_EPOCH: String(BUILD_CLOCK) }, freeze: false, pdfHeaders: false });
  if (!checked.archive) throw new Error(`${name}: the synthetic archive did not load`);
  const all = checked.archive.requests;
  const ctx = renderContext(
    { urls: { baseUrl: 'https://archiv.test', mediaUrl: 'https://archiv.test/media/', siteUrl: 'https://site.test' }, timeZone: 'Europe/Berlin', now: BUILD_CLOCK },
    {
      published: () => false,
      facts: () => {
        throw new Error('no PDF facts in the serializer benchmark');
      },
    },
    [],
  );
  const objects = all.length + all.reduce((sum, request) => sum + request.messages.length + request.messages.reduce((n, message) => n + message.attachments.length, 0), 0);
  return {
    name,
    objects,
    run() {
      let bytes = 0;
      for (const request of all) bytes += JSON.stringify(requestBuild.detail(ctx, request)).length;
      return bytes;
    },
  };
}

const dir = await mkdtemp(join(tmpdir(), 'bench-serializers-'));
try {
  const contentDir = join(dir, 'content');
  const counts = await writeSyntheticArchive(contentDir, { requests });
  process.stderr.write(`${counts.requests} requests, ${counts.messages} messages, ${counts.attachments} attachments\n`);
  const sides = [await side(resolve(import.meta.dirname, '..'), 'this checkout', contentDir)];
  if (values.against !== undefined) sides.push(await side(resolve(values.against), values.against, contentDir));
  // Both write the same bytes, or the comparison is of different work.
  const bytes = sides.map((s) => s.run());
  if (new Set(bytes).size !== 1) throw new Error(`the checkouts write different JSON: ${bytes.join(' vs ')} bytes`);
  const times = sides.map(() => [] as number[]);
  for (let round = 0; round < rounds; round++) {
    for (const [index, s] of sides.entries()) {
      const started = performance.now();
      s.run();
      times[index]!.push(performance.now() - started);
    }
  }
  for (const [index, s] of sides.entries()) {
    const sorted = times[index]!.sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)]!;
    process.stdout.write(
      `${s.name}: median ${median.toFixed(0)} ms (fastest ${sorted[0]!.toFixed(0)}, slowest ${sorted.at(-1)!.toFixed(0)}) for ${s.objects} objects, ${Math.round(s.objects / (median / 1000))} objects/s, ${bytes[0]} bytes of JSON\n`,
    );
  }
} finally {
  await rm(dir, { recursive: true, force: true });
}
