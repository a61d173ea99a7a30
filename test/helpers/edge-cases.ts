/**
 * Runs Edge Functions on a table of cases and answers plain JSON, the same code in Node
 * (the vitest process) and in Deno (test/helpers/edge-deno-main.ts), so two runtimes can be
 * compared field by field. Web-standard only: no node: import, no Deno API.
 *
 * What Netlify's runtime gives an Edge Function, the harness gives in both runtimes alike:
 * `Netlify.env` from the case's `env`, and a context
 * whose `next()` answers the case's `next`. Nothing else is stubbed: a function that reads a
 * store or a server does so over real HTTP, at an address the case carries (in its URL or
 * its env), which the test starts on 127.0.0.1, the only host Deno may reach.
 */

/** A Response as data. `body` is null when the Response has none (HEAD, 204), base64 when not UTF-8. */
export interface WireResponse {
  status: number;
  statusText?: string;
  headers: Record<string, string>;
  body: { text: string } | { base64: string } | null;
}

export interface EdgeCase {
  /** The function's file under src/netlify/edge-functions/, without `.ts`. */
  fn: string;
  request: { method?: string; url: string; headers?: Record<string, string>; body?: string };
  /** What `context.next()` answers (the CDN's file, the rewrite target); absent: calling it throws. */
  next?: WireResponse;
  /** What `Netlify.env.get()` reads. */
  env?: Record<string, string>;
}

interface EdgeAnswer {
  /** Absent when the function threw. */
  response?: WireResponse;
  /** The error's name and message, when the function threw. */
  threw?: string;
  /** How often the function called `context.next()`. */
  nextCalls: number;
}

export interface EdgeRun {
  /** Bare specifiers to import from the project's node_modules, each answered with its export names. */
  packages: string[];
  cases: EdgeCase[];
}

export interface EdgeRunResult {
  packages: Record<string, string[]>;
  answers: EdgeAnswer[];
}

/** Starts the line of Deno's stdout that holds the EdgeRunResult. */
export const RESULT_MARKER = 'EDGE-RESULT ';

type EdgeFunction = (request: Request, context: { next(): Promise<Response> }) => Promise<Response> | Response;

const EDGE_FUNCTIONS = new URL('../../src/netlify/edge-functions/', import.meta.url);

async function load(fn: string): Promise<EdgeFunction> {
  // The name becomes a path: only plain file names, so no case reaches outside the folder.
  if (!/^[a-z0-9][a-z0-9-]*$/.test(fn)) throw new Error(`edge function name "${fn}" is not a plain file name`);
  const module = (await import(/* @vite-ignore */ new URL(`${fn}.ts`, EDGE_FUNCTIONS).href)) as { default?: unknown };
  if (typeof module.default !== 'function') throw new Error(`src/netlify/edge-functions/${fn}.ts has no default export function`);
  return module.default as EdgeFunction;
}

function toResponse(wire: WireResponse): Response {
  const body = wire.body === null ? null : 'text' in wire.body ? wire.body.text : fromBase64(wire.body.base64);
  return new Response(body, { status: wire.status, statusText: wire.statusText ?? '', headers: wire.headers });
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

async function toWire(response: Response): Promise<WireResponse> {
  let body: WireResponse['body'] = null;
  if (response.body !== null) {
    const bytes = new Uint8Array(await response.arrayBuffer());
    try {
      body = { text: strictUtf8.decode(bytes) };
    } catch {
      body = { base64: toBase64(bytes) };
    }
  }
  return { status: response.status, statusText: response.statusText, headers: Object.fromEntries(response.headers), body };
}

/**
 * `globalThis.Netlify` as Netlify's runtime has it: present before any function module is
 * evaluated (a package may read the env at import; @netlify/blobs reads NODE_ENV), with the
 * whole Env API. Its env is the running case's; between cases it is empty.
 */
function installNetlify(): { use(env: Record<string, string>): void; uninstall(): void } {
  const global = globalThis as { Netlify?: unknown };
  const had = Object.hasOwn(global, 'Netlify');
  const previous = global.Netlify;
  let values = new Map<string, string>();
  global.Netlify = {
    env: {
      get: (name: string) => values.get(name),
      has: (name: string) => values.has(name),
      set: (name: string, value: string) => void values.set(name, value),
      delete: (name: string) => void values.delete(name),
      toObject: () => Object.fromEntries(values),
    },
  };
  return {
    use: (env) => (values = new Map(Object.entries(env))),
    uninstall() {
      if (had) global.Netlify = previous;
      else delete global.Netlify;
    },
  };
}

async function runEdgeCase(fn: EdgeFunction, edgeCase: EdgeCase): Promise<EdgeAnswer> {
  let nextCalls = 0;
  const context = {
    async next(): Promise<Response> {
      nextCalls += 1;
      if (!edgeCase.next) throw new Error('context.next() called, but the case gives no next answer');
      return toResponse(edgeCase.next);
    },
  };
  const { method = 'GET', url, headers = {}, body } = edgeCase.request;
  try {
    const request = new Request(url, { method, headers, ...(body === undefined ? {} : { body }) });
    return { response: await toWire(await fn(request, context)), nextCalls };
  } catch (error) {
    return { threw: describeError(error), nextCalls };
  }
}

/**
 * Imports the packages and every function named in the cases (with an empty env), then runs
 * the cases one after another, each with its env.
 */
export async function runEdgeCases(run: EdgeRun): Promise<EdgeRunResult> {
  const netlify = installNetlify();
  try {
    const packages: Record<string, string[]> = {};
    for (const name of run.packages) {
      packages[name] = Object.keys(await import(/* @vite-ignore */ name)).sort();
    }
    // A function that fails to load fails each of its cases, not the run.
    const functions = new Map<string, EdgeFunction | { threw: string }>();
    for (const fn of new Set(run.cases.map((edgeCase) => edgeCase.fn))) {
      functions.set(fn, await load(fn).catch((error: unknown) => ({ threw: describeError(error) })));
    }
    const answers: EdgeAnswer[] = [];
    for (const edgeCase of run.cases) {
      const fn = functions.get(edgeCase.fn)!;
      netlify.use(edgeCase.env ?? {});
      answers.push(typeof fn === 'function' ? await runEdgeCase(fn, edgeCase) : { ...fn, nextCalls: 0 });
      netlify.use({});
    }
    return { packages, answers };
  } finally {
    netlify.uninstall();
  }
}

function describeError(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  return Uint8Array.from(atob(text), (char) => char.charCodeAt(0));
}
