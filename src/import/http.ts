/**
 * The importer's HTTP client: a polite reader of someone else's froide (docs/import.md, "Being a
 * good citizen") that does not trust it (docs/import.md, "A source it does not control"). At
 * most `concurrency` requests in flight, request starts spaced to `ratePerSecond`, a User-Agent
 * naming the tool, retries with doubling backoff for what may pass (5xx, 429, dropped
 * connections, broken JSON, a truncated or wrongly sized file), the server's `Retry-After` on
 * 429 and 503 up to a cap. Every URL, redirects included, must be on an origin the import
 * allows; every try has one deadline for connecting and the whole body; every body has a
 * maximum size; and a source that fails many URLs in a row ends the run.
 */
import { rm } from 'node:fs/promises';
import { BodyBroken, BodyRefused, bodyToFile, boundedBytes, checkDepth, looksLikePdf, type FileFacts } from './http-body.ts';

export const USER_AGENT = 'foi-archive-import/0.1 (archive import: a read-only mirror of a froide API)';

const MiB = 1024 * 1024;

/** Every bound of the client, with its default (docs/import.md says why each is what it is). */
const CLIENT_DEFAULTS = {
  concurrency: 2,
  ratePerSecond: 2,
  attempts: 5,
  backoffMs: 1000,
  maxRetryAfterMs: 120_000,
  timeoutMs: 60_000,
  maxJsonBytes: 32 * MiB,
  maxFileBytes: 256 * MiB,
  maxJsonDepth: 64,
  maxRedirects: 5,
  giveUpAfter: 10,
};

export interface ClientOptions {
  userAgent?: string;
  /** Requests in flight at once. */
  concurrency?: number;
  /** Request starts per second (a public froide sees a slow reader). */
  ratePerSecond?: number;
  /** Tries per request in all. */
  attempts?: number;
  /** Wait before the second try, doubled before each further one. */
  backoffMs?: number;
  /** Longest wait a Retry-After may ask for; more gives up on that URL. */
  maxRetryAfterMs?: number;
  /** One deadline per try: connecting, redirects and the whole body. */
  timeoutMs?: number;
  maxJsonBytes?: number;
  maxFileBytes?: number;
  maxJsonDepth?: number;
  maxRedirects?: number;
  /** URLs in a row that stay bad after every try before the import stops reading the source. */
  giveUpAfter?: number;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
  /** Called for every try that failed and will be retried: a line for the log. */
  onRetry?: (line: string) => void;
}

/** An answer the server gave and will keep giving (404, 401, 403, 410): not retried. */
export class HttpRefusal extends Error {
  override name = 'HttpRefusal';
  constructor(
    readonly url: string,
    readonly status: number,
  ) {
    super(`${url} answered ${status}`);
  }
}

/** An answer that stayed bad after every try, or that no try can mend: reported, never written. */
export class BadAnswer extends Error {
  override name = 'BadAnswer';
  constructor(
    readonly url: string,
    message: string,
    readonly attempts: number,
  ) {
    super(`${url}: ${message} (after ${attempts} tr${attempts === 1 ? 'y' : 'ies'})`);
  }
}

/** A URL on an origin the import does not read: refused before a request is made. */
export class OriginRefused extends Error {
  override name = 'OriginRefused';
  constructor(
    readonly url: string,
    what: string,
  ) {
    super(`${what} ${withoutQuery(url)} is on ${new URL(url).origin}, which is neither the API's origin nor a media origin of the instance; not requested (--media-origin adds one)`);
  }
}

/** The source failed too many URLs in a row: the run ends. */
export class SourceGaveUp extends Error {
  override name = 'SourceGaveUp';
}

/** A URL as it may appear in a log: a `?token=` stays out. */
const withoutQuery = (url: string) => {
  const parsed = new URL(url);
  return parsed.search ? `${parsed.origin}${parsed.pathname}?…` : parsed.href;
};

/** A failure of one try that a later try may not meet. */
class Transient extends Error {
  constructor(
    message: string,
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }
}

/** What the API says a file is: its size and sha256 when it names them, and whether it must be a PDF. */
export interface FileExpectation {
  size?: number | null;
  sha256?: string | null;
  pdf?: boolean;
  /** Whether an HTML page may be the file (only when the attachment says it is HTML). */
  html?: boolean;
}

export interface HttpClient {
  /** A JSON answer, parsed. Throws HttpRefusal, BadAnswer, OriginRefused or SourceGaveUp. */
  json(url: string): Promise<unknown>;
  /** Streams a file into `dest` (which must not exist) and checks it against what the API said. */
  file(url: string, expect: FileExpectation, dest: string): Promise<FileFacts>;
  /** Allows requests to another origin (a media origin of the instance). */
  allowOrigin(origin: string): void;
  /** Throws OriginRefused unless `url` is on an allowed origin. */
  checkOrigin(url: string, what: string): void;
  /** Requests made, tries included. */
  readonly requests: number;
}

const PERMANENT = new Set([400, 401, 403, 404, 405, 406, 410]);
const REDIRECT = new Set([301, 302, 303, 307, 308]);

/** `Retry-After`: seconds, or an HTTP date (RFC 9110 §10.2.3). */
export function retryAfterMs(header: string | null, now: number): number | undefined {
  if (header === null || header.trim() === '') return undefined;
  const seconds = Number(header.trim());
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

export function createClient(options: ClientOptions = {}): HttpClient {
  const o = { ...CLIENT_DEFAULTS, ...Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined)) } as typeof CLIENT_DEFAULTS & ClientOptions;
  const doFetch = o.fetch ?? fetch;
  const sleep = o.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const now = o.now ?? Date.now;
  const concurrency = Math.max(1, o.concurrency);
  const spacing = 1000 / Math.max(0.01, o.ratePerSecond);
  const attempts = Math.max(1, o.attempts);
  const headers = { 'user-agent': o.userAgent ?? USER_AGENT, accept: 'application/json' };
  const origins = new Set<string>();
  let inFlight = 0;
  const waiting: (() => void)[] = [];
  let nextStart = 0;
  let requests = 0;
  let failedInARow = 0;
  let gaveUp: SourceGaveUp | null = null;

  function checkOrigin(url: string, what: string) {
    if (!origins.has(new URL(url).origin)) throw new OriginRefused(url, what);
  }

  async function slot<T>(call: () => Promise<T>): Promise<T> {
    if (inFlight >= concurrency) await new Promise<void>((resolve) => waiting.push(resolve));
    inFlight++;
    try {
      const start = Math.max(now(), nextStart);
      nextStart = start + spacing;
      if (start > now()) await sleep(start - now());
      if (gaveUp) throw gaveUp;
      return await call();
    } finally {
      inFlight--;
      waiting.shift()?.();
    }
  }

  /** One try: the URL and the redirects it leads to (each checked), under one deadline, then `read`. */
  async function once<T>(url: string, read: (response: Response, signal: AbortSignal) => Promise<T>): Promise<T> {
    const signal = AbortSignal.timeout(o.timeoutMs);
    let at = url;
    for (let hop = 0; ; hop++) {
      requests++;
      let response: Response;
      try {
        response = await doFetch(at, { headers, redirect: 'manual', signal });
      } catch (error) {
        throw new Transient(signal.aborted ? `no answer within ${o.timeoutMs / 1000} s` : `no answer (${(error as Error).message})`);
      }
      if (REDIRECT.has(response.status)) {
        await response.body?.cancel();
        const location = response.headers.get('location');
        if (!location) throw new Transient(`answered ${response.status} without Location`);
        if (hop >= o.maxRedirects) throw new BadAnswer(url, `more than ${o.maxRedirects} redirects`, 1);
        at = new URL(location, at).href;
        checkOrigin(at, `a redirect of ${withoutQuery(url)} to`);
        continue;
      }
      if (!response.ok) {
        await response.body?.cancel();
        if (PERMANENT.has(response.status)) throw new HttpRefusal(url, response.status);
        const wait = response.status === 429 || response.status === 503 ? retryAfterMs(response.headers.get('retry-after'), now()) : undefined;
        throw new Transient(`answered ${response.status}`, wait);
      }
      try {
        return await read(response, signal);
      } catch (error) {
        if (error instanceof BodyBroken) throw new Transient(signal.aborted ? `the body did not end within ${o.timeoutMs / 1000} s` : error.message);
        if (error instanceof BodyRefused) throw new BadAnswer(url, error.message, 1);
        throw error;
      }
    }
  }

  async function withTries<T>(url: string, what: string, read: (response: Response, signal: AbortSignal) => Promise<T>): Promise<T> {
    checkOrigin(url, what);
    if (gaveUp) throw gaveUp;
    let wait = o.backoffMs;
    for (let attempt = 1; ; attempt++) {
      try {
        const value = await slot(() => once(url, read));
        failedInARow = 0;
        return value;
      } catch (error) {
        if (!(error instanceof Transient)) throw error;
        const pause = error.retryAfterMs ?? wait;
        let final: BadAnswer | null = null;
        if (attempt >= attempts) final = new BadAnswer(url, error.message, attempt);
        else if (pause > o.maxRetryAfterMs) final = new BadAnswer(url, `${error.message}; Retry-After asks for ${Math.round(pause / 1000)} s, more than the ${Math.round(o.maxRetryAfterMs / 1000)} s allowed (--max-retry-after)`, attempt);
        if (final) {
          if (++failedInARow >= o.giveUpAfter && !gaveUp) gaveUp = new SourceGaveUp(`${new URL(url).origin} failed ${failedInARow} URLs in a row (the last: ${final.message}); the import stops reading it (--give-up-after)`);
          throw final;
        }
        o.onRetry?.(`${withoutQuery(url)}: ${error.message}; try ${attempt + 1} of ${attempts} in ${Math.round(pause / 100) / 10} s`);
        await sleep(pause);
        wait *= 2;
      }
    }
  }

  return {
    get requests() {
      return requests;
    },
    allowOrigin: (origin) => void origins.add(new URL(origin).origin),
    checkOrigin,
    json: (url) =>
      withTries(url, 'the URL', async (response) => {
        const text = new TextDecoder().decode(await boundedBytes(response, o.maxJsonBytes, '--max-json-mb'));
        let value: unknown;
        try {
          value = JSON.parse(text) as unknown;
        } catch (error) {
          if (error instanceof RangeError) throw new BodyRefused(`JSON too deeply nested to read (${error.message})`);
          throw new Transient(`broken JSON (${(error as Error).message})`);
        }
        checkDepth(value, o.maxJsonDepth);
        return value;
      }),
    file: (url, expect, dest) =>
      withTries(url, 'the file', async (response) => {
        const declared = response.headers.get('content-length');
        await rm(dest, { force: true });
        const facts = await bodyToFile(response, dest, o.maxFileBytes, '--max-file-mb');
        if (declared !== null && response.headers.get('content-encoding') === null && Number(declared) !== facts.bytes) {
          throw new Transient(`truncated: ${facts.bytes} of ${declared} bytes`);
        }
        if (expect.size !== undefined && expect.size !== null && facts.bytes !== expect.size) throw new Transient(`${facts.bytes} bytes, the API says ${expect.size}`);
        if (expect.sha256 && expect.sha256.toLowerCase() !== facts.sha256) throw new Transient(`sha256 ${facts.sha256}, the API says ${expect.sha256}`);
        const type = response.headers.get('content-type') ?? 'no Content-Type';
        if (expect.pdf && !looksLikePdf(facts.head)) throw new Transient(`not a PDF: ${facts.bytes} bytes of ${type} without "%PDF-" in the first 1024 bytes`);
        if (!expect.html && /^text\/html\b/i.test(type)) throw new Transient(`an HTML page (${facts.bytes} bytes of ${type}), not the file`);
        return facts;
      }),
  };
}
