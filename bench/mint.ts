/**
 * Minting benchmark: `npm run bench:mint [-- --answers 1000] [--attachments 2] [--profile <dir>]`.
 *
 * The CPU time minting (src/formats/token-slots.ts) costs per answer, in real Deno (the npm package
 * `deno`, as test/netlify runs the Edge Functions) and in Node, for a list page of 50 messages
 * with attachments: each attachment's file_url has a slot, and every fifth embeds a private
 * document (three slots for its directory). Per answer: mintTokenBytes over the stored bytes,
 * as the detail Edge Function and the preview call it, and mintTokens over the page's text, as
 * the API function does; each "cold" (nothing remembered: every URL parsed, every scope
 * signed) and as an isolate answers the page every second (bench/mint-run.ts). CPU time is
 * process.cpuUsage() (user + system, all threads) around each answer, after a warm-up of 50
 * answers; p50, p99 and max over `--answers` answers, with the load average of the machine
 * before and after. `--profile <dir>` has Deno write a V8 CPU profile of its run there
 * (`--cpu-prof-dir`, with a Markdown summary).
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { createRequire } from 'node:module';
import { envelope } from '../src/api/envelope.ts';
import { apiJson } from '../src/formats/json.ts';
import { mediaPaths } from '../src/api/media-paths.ts';
import { UrlBuilder } from '../src/api/urls.ts';
import { withTokenSlot } from '../src/formats/token-slots.ts';
import { measure } from './mint-run.ts';

const ROOT = resolve(import.meta.dirname, '..');
const { values } = parseArgs({ options: { answers: { type: 'string', default: '1000' }, attachments: { type: 'string', default: '2' }, profile: { type: 'string' } } });
const answers = Number(values.answers);
const perMessage = Number(values.attachments);

const urls = new UrlBuilder({ baseUrl: 'https://archiv.example.org', mediaUrl: 'https://archiv.example.org/media/', siteUrl: 'https://fragdenstaat.de' });

function attachment(messageId: number, index: number) {
  const id = messageId * 10 + index;
  const name = `Bescheid vom ${index + 1}. März (Anlage ${id}).pdf`;
  const uid = `${String(id).padStart(8, '0')}-2222-3333-4444-555555555555`;
  const dir = mediaPaths.documentDir(uid, false);
  const privateUrl = (path: string) => withTokenSlot(urls.media(path)).replace(/\{/g, '%7B').replace(/\}/g, '%7D');
  return {
    resource_uri: urls.detail('attachment', id),
    id,
    belongs_to: urls.detail('message', messageId),
    name,
    filetype: 'application/pdf',
    size: 123_456,
    file_url: withTokenSlot(urls.media(mediaPaths.attachment(messageId, name))),
    approved: true,
    document:
      id % 5 === 0
        ? { id, uid, public: false, file_url: privateUrl(`${dir}/anlage.pdf`), cover_image: privateUrl(mediaPaths.pageImage(dir, 1, 'small')), page_template: privateUrl(mediaPaths.pageImage(dir, '{page}', '{size}')) }
        : null,
  };
}

function message(id: number) {
  return {
    resource_uri: urls.detail('message', id),
    id,
    request: urls.detail('request', Math.ceil(id / 10)),
    subject: `Re: Anfrage ${id}`,
    content: 'Sehr geehrte Damen und Herren, anbei die erbetenen Unterlagen. '.repeat(20),
    attachments: Array.from({ length: perMessage }, (_, index) => attachment(id, index)),
  };
}

const stored = apiJson(envelope(urls, 'message', { offset: 0, limit: 50, total: 5000, objects: Array.from({ length: 50 }, (_, i) => message(1000 + i)), facets: false }));
const dir = await mkdtemp(join(tmpdir(), 'bench-mint-'));
const page = join(dir, 'page.json');
await writeFile(page, stored);
const slots = stored.split('\u0001').length - 1;
console.log(`stored list page: 50 messages, ${perMessage} attachments each, ${slots} token slots, ${(stored.length / 1024).toFixed(1)} KB; ${answers} answers`);

const load = () => loadavg().map((n) => n.toFixed(2)).join(', ');
console.log(`load average (1, 5, 15 min) before: ${load()}`);
const deno = (createRequire(import.meta.url)('deno/install_api.cjs') as { runInstall(): string }).runInstall();
const profile = values.profile ? [`--cpu-prof-dir=${resolve(values.profile)}`, '--cpu-prof-md'] : [];
const output = await new Promise<string>((done, fail) => {
  const child = spawn(deno, ['run', ...profile, '--no-remote', '--node-modules-dir=manual', '--no-lock', '--no-prompt', `--allow-read=${ROOT},${dir}`, join(ROOT, 'bench/mint-run.ts'), page, String(answers)], {
    cwd: ROOT,
    env: { DENO_DIR: join(ROOT, 'node_modules/.cache/deno'), DENO_NO_UPDATE_CHECK: '1', NO_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let text = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
  child.once('error', fail);
  child.once('close', (code) => (code === 0 ? done(text) : fail(new Error(`deno exited with ${code}`))));
});
for (const line of output.trim().split('\n')) console.log(`Deno ${line}`);
for (const line of await measure(stored, answers)) console.log(`Node ${process.versions.node} ${line}`);
console.log(`load average (1, 5, 15 min) after: ${load()}`);
await rm(dir, { recursive: true, force: true });
