/**
 * `archive serve` and `archive start`: the preview over build/, and the watching preview that
 * rebuilds on every change of content/.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { buildPaths } from '../api/build-paths.ts';
import type { Logger } from '../log.ts';
import type { MediaStore } from '../media/media-store.ts';
import type { BuildNotice } from '../serve/api/html/notice.ts';
import { build, runBuild } from './build-commands.ts';
import { errorChain, mediaStore } from './command-helpers.ts';
import type { Options } from './usage.ts';

/** The preview over build/ (the port the options name); `notice` is the watching preview's banner. */
async function previewServer(options: Options, log: Logger, media: MediaStore, notice?: () => BuildNotice | null) {
  const { startPreviewServer } = await import('../serve/preview/server.ts');
  return startPreviewServer({
    buildDir: options.out,
    host: options.host,
    port: Number(options.port),
    env: process.env,
    log: (line) => log.error(line),
    media,
    ...(notice ? { notice } : {}),
    onError: (error, request) => log.error(`${request} answered 500: ${errorChain(error)}`),
  });
}

/** Says so when `error` is a port in use or an address this machine does not have (exit status 1); any other error is thrown on. */
function portInUse(error: unknown, options: Options, log: Logger): number {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'EADDRINUSE') log.error(`port ${options.port} is in use on ${options.host}; stop what runs there, or pass another --port (or PORT)`);
  else if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND' || code === 'EAI_AGAIN') log.error(`cannot listen on ${options.host}: it is not an address of this machine; pass --host (or HOST) 127.0.0.1, 0.0.0.0 or one of its addresses`);
  else throw error;
  return 1;
}

/** What is wrong with --port (or PORT), or null: a whole number from 0 to 65535. */
function portProblem(port: string): string | null {
  return /^\d{1,5}$/.test(port) && Number(port) <= 65535 ? null : `--port (or PORT) must be a whole number from 0 to 65535, not "${port}"`;
}

/** Said after the address when the server listens on every interface: the address a browser opens instead. */
function everyInterface(host: string, url: string): string {
  return host === '0.0.0.0' || host === '::' ? ` (every interface of this machine; from here open ${url.replace(/\/\/(0\.0\.0\.0|\[::\])/, '//localhost')})` : '';
}

/** Resolves when the process is asked to stop (Ctrl-C, SIGTERM), after `close`. */
function untilStopped(close: () => Promise<void>): Promise<number> {
  return new Promise((resolve) => {
    const stop = () => void close().then(() => resolve(0));
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
}

export async function serve(options: Options, log: Logger): Promise<number> {
  const wrong = portProblem(options.port);
  if (wrong) {
    log.error(wrong);
    return 2;
  }
  // Without a build every request would be a 500: refuse to start instead.
  if (!existsSync(join(options.out, buildPaths.manifest))) {
    log.error(`no build at ${options.out}/; run npm run build (or npm start)`);
    return 1;
  }
  const media = await mediaStore(options, log);
  if (!media) return 1;
  let server: Awaited<ReturnType<typeof previewServer>>;
  try {
    server = await previewServer(options, log, media);
  } catch (error) {
    return portInUse(error, options, log);
  }
  log.info(`serving ${options.out}/ at ${server.url}api/v1/${everyInterface(options.host, `${server.url}api/v1/`)} (Ctrl-C stops)`);
  return untilStopped(() => server.close());
}

/**
 * `archive start`: build for the preview's address and serve; unless --no-watch, watch
 * content/ and rebuild on every change (src/start.ts).
 */
export async function start(options: Options, log: Logger): Promise<number> {
  const wrong = portProblem(options.port);
  if (wrong) {
    log.error(wrong);
    return 2;
  }
  const baseUrl = options['base-url'] ?? `http://localhost:${options.port}`;
  if (options['no-watch']) {
    const status = await build(options, log, baseUrl);
    return status === 0 ? serve(options, log) : status;
  }
  const media = await mediaStore(options, log);
  if (!media) return 1;
  const { startWatchingPreview } = await import('../start.ts');
  const { ScanMemory } = await import('../content/scan-memory.ts');
  const { ParseMemory } = await import('../content/parse-memory.ts');
  // The last walk of content/ and the parse cache's shards as read, kept between rebuilds: each
  // walks only what the watcher saw change and reads only the shards the last one rewrote.
  const memory = { scan: new ScanMemory(), parses: new ParseMemory() };
  let usage = 0;
  let preview: Awaited<ReturnType<typeof startWatchingPreview>>;
  try {
    preview = await startWatchingPreview({
      contentDir: options.content,
      rebuild: async ({ paths, complete }) => {
        memory.scan.saw(paths, complete);
        const { status, problems } = await runBuild(options, log, baseUrl, memory);
        if (status === 2) usage = 2;
        return status === 0 ? { ok: true } : { ok: false, problems };
      },
      hasBuild: () => existsSync(join(options.out, buildPaths.manifest)),
      serve: (notice) => previewServer(options, log, media, notice),
      addressNote: (url) => everyInterface(options.host, url),
      log,
    });
  } catch (error) {
    memory.parses.close();
    return portInUse(error, options, log);
  }
  const stop = async () => {
    await preview.close();
    memory.parses.close();
  };
  // Wrong options fail every build alike; without a build and without a watcher nothing can follow.
  if (usage === 2 || (!preview.server && !preview.watching)) {
    await stop();
    return usage || 1;
  }
  return untilStopped(stop);
}
