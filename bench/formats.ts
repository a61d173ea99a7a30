/**
 * CSV and Atom benchmark: `npx tsx bench/formats.ts [--answers 200]`.
 *
 * The CPU time one answer's CSV (src/serve/api/csv.ts: what the api-csv Edge Function and the
 * function spend per CSV answer) and Atom feed (src/serve/api/feed.ts, the function only) cost
 * for a page of 50 requests, made of froide's own request list items
 * (test/fixtures/froide/request-page-1.json). Milliseconds per answer, p50 and max over
 * `--answers` answers after a warm-up of 50, with the load average before and after.
 */
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { UrlBuilder } from '../src/api/urls.ts';
import { renderCsv } from '../src/serve/api/csv.ts';
import { renderAtom } from '../src/serve/api/feed.ts';

const { values } = parseArgs({ options: { answers: { type: 'string', default: '200' } } });
const answers = Number(values.answers);
const fixture = JSON.parse(readFileSync(resolve(import.meta.dirname, '../test/fixtures/froide/request-page-1.json'), 'utf8')) as { objects: Record<string, unknown>[] };
const objects = Array.from({ length: 50 }, (_, i) => ({ ...fixture.objects[i % fixture.objects.length]!, id: i + 1, resource_uri: `https://archive.test/api/v1/request/${i + 1}/` }));
const urls = new UrlBuilder({ baseUrl: 'https://archive.test', mediaUrl: 'https://archive.test/media/', siteUrl: 'https://site.test' });

function timed(name: string, render: () => string): void {
  for (let i = 0; i < 50; i++) render();
  const times: number[] = [];
  let size = 0;
  for (let i = 0; i < answers; i++) {
    const start = process.cpuUsage();
    size = render().length;
    const used = process.cpuUsage(start);
    times.push((used.user + used.system) / 1000);
  }
  times.sort((a, b) => a - b);
  const p50 = times[Math.floor(times.length / 2)]!;
  process.stdout.write(`${name}: ${p50.toFixed(2)} ms p50, ${times.at(-1)!.toFixed(2)} ms max, ${size} characters\n`);
}

process.stdout.write(`load average ${loadavg()[0]!.toFixed(1)}\n`);
timed('csv, 50 requests', () => renderCsv({ objects }));
timed('atom, 50 requests', () => renderAtom({ self: 'https://archive.test/api/v1/request/?format=atom', title: 'Foi Request List', objects }, urls));
process.stdout.write(`load average ${loadavg()[0]!.toFixed(1)}\n`);
