/**
 * The importer against answers as other froide versions serve them (docs/import.md, "Other
 * froide versions"): fixtures written from froide's serializers (test/fixtures/froide/README.md),
 * replayed by a real HTTP server that also misbehaves as servers do. What arrives is valid
 * content; what stays bad is reported and not written; the server sees a polite client.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkContent } from '../../src/check.ts';
import { retryAfterMs, USER_AGENT } from '../../src/import/http.ts';
import { importArchive, type ImportResult } from '../../src/import/run.ts';
import { tempDir } from '../helpers/content.ts';
import { startReplayServer, type ReplayServer, type Route } from './replay-server.ts';

const SAMPLE = (path: string) => new URL(`../../content/${path}`, import.meta.url).pathname;
const MESSWERTE = SAMPLE('requests/0001-gutachten-bundespolizeigesetz/files/103/Anschreiben_BMI.pdf'); // 2248 bytes
const DRUCKSACHE = SAMPLE('documents/0001-bt-20-10871-nitrat-grundwasser/drucksache-20-10871.pdf'); // 6515 bytes
const GUTACHTEN = SAMPLE('documents/0004-wd-3-3000-041-24-terminkalender/wd-3-3000-041-24.pdf'); // 8940 bytes

let server: ReplayServer;
let routes: Record<string, Route>;
let resumed: ImportResult;
let dir: Awaited<ReturnType<typeof tempDir>>;
let result: ImportResult;
const warnings: string[] = [];
const content = (path: string) => join(dir.path, 'content', path);
const yamlAt = async (path: string) => parse(await readFile(content(path), 'utf8'));

beforeAll(async () => {
  routes = {
    '/api/v1/': { fixture: 'root.json' },
    '/api/v1/jurisdiction/': { fixture: 'jurisdiction.json', failures: [{ kind: 'status', status: 429, headers: { 'retry-after': '1' } }] },
    '/api/v1/law/': { fixture: 'law.json', failures: [{ kind: 'status', status: 503 }] },
    '/api/v1/classification/': { fixture: 'classification.json' },
    '/api/v1/category/': { fixture: 'category.json' },
    '/api/v1/campaign/': { fixture: 'campaign.json' },
    '/api/v1/request/': { fixture: 'request-page-1.json' },
    '/api/v1/request/?limit=2&offset=2': { fixture: 'request-page-2.json' },
    '/api/v1/request/7/': { fixture: 'request-7.json' },
    '/api/v1/request/8/': { fixture: 'request-8.json', failures: [{ kind: 'broken-json' }] },
    '/api/v1/request/9/': { fixture: 'request-9.json', always: { kind: 'status', status: 500 } },
    '/files/foi/902/Messwerte.pdf?token=abc': { file: MESSWERTE },
    '/files/foi/702/Messwerte.pdf?token=abc': { file: MESSWERTE, failures: [{ kind: 'truncated' }] },
    '/files/foi/802/Bescheid.pdf?token=abc': { file: MESSWERTE },
    '/files/foi/802/Anschrift.pdf?token=abc': { file: MESSWERTE, status: 403 },
    '/api/v1/publicbody/': { fixture: 'publicbody.json' },
    '/api/v1/georegion/': { fixture: 'georegion.json' },
    '/api/v1/georegion/1/': { fixture: 'georegion-1.json' },
    '/api/v1/document/': { fixture: 'document.json' },
    '/files/docs/31/drucksache-20-1.pdf': { file: DRUCKSACHE, failures: [{ kind: 'wrong-size' }] },
    '/files/docs/32/gutachten-2023.pdf': { file: GUTACHTEN },
    '/api/v1/pageannotation/?document=31': { fixture: 'pageannotation-empty.json' },
    '/api/v1/pageannotation/?document=32': { fixture: 'pageannotation-empty.json' },
    '/api/v1/documentcollection/': { fixture: 'documentcollection.json' },
  };
  server = await startReplayServer(routes);
  dir = await tempDir('import-froide-');
  const run = () =>
    importArchive({
      source: `${server.origin}/api/v1`,
      contentDir: join(dir.path, 'content'),
      client: { concurrency: 2, ratePerSecond: 40, attempts: 3, backoffMs: 20 },
      log: { info() {}, warn: (line) => warnings.push(line), error() {} },
    });
  result = await run();
  failedFolderAfterFirstRun = existsSync(content('requests/0009-messwerte-kaputt'));
  // The server mends request 9; the next run continues with what the first could not do.
  const logged = server.log.length;
  delete routes['/api/v1/request/9/']!.always;
  resumed = await run();
  resumedPaths = server.log.slice(logged).map((entry) => entry.path);
}, 60_000);
let resumedPaths: string[];
let failedFolderAfterFirstRun: boolean;

afterAll(async () => {
  await server?.close();
  await dir?.remove();
});

describe('importing answers of other froide versions', () => {
  it('reports the answer that stays bad with its URL and writes nothing of it', async () => {
    expect(result.failed).toEqual([`request 9: ${server.origin}/api/v1/request/9/: answered 500 (after 3 tries)`]);
    expect(failedFolderAfterFirstRun).toBe(false);
    expect(result.requests).toEqual({ imported: 2, upToDate: 0 });
  });

  it('skips what the server does not publish, one line each', () => {
    expect(result.skipped).toEqual([
      'attachment 8022 (Anschrift.pdf): the server does not publish its file (403)',
      'request 7: the requester is private (no user id, no name)',
      'request 8: the requester is private (no user id, no name)',
    ]);
  });

  it('retries a 429 after Retry-After, a 503, broken JSON, a truncated file and a wrong size, and writes only the good answer', async () => {
    expect(warnings.filter((line) => line.startsWith('retry ')).map((line) => line.replace(server.origin, '').replace(/ in [\d.]+ s$/, ''))).toEqual(
      expect.arrayContaining([
        'retry /api/v1/jurisdiction/: answered 429; try 2 of 3',
        'retry /api/v1/law/: answered 503; try 2 of 3',
        expect.stringMatching(/^retry \/api\/v1\/request\/8\/: broken JSON/),
        // The file's ?token= stays out of the log.
        expect.stringMatching(/^retry \/files\/foi\/702\/Messwerte\.pdf\?…: (truncated|connection dropped)/),
        'retry /files/docs/31/drucksache-20-1.pdf: 100 bytes, the API says 6515; try 2 of 3',
      ]),
    );
    const tries = (path: string) => server.log.filter((entry) => entry.path === path).map((entry) => entry.at);
    const [first429, after429] = tries('/api/v1/jurisdiction/');
    expect(after429! - first429!).toBeGreaterThanOrEqual(950); // Retry-After: 1
    const [first500, second500, third500] = tries('/api/v1/request/9/');
    expect(third500).toBeDefined();
    expect(second500! - first500!).toBeLessThan(900); // backoff, no Retry-After
    expect(await readFile(content('requests/0007-messwerte-2023/files/702/Messwerte.pdf'))).toEqual(await readFile(MESSWERTE));
    expect(await readFile(content('documents/0031-drucksache-20-1/drucksache-20-1.pdf'))).toEqual(await readFile(DRUCKSACHE));
  });

  it('is a polite client: its User-Agent, at most 2 requests at once, starts spaced by the rate', () => {
    expect(new Set(server.log.map((entry) => entry.userAgent))).toEqual(new Set([USER_AGENT]));
    expect(USER_AGENT).toMatch(/^foi-archive-import\//);
    expect(server.maxInFlight).toBeLessThanOrEqual(2);
    const starts = server.log.map((entry) => entry.at).sort((a, b) => a - b);
    // 40 per second: starts 25 ms apart. The server shares the test's event loop, so single
    // arrivals jitter; the span of all of them cannot be shorter than the spacing allows.
    expect(starts.at(-1)! - starts[0]!).toBeGreaterThanOrEqual((starts.length - 1) * 25 * 0.9);
  });

  it('reads answers without registered_mail_date, jurisdiction_name or can_change_approval', async () => {
    const reply = await yamlAt('requests/0007-messwerte-2023/messages/702.yaml');
    expect(reply).not.toHaveProperty('registered_mail_date');
    expect(reply.attachments).toEqual([{ id: 7021, name: 'Messwerte.pdf', filetype: 'application/pdf' }]);
    const older = await yamlAt('requests/0008-messwerte-2022/messages/802.yaml');
    expect(older.attachments.map((a: { name: string }) => a.name)).toEqual(['Bescheid.pdf']);
    expect((await yamlAt('requests/0008-messwerte-2022/request.yaml')).jurisdiction).toBe(1);
  });

  it('writes a redacted passage as a mark, and the requester\'s text around it as it was', async () => {
    const letter = await yamlAt('requests/0007-messwerte-2023/messages/701.yaml');
    expect(letter.content).toBe('Sehr geehrte Damen und Herren,\nbitte senden Sie mir die Messwerte.\nMit freundlichen Grüßen\n[[█]]');
  });

  it('reads document data as strings or numbers and properties in any key order', async () => {
    const paper = await yamlAt('documents/0031-drucksache-20-1/document.yaml');
    expect(paper.data).toEqual({ category: null, publisher: 'bundestag', document_type: 'minor_interpellation', legislative_term: '20' });
    expect(Object.keys(paper.properties)).toEqual(['url', 'publisher', 'reference']);
    const research = await yamlAt('documents/0032-gutachten-2023/document.yaml');
    expect(research.data).toEqual({ year: 2023, category: 'Ausarbeitung', publisher: 'wd' });
  });

  it('writes content that check accepts, with the public body, georegion and site the answers name', async () => {
    const { problems, archive } = await checkContent({ contentDir: join(dir.path, 'content'), env: {} });
    expect(problems.errors).toEqual([]);
    expect(archive?.requests.map((request) => request.id).sort()).toEqual([7, 8, 9]);
    expect((await yamlAt('publicbodies/3-umweltministerium.yaml')).other_names).toEqual(['UM', 'Umweltressort']);
    expect((await yamlAt('site.yaml')).site_url).toBe('https://froide.example');
    expect((await yamlAt('laws.yaml'))[0].refusal_reasons).toEqual(['§ 3 Nr. 1 IFG', '§ 5 Abs. 1 IFG']);
  });
});

describe('the next run', () => {
  it('imports what the last one could not, and reads nothing else but the lists', () => {
    expect(resumed.failed).toEqual([]);
    expect(resumed.requests).toEqual({ imported: 1, upToDate: 2 });
    expect(resumed.documents).toEqual({ imported: 0, upToDate: 2 });
    expect(resumedPaths.filter((path) => /^\/api\/v1\/request\/\d+\/$/.test(path))).toEqual(['/api/v1/request/9/']);
    expect(resumedPaths.filter((path) => path.startsWith('/files/'))).toEqual(['/files/foi/902/Messwerte.pdf?token=abc']);
  });
});

describe('Retry-After', () => {
  it('reads seconds and HTTP dates', () => {
    expect(retryAfterMs('3', 0)).toBe(3000);
    expect(retryAfterMs('Wed, 21 Oct 2015 07:28:00 GMT', Date.parse('Wed, 21 Oct 2015 07:27:30 GMT'))).toBe(30_000);
    expect(retryAfterMs(null, 0)).toBeUndefined();
    expect(retryAfterMs('soon', 0)).toBeUndefined();
  });
});
