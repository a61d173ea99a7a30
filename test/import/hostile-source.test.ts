/**
 * The importer against a source it does not control (docs/import.md, "A source it does not
 * control"): a froide-compatible instance (hostile-server.ts) first answers well, and the
 * import makes a good mirror; then, scenario by scenario, it answers as a broken or hostile
 * instance might, and the import runs again on a copy of that mirror. Each scenario asserts
 * that nothing was written outside the content folder and its cache, that the good mirror is
 * byte-identical afterwards, that the run ended within its bound, and that the summary names
 * the object and the cause.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { cp, mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClientOptions } from '../../src/import/http.ts';
import { importArchive, type ImportResult } from '../../src/import/run.ts';
import type { PagingBounds } from '../../src/import/source.ts';
import { buildTree } from '../helpers/build.ts';
import { tempDir, type Tree } from '../helpers/content.ts';
import { json, startHostileInstance, type HostileInstance, type Scenario } from './hostile-server.ts';

type Json = Record<string, unknown>;

/** Short bounds, so that every scenario ends in a second or two. */
const CLIENT: ClientOptions = { ratePerSecond: 1000, concurrency: 2, attempts: 2, backoffMs: 10, timeoutMs: 1000, maxRetryAfterMs: 1000, maxJsonBytes: 256 * 1024, maxFileBytes: 64 * 1024, giveUpAfter: 4 };
const PAGING: PagingBounds = { pageBudget: 20, countMargin: 5 };

let instance: HostileInstance;
let dir: Awaited<ReturnType<typeof tempDir>>;
let good: Map<string, string>;
let runs = 0;

/** Every file under `root` -> its sha256 (paths relative to `root`). */
async function tree(root: string): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const walk = async (at: string) => {
    for (const entry of await readdir(at, { withFileTypes: true })) {
      const path = join(at, entry.name);
      if (entry.isDirectory()) await walk(path);
      else out.set(relative(root, path), createHash('sha256').update(await readFile(path)).digest('hex'));
    }
  };
  await walk(root);
  return out;
}

const run = (root: string, options: { client?: ClientOptions; paging?: PagingBounds } = {}) =>
  importArchive({
    source: `${instance.api}/api/v1/`,
    contentDir: join(root, 'content'),
    client: { ...CLIENT, ...options.client },
    paging: { ...PAGING, ...options.paging },
    log: { info() {}, warn() {}, error() {} },
  });

interface Outcome {
  result: ImportResult;
  ms: number;
  /** Files of the run's folder outside content/ and the cache. */
  outside: string[];
  /** content/ after the run, file -> sha256. */
  after: Map<string, string>;
  root: string;
}

/** Runs the import with `scenario` on a copy of the good mirror. */
async function hostile(scenario: Scenario, options: { client?: ClientOptions; paging?: PagingBounds } = {}): Promise<Outcome> {
  const root = join(dir.path, `run-${++runs}`);
  await mkdir(join(root, 'outside'), { recursive: true });
  await writeFile(join(root, 'outside', 'x.pdf'), 'the operator\'s own file');
  await cp(join(dir.path, 'good', 'content'), join(root, 'content'), { recursive: true });
  instance.use(scenario);
  const started = performance.now();
  const result = await run(root, options).finally(() => instance.use());
  const ms = performance.now() - started;
  const all = await tree(root);
  const outside = [...all.keys()].filter((path) => !path.startsWith('content/') && !path.startsWith('.cache/') && path !== join('outside', 'x.pdf'));
  expect(await readFile(join(root, 'outside', 'x.pdf'), 'utf8')).toBe('the operator\'s own file');
  return { result, ms, outside, after: await tree(join(root, 'content')), root };
}

/** What every scenario asserts: nothing outside, the mirror as it was, within the bound, the failure named. */
function expectNeverWorse(outcome: Outcome, failure: RegExp, boundMs = 5000) {
  expect(outcome.outside).toEqual([]);
  expect(outcome.after).toEqual(good);
  expect(outcome.ms).toBeLessThan(boundMs);
  expect(outcome.result.failed).toEqual(expect.arrayContaining([expect.stringMatching(failure)]));
}

/** Request 7 changed at the source (so the import reads it again), with its detail edited by `change`. */
function request7(change: (detail: Json) => void): Scenario {
  return {
    edit: {
      '/api/v1/request/?limit=2&offset=2': (page) => void ((page.objects as Json[])[0]!.last_modified_at = '2024-01-01T10:00:00+01:00'),
      '/api/v1/request/7/': (detail) => {
        detail.last_modified_at = '2024-01-01T10:00:00+01:00';
        change(detail);
      },
    },
  };
}
const attachment7021 = (detail: Json) => ((detail.messages as Json[])[1]!.attachments as Json[])[0]!;
/** Without a stated size, the file on disk is no reason not to download it again. */
const noSize = (detail: Json) => void (attachment7021(detail).size = null);

/** Document 31 changed at the source, edited by `change`. */
function document31(change: (document: Json) => void): Scenario {
  return {
    edit: {
      '/api/v1/document/': (page) => {
        const document = (page.objects as Json[])[0]!;
        document.last_modified_at = '2024-01-01 10:00:00.000000+00:00';
        change(document);
      },
    },
  };
}

beforeAll(async () => {
  instance = await startHostileInstance();
  dir = await tempDir('import-hostile-');
  const first = await run(join(dir.path, 'good'));
  expect(first.failed).toEqual([]);
  good = await tree(join(dir.path, 'good', 'content'));
  expect(good.get('requests/0007-messwerte-2023/files/702/Messwerte.pdf')).toBeDefined();
}, 60_000);

afterAll(async () => {
  await instance?.close();
  await dir?.remove();
});

describe('names that would leave the content folder or that no file can have', () => {
  it.each([
    ['../../../outside/x.pdf', /^request 7 \(.*\/api\/v1\/request\/7\/\): attachment 7021 of message 702: the name "\.\.\/.*" starts with a dot/],
    ['..', /^request 7 .*attachment 7021 of message 702: the name "\.\." is "\.\."/],
    ['a/../../x.pdf', /^request 7 .*attachment 7021 .*holds "\/"/],
    ['a\\..\\x.pdf', /^request 7 .*attachment 7021 .*holds "\\"/],
    ['bad\u0000name.pdf', /^request 7 .*attachment 7021 .*holds the control character U\+0000/],
    [`${'a'.repeat(300)}.pdf`, /^request 7 .*attachment 7021 .*is 304 bytes long \(at most 255\)/],
  ])('an attachment named %j is reported with its request and URL; nothing is written', async (name, failure) => {
    const outcome = await hostile(request7((detail) => void (attachment7021(detail).name = name)));
    expectNeverWorse(outcome, failure);
    expect(outcome.result.requests.imported).toBe(0);
    expect(outcome.result.requests.upToDate).toBe(2); // the run went on with the others
  });

  it('two attachments of one message whose names differ only in case are refused', async () => {
    const outcome = await hostile(
      request7((detail) => {
        const attachments = (detail.messages as Json[])[1]!.attachments as Json[];
        attachments.push({ ...attachments[0]!, id: 7022, name: 'MESSWERTE.pdf' });
      }),
    );
    expectNeverWorse(outcome, /^request 7 .*the names "Messwerte\.pdf" and "MESSWERTE\.pdf" would be one file/);
  });

  it('a request slug with "../" is refused before any file is downloaded', async () => {
    const root = join(dir.path, 'fresh-slug');
    instance.use(request7((detail) => void (detail.slug = '../../outside')));
    const before = instance.log.length;
    const result = await run(root).finally(() => instance.use());
    expect(result.failed).toEqual([expect.stringMatching(/^request 7 \(.*\): request 7 slug: the name "0007-\.\.\/\.\.\/outside" holds "\/"/)]);
    expect(instance.log.slice(before).filter((entry) => entry.path.startsWith('/files/foi/702/'))).toEqual([]);
    expect([...(await tree(root)).keys()].filter((path) => !path.startsWith('content/') && !path.startsWith('.cache/'))).toEqual([]);
  });

  it('a document file_url whose last segment decodes to "../../x.pdf" is refused', async () => {
    const outcome = await hostile(document31((document) => void (document.file_url = `${instance.media}/files/docs/31/..%2F..%2Fx.pdf`)));
    expectNeverWorse(outcome, /^document 31 \(.*\): document 31 file_url: the name "\.\.\/\.\.\/x\.pdf" starts with a dot/);
  });
});

describe('answers that must not make a good mirror worse', () => {
  it('a file answered by an HTML login page, with no size stated, keeps the good PDF', async () => {
    const login = '<!doctype html><html><body><form action="/account/login/">Anmelden</form></body></html>';
    const outcome = await hostile({
      ...request7((detail) => void (attachment7021(detail).size = null)),
      answer: { '/files/foi/702/Messwerte.pdf?token=abc': (_q, response) => void response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(login) },
    });
    expectNeverWorse(outcome, /^request 7 \(.*\/request\/7\/\): .*\/files\/foi\/702\/Messwerte\.pdf\?token=abc: not a PDF: \d+ bytes of text\/html/);
  });

  it('messages that are not a list are an error, and no message file is deleted', async () => {
    const outcome = await hostile(request7((detail) => void (detail.messages = { 701: 'x' })));
    expectNeverWorse(outcome, /^request 7 \(.*\): messages: expected a list/);
  });

  it('a message left out of its request is deleted only when its own detail answers 404', async () => {
    const dropped = request7((detail) => void (detail.messages = (detail.messages as Json[]).filter((message) => message.id !== 701)));
    const kept = await hostile({ ...dropped, answer: { '/api/v1/message/701/': json({ id: 701 }) } });
    const letter = 'requests/0007-messwerte-2023/messages/701.yaml';
    expect(kept.after.get(letter)).toBe(good.get(letter));
    expect(kept.result.skipped).toEqual(expect.arrayContaining([expect.stringMatching(/^message 701 of requests\/0007-messwerte-2023: no longer in its request's messages, but its detail still answers; kept$/)]));
    const gone = await hostile(dropped); // the instance answers 404 for /api/v1/message/701/
    expect(gone.result.failed).toEqual([]);
    expect(gone.after.has(letter)).toBe(false);
    expect(gone.after.has('requests/0007-messwerte-2023/messages/702.yaml')).toBe(true);
  });

  it('a file whose sha256 differs from the one the API states is refused', async () => {
    const outcome = await hostile(request7((detail) => void (attachment7021(detail).sha256 = '0'.repeat(64))));
    expectNeverWorse(outcome, /^request 7 \(.*\/request\/7\/\): .*sha256 [0-9a-f]{64}, the API says 0{64}/);
  });

  it('JSON nested 100,000 deep is reported, not a stack overflow', async () => {
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    const outcome = await hostile({ ...request7(() => {}), answer: { '/api/v1/request/7/': json(deep) } });
    expectNeverWorse(outcome, /^request 7: .*\/api\/v1\/request\/7\/: JSON (nested more than 64 levels|too deeply nested)/);
  });
});

describe('bounds', () => {
  it('a JSON answer larger than the bound, without Content-Length, is cut off while reading', async () => {
    const outcome = await hostile({
      ...request7(() => {}),
      answer: {
        '/api/v1/request/7/': (_q, response) => {
          response.writeHead(200, { 'content-type': 'application/json' });
          response.end(`{"x": "${'a'.repeat(1024 * 1024)}"}`);
        },
      },
    });
    expectNeverWorse(outcome, /^request 7: .*\/request\/7\/: the answer went past the 0\.3 MiB allowed \(--max-json-mb\)/);
  });

  it('a Content-Length above the bound is refused before the body is read', async () => {
    const outcome = await hostile({
      ...request7(noSize),
      answer: { '/files/foi/702/Messwerte.pdf?token=abc': (_q, response) => void response.writeHead(200, { 'content-type': 'application/pdf', 'content-length': String(2 ** 31) }).write('%PDF-1.7') },
    });
    expectNeverWorse(outcome, /^request 7 \(.*\/request\/7\/\): .*Content-Length 2147483648 bytes \(2048 MiB\) is more than the 0\.1 MiB allowed \(--max-file-mb\)/);
  });

  it('a meta.next that leads back to a page already read ends the list with a message', async () => {
    const outcome = await hostile({ edit: { '/api/v1/request/?limit=2&offset=2': (page) => void ((page.meta as Json).next = `${instance.api}/api/v1/request/`) } });
    expectNeverWorse(outcome, /^the request list: .*meta\.next of page 2 leads back to .*\/api\/v1\/request\/, a page already read/);
  });

  it('a meta.next with a new offset on every page ends after total_count and its margin', async () => {
    const endless = (offset: number) => ({ meta: { total_count: 3, next: `${instance.api}/api/v1/request/?limit=2&offset=${offset + 2}` }, objects: [{ id: 1000 + offset, last_modified_at: '2024-01-01T10:00:00+01:00' }, { id: 1001 + offset }] });
    const answer: Scenario['answer'] = {};
    for (let offset = 2; offset < 400; offset += 2) answer[`/api/v1/request/?limit=2&offset=${offset}`] = json(endless(offset));
    const before = instance.log.length;
    const outcome = await hostile({ answer });
    expectNeverWorse(outcome, /^the request list: .*more objects than meta\.total_count said \(8 with the margin/);
    expect(instance.log.slice(before).filter((entry) => entry.path.startsWith('/api/v1/request/?limit=2&offset=')).length).toBe(4);
  });

  it('a Retry-After above the cap gives up on that URL at once', async () => {
    const outcome = await hostile({
      ...request7(() => {}),
      answer: { '/api/v1/request/7/': (_q, response) => void response.writeHead(429, { 'retry-after': '600' }).end() },
    });
    expectNeverWorse(outcome, /^request 7: .*\/request\/7\/: answered 429; Retry-After asks for 600 s, more than the 1 s allowed \(--max-retry-after\)/);
  });

  it('a server that never answers ends the run within its bound, saying so', async () => {
    const stall = () => {}; // neither headers nor body, ever
    const outcome = await hostile({ edit: {}, answer: { '/api/v1/request/': stall } });
    // attempts 2 x 1 s and 10 ms backoff for the list, then the rest of the run
    expectNeverWorse(outcome, /^the request list: .*\/api\/v1\/request\/: no answer within 1 s \(after 2 tries\)/, 6000);
  });

  it('a body that trickles is cut at the deadline of its try', async () => {
    const outcome = await hostile({
      ...request7(noSize),
      answer: {
        '/files/foi/702/Messwerte.pdf?token=abc': (_q, response) => {
          response.writeHead(200, { 'content-type': 'application/pdf', 'content-length': '2248' });
          response.write('%PDF-1.7\n');
          const drip = setInterval(() => response.write(' '), 50);
          response.on('close', () => clearInterval(drip));
        },
      },
    });
    expectNeverWorse(outcome, /^request 7 \(.*\/request\/7\/\): .*Messwerte\.pdf\?token=abc: the body did not end within 1 s \(after 2 tries\)/);
  });

  it('a source that fails every URL stops the run after a few in a row', async () => {
    const fail = (_q: unknown, response: import('node:http').ServerResponse) => void response.writeHead(500).end();
    const answer: Scenario['answer'] = { '/api/v1/request/7/': fail, '/api/v1/request/8/': fail, '/api/v1/request/9/': fail, '/api/v1/publicbody/': fail, '/api/v1/georegion/': fail, '/api/v1/document/': fail };
    const bumped: Scenario['edit'] = {
      '/api/v1/request/': (page) => (page.objects as Json[]).forEach((o) => (o.last_modified_at = '2024-01-01T10:00:00+01:00')),
      '/api/v1/request/?limit=2&offset=2': (page) => (page.objects as Json[]).forEach((o) => (o.last_modified_at = '2024-01-01T10:00:00+01:00')),
    };
    const outcome = await hostile({ answer, edit: bumped });
    expectNeverWorse(outcome, /failed 4 URLs in a row .*the import stops reading it \(--give-up-after\)/);
    expect(outcome.result.stopped).toBe(true);
  });
});

describe('origins', () => {
  it('a redirect to another origin is refused, and the other origin sees nothing', async () => {
    const outcome = await hostile({
      ...request7(noSize),
      answer: { '/files/foi/702/Messwerte.pdf?token=abc': (_q, response) => void response.writeHead(302, { location: `${instance.elsewhere}/steal?token=abc` }).end() },
    });
    expectNeverWorse(outcome, /^request 7 \(.*\/request\/7\/\): a redirect of .*\/files\/foi\/702\/Messwerte\.pdf\?… to http:\/\/127\.0\.0\.1:\d+\/steal\?… is on .*neither the API's origin nor a media origin/);
    expect(instance.log.filter((entry) => entry.origin === 'elsewhere')).toEqual([]);
  });

  it('a file_url with its token on another origin is not requested', async () => {
    const outcome = await hostile(request7((detail) => void (attachment7021(detail).file_url = `${instance.elsewhere}/files/foi/702/Messwerte.pdf?token=abc`)));
    expectNeverWorse(outcome, /^request 7 \(.*\/request\/7\/\): the file http:\/\/127\.0\.0\.1:\d+\/files\/foi\/702\/Messwerte\.pdf\?… is on .* not requested/);
    expect(instance.log.filter((entry) => entry.origin === 'elsewhere')).toEqual([]);
  });

  it('a meta.next and a resource_uri on another origin are refused', async () => {
    const outcome = await hostile({
      edit: {
        '/api/v1/request/': (page) => {
          (page.meta as Json).next = `${instance.elsewhere}/api/v1/request/?limit=2&offset=2`;
          const item = (page.objects as Json[])[0]!;
          item.last_modified_at = '2024-01-01T10:00:00+01:00';
          item.resource_uri = `${instance.elsewhere}/api/v1/request/9/`;
        },
      },
    });
    expectNeverWorse(outcome, /^the request list: meta\.next of .* is on http:\/\/127\.0\.0\.1:\d+, which is neither/);
    expect(outcome.result.failed).toEqual(expect.arrayContaining([expect.stringMatching(/^request 9: the URL http:\/\/127\.0\.0\.1:\d+\/api\/v1\/request\/9\/ is on/)]));
    expect(instance.log.filter((entry) => entry.origin === 'elsewhere')).toEqual([]);
  });

  it('files come from the media origin the document list names, with their token', () => {
    const files = instance.log.filter((entry) => entry.path.startsWith('/files/'));
    expect(files.length).toBeGreaterThan(0);
    expect(new Set(files.map((entry) => entry.origin))).toEqual(new Set(['media']));
  });
});

describe('no debris', () => {
  it('the next run empties the staging folder and removes the temporary files older versions left', async () => {
    const root = join(dir.path, 'debris');
    await cp(join(dir.path, 'good', 'content'), join(root, 'content'), { recursive: true });
    await mkdir(join(root, '.cache/archive/import-staging/object-1-dead'), { recursive: true });
    await writeFile(join(root, '.cache/archive/import-staging/object-1-dead/0'), 'half a file');
    const leftover = join(root, 'content/requests/0007-messwerte-2023/files/702/Messwerte.pdf.import-deadbeef');
    await writeFile(leftover, 'half a file');
    instance.use(request7(() => {}));
    const result = await run(root).finally(() => instance.use());
    expect(result.failed).toEqual([]);
    expect(await readdir(join(root, '.cache/archive/import-staging'))).toEqual([]);
    await expect(stat(leftover)).rejects.toThrow(/ENOENT/);
    const after = await tree(join(root, 'content'));
    expect([...after.keys()].filter((path) => /\.import-/.test(path))).toEqual([]);
  });
});

describe('an import killed with SIGKILL while a file arrives', () => {
  it('leaves content/ as it was and only staging files, which the next run removes', async () => {
    const root = join(dir.path, 'killed');
    await cp(join(dir.path, 'good', 'content'), join(root, 'content'), { recursive: true });
    instance.use({
      ...request7(noSize),
      answer: {
        '/files/foi/702/Messwerte.pdf?token=abc': (_q, response) => {
          response.writeHead(200, { 'content-type': 'application/pdf', 'content-length': '2248' });
          response.write('%PDF-1.7\n');
          const drip = setInterval(() => response.write(' '), 20);
          response.on('close', () => clearInterval(drip));
        },
      },
    });
    const staging = join(root, '.cache/archive/import-staging');
    // node itself with tsx's loader, so that the SIGKILL reaches the importer's process.
    const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, '../../src/cli.ts'), 'import', `${instance.api}/api/v1/`, '--content', join(root, 'content'), '--rate', '1000', '--timeout', '30'], { stdio: 'ignore' });
    const killed = new Promise<string | null>((resolve) => child.on('exit', (_code, signal) => resolve(signal)));
    const poll = setInterval(() => {
      const objects = existsSync(staging) ? readdirSync(staging) : [];
      for (const object of objects) if (existsSync(join(staging, object, '0'))) child.kill('SIGKILL');
    }, 10);
    const signal = await killed.finally(() => clearInterval(poll));
    instance.use();
    expect(signal).toBe('SIGKILL');
    expect(await tree(join(root, 'content'))).toEqual(good);
    const left = [...(await tree(root)).keys()].filter((path) => !path.startsWith('content/'));
    expect(left.length).toBeGreaterThan(0);
    expect(left.every((path) => path.startsWith('.cache/archive/import-staging/'))).toBe(true);
    const next = await run(root);
    expect(next.failed).toEqual([]);
    expect(await readdir(staging)).toEqual([]);
    expect(await tree(join(root, 'content'))).toEqual(good);
  }, 60_000);
});

describe('objects keep their keys', () => {
  it('__proto__, constructor, dotted and spaced keys go from the source to the served object', async () => {
    const keys = JSON.parse('{"__proto__": {"polluted": true}, "constructor": "c", "prototype": 1, "a.b": [1], "with space": {"__proto__": "nested"}}') as Json;
    const emails = JSON.parse('{"__proto__": "proto@example.org", "a.b c": "dotted@example.org"}') as Json;
    const root = join(dir.path, 'keys');
    instance.use({
      edit: {
        '/api/v1/publicbody/': (page) => {
          const body = (page.objects as Json[])[0]!;
          body.extra_data = keys;
          body.alternative_emails = emails;
        },
      },
    });
    const result = await run(root).finally(() => instance.use());
    expect(result.failed).toEqual([]);
    const content: Tree = {};
    for (const path of (await tree(join(root, 'content'))).keys()) content[path] = new Uint8Array(await readFile(join(root, 'content', path)));
    const built = await buildTree(content);
    try {
      const served = await built.detail('publicbody', 3);
      expect(JSON.stringify(served.extra_data)).toBe(JSON.stringify(keys));
      expect(JSON.stringify(served.alternative_emails)).toBe(JSON.stringify(emails));
      expect(Object.getPrototypeOf(served.extra_data)).toBe(Object.prototype);
      expect(({} as Json).polluted).toBeUndefined();
    } finally {
      await built.remove();
    }
  }, 60_000);
});
