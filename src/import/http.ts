/**
 * The importer's HTTP client: a polite reader of someone else's froide (docs/import.md, "Being a
 * good citizen"). At most `concurrency` requests in flight, request starts spaced to
 * `ratePerSecond`, a User-Agent naming the tool, retries with doubling backoff for what may pass
 * (5xx, 429, dropped connections, broken JSON, a truncated or wrongly sized file), and the
 * server's `Retry-After` on 429 and 503. Nothing it returns is half-read: a JSON answer parsed
 * whole, a file whose byte count matches both Content-Length and the size the API announced.
 */

export const USER_AGENT = 'foi-archive-import/0.1 (archive import: a read-only mirror of a froide API)';

export interface ClientOptions {
  userAgent?: string;
  /** Requests in flight at once (default 2). */
  concurrency?: number;
  /** Request starts per second (default 2: a public froide sees a slow reader). */
  ratePerSecond?: number;
  /** Tries per request in all (default 5). */
  attempts?: number;
  /** Wait before the second try, doubled before each further one (default 1 s). */
  backoffMs?: number;
  /** Longest wait a Retry-After may ask for before the import gives up on the answer (default 10 min). */
  maxRetryAfterMs?: number;
  /** Per request (default 60 s). */
  timeoutMs?: number;
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

/** An answer that stayed bad after every try: reported, never written. */
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

/** A failure of one try that a later try may not meet. */
class Transient extends Error {
  constructor(
    message: string,
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }
}

export interface HttpClient {
  /** A JSON answer, parsed. Throws HttpRefusal or BadAnswer. */
  json(url: string): Promise<unknown>;
  /** A file's bytes; `size`, when given, is what the API says the file has. */
  file(url: string, size?: number | null): Promise<Uint8Array>;
  /** Requests made, tries included. */
  readonly requests: number;
}

const PERMANENT = new Set([400, 401, 403, 404, 405, 406, 410]);

/** `Retry-After`: seconds, or an HTTP date (RFC 9110 §10.2.3). */
export function retryAfterMs(header: string | null, now: number): number | undefined {
  if (header === null || header.trim() === '') return undefined;
  const seconds = Number(header.trim());
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

export function createClient(options: ClientOptions = {}): HttpClient {
  const doFetch = options.fetch ?? fetch;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const now = options.now ?? Date.now;
  const concurrency = Math.max(1, options.concurrency ?? 2);
  const spacing = 1000 / Math.max(0.01, options.ratePerSecond ?? 2);
  const attempts = Math.max(1, options.attempts ?? 5);
  const backoff = options.backoffMs ?? 1000;
  const maxRetryAfter = options.maxRetryAfterMs ?? 600_000;
  const timeoutMs = options.timeoutMs ?? 60_000;
  const headers = { 'user-agent': options.userAgent ?? USER_AGENT, accept: 'application/json' };
  let inFlight = 0;
  const waiting: (() => void)[] = [];
  let nextStart = 0;
  let requests = 0;

  async function slot<T>(call: () => Promise<T>): Promise<T> {
    if (inFlight >= concurrency) await new Promise<void>((resolve) => waiting.push(resolve));
    inFlight++;
    try {
      const start = Math.max(now(), nextStart);
      nextStart = start + spacing;
      if (start > now()) await sleep(start - now());
      requests++;
      return await call();
    } finally {
      inFlight--;
      waiting.shift()?.();
    }
  }

  async function fetchOnce(url: string): Promise<Response> {
    let response: Response;
    try {
      response = await doFetch(url, { headers, redirect: 'follow', signal: AbortSignal.timeout(timeoutMs) });
    } catch (error) {
      throw new Transient(`no answer (${(error as Error).message})`);
    }
    if (response.ok) return response;
    await response.body?.cancel();
    if (PERMANENT.has(response.status)) throw new HttpRefusal(url, response.status);
    const wait = response.status === 429 || response.status === 503 ? retryAfterMs(response.headers.get('retry-after'), now()) : undefined;
    throw new Transient(`answered ${response.status}`, wait);
  }

  async function withTries<T>(url: string, read: (response: Response) => Promise<T>): Promise<T> {
    let wait = backoff;
    for (let attempt = 1; ; attempt++) {
      try {
        return await slot(async () => read(await fetchOnce(url)));
      } catch (error) {
        if (!(error instanceof Transient)) throw error;
        if (attempt >= attempts) throw new BadAnswer(url, error.message, attempt);
        const pause = error.retryAfterMs ?? wait;
        if (pause > maxRetryAfter) throw new BadAnswer(url, `${error.message}; Retry-After asks for ${Math.round(pause / 1000)} s`, attempt);
        options.onRetry?.(`${url}: ${error.message}; try ${attempt + 1} of ${attempts} in ${Math.round(pause / 100) / 10} s`);
        await sleep(pause);
        wait *= 2;
      }
    }
  }

  async function bytesOf(response: Response): Promise<Uint8Array> {
    try {
      return new Uint8Array(await response.arrayBuffer());
    } catch (error) {
      throw new Transient(`connection dropped while reading (${(error as Error).message})`);
    }
  }

  return {
    get requests() {
      return requests;
    },
    json: (url) =>
      withTries(url, async (response) => {
        const text = new TextDecoder().decode(await bytesOf(response));
        try {
          return JSON.parse(text) as unknown;
        } catch (error) {
          throw new Transient(`broken JSON (${(error as Error).message})`);
        }
      }),
    file: (url, size) =>
      withTries(url, async (response) => {
        const declared = response.headers.get('content-length');
        const bytes = await bytesOf(response);
        if (declared !== null && response.headers.get('content-encoding') === null && Number(declared) !== bytes.length) {
          throw new Transient(`truncated: ${bytes.length} of ${declared} bytes`);
        }
        if (size !== undefined && size !== null && bytes.length !== size) throw new Transient(`${bytes.length} bytes, the API says ${size}`);
        return bytes;
      }),
  };
}
