/**
 * `npm start`: the preview that follows the editor (docs/serving.md, "Watching content/").
 * Builds, serves build/, watches content/ and rebuilds after each burst of changes, one build
 * at a time. build/ is replaced only by a build that succeeded (src/output/write.ts), so the
 * preview always serves the last good build; while the last rebuild failed, the browsable API
 * shows a banner naming its problems (src/serve/api/html/notice.ts).
 *
 * The rebuild is one call (`rebuild`), given by the caller (the build with its caches,
 * src/cli/preview-commands.ts), with the paths the watcher saw change since the last rebuild
 * began and whether they are all of them.
 */
import { watchContent } from './content/watch.ts';
import { rebuildQueue } from './lib/rebuild-queue.ts';
import { count } from './lib/plural.ts';
import type { Logger } from './log.ts';
import type { BuildNotice, NoticeProblem } from './serve/api/html/notice.ts';
import type { PreviewServer } from './serve/preview/server.ts';

/** How a rebuild ended: build/ replaced, or left as it was for these problems (printed already). */
type RebuildOutcome = { ok: true } | { ok: false; problems: readonly NoticeProblem[] };

/** What changed in content/ since the last rebuild began (paths relative to it, forward slashes). */
export interface ContentChanges {
  paths: ReadonlySet<string>;
  /**
   * Whether `paths` are every change since the last rebuild began: false for the first
   * rebuild, for one whose predecessor began before the watcher was ready, and after the
   * watcher failed (events may have been missed).
   */
  complete: boolean;
}

export interface WatchingPreviewOptions {
  contentDir: string;
  /** One build of content/ into build/; prints what it finds, as `archive build` does. Must not reject for content. */
  rebuild: (changes: ContentChanges) => Promise<RebuildOutcome>;
  /** Whether build/ holds a build the preview can serve (the first build may fail). */
  hasBuild: () => boolean;
  /** Starts the preview over build/; `notice` is asked per request. */
  serve: (notice: () => BuildNotice | null) => Promise<PreviewServer>;
  log: Logger;
  /** Said after the preview's address in the line that gives it (e.g. that it listens on every interface). */
  addressNote?: (url: string) => string;
  /** How long content/ must be quiet before a rebuild starts (default 100 ms). */
  quietMs?: number;
  /** Wall clock for the banner's time (default: now). */
  now?: () => Date;
}

export interface WatchingPreview {
  /** The preview's address, once a build could be served. */
  readonly server: PreviewServer | null;
  /** Whether content/ is watched (it is not when the watcher could not start). */
  readonly watching: boolean;
  /** Resolves when no rebuild is running, queued or waiting (for tests). */
  idle(): Promise<void>;
  /** Stops watching and serving; a rebuild under way finishes first (it may not leave build/ half-swapped). */
  close(): Promise<void>;
}

/** A watcher's batch of paths, and how many more, for one log line. */
function listPaths(contentDir: string, paths: ReadonlySet<string>): string {
  const shown = [...paths].slice(0, 3).map((path) => `${contentDir.replace(/\/+$/, '')}/${path}`);
  return paths.size > 3 ? `${shown.join(', ')} and ${paths.size - 3} more` : shown.join(', ');
}

export async function startWatchingPreview(options: WatchingPreviewOptions): Promise<WatchingPreview> {
  const { log } = options;
  const now = options.now ?? (() => new Date());
  let notice: BuildNotice | null = null;
  let server: PreviewServer | null = null;
  let changed = new Set<string>();
  /** When the first change the next rebuild serves was seen (performance.now()). */
  let firstChange: number | null = null;
  let first = true;
  let serveError: unknown;
  /** Whether the watcher is running, and whether it has seen every change since the last rebuild began. */
  let watcherReady = false;
  let seenAll = false;

  const rebuild = async () => {
    const paths = changed;
    const since = firstChange;
    changed = new Set();
    firstChange = null;
    const complete = seenAll;
    seenAll = watcherReady;
    if (!first && paths.size === 0) log.info(`watching ${options.contentDir}/ from now on: walking it once more, so that each rebuild walks only what changed`);
    else if (!first) log.info(`changed: ${listPaths(options.contentDir, paths)}; rebuilding`);
    const outcome = await options.rebuild({ paths, complete });
    const wasFirst = first;
    first = false;
    if (outcome.ok) {
      if (notice) log.info('the problems are fixed');
      notice = null;
    } else {
      const errors = outcome.problems.length;
      notice = { summary: `The build of ${now().toTimeString().slice(0, 8)} failed: ${count(errors, 'error')}.`, problems: outcome.problems };
    }
    if (!server && options.hasBuild()) {
      try {
        server = await options.serve(() => notice);
      } catch (error) {
        // Not a matter of content (the port is taken): startWatchingPreview rejects with it.
        serveError = error;
        return;
      }
      log.info(`serving at ${server.url}api/v1/${options.addressNote?.(`${server.url}api/v1/`) ?? ''} (browsable: ${server.url}api/v1/?format=api)`);
    }
    if (!server) log.error(`nothing to serve yet: the preview starts once ${options.contentDir}/ builds`);
    else if (!outcome.ok) log.error('the preview keeps serving the last good build, with a banner in the browsable API, until a rebuild succeeds');
    else if (!wasFirst && since !== null) log.info(`served ${((performance.now() - since) / 1000).toFixed(2)} s after the change`);
  };
  const queue = rebuildQueue(rebuild, {
    quietMs: options.quietMs ?? 100,
    onError: (error) => log.error(`rebuild failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`),
  });

  // Watching starts beside the first build, so a change during it is not missed (and the
  // watcher's crawl of a large archive overlaps the build).
  const watching = watchContent(
    options.contentDir,
    ({ paths }) => {
      firstChange ??= performance.now();
      paths.forEach((path) => changed.add(path));
      queue.trigger();
    },
    (error) => {
      seenAll = false;
      log.warn(`watching ${options.contentDir}/: ${error.message}; a change may be missed until the next one`);
    },
  ).then((watcher) => {
    watcherReady = true;
    // The rebuilds so far began before the watcher was ready: one more, which walks all of
    // content/ (the build finds nothing to do unless something changed meanwhile), so that the
    // next one is told every change and walks only those. Not after a failed build, which it
    // would only print again: the fix that follows walks everything instead.
    if (!seenAll && notice === null) queue.trigger();
    return watcher;
  }, (error: Error) => {
    log.warn(
      `${options.contentDir}/ is not watched: ${error.message}. On Linux, a "No space left on device" here means ` +
        'more folders than fs.inotify.max_user_watches allows (raise it, e.g. sysctl fs.inotify.max_user_watches=524288); ' +
        'until then, restart npm start after editing',
    );
    return null;
  });
  queue.trigger();
  // The rebuild the watcher's start queued, if any, included.
  const watcher = await watching;
  await queue.idle();
  if (serveError !== undefined) {
    await watcher?.close();
    await queue.close();
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- what serve() threw, rethrown unchanged
    throw serveError;
  }
  if (watcher) log.info(`watching ${options.contentDir}/: every change is rebuilt and served (Ctrl-C stops)`);

  return {
    get server() {
      return server;
    },
    watching: watcher !== null,
    idle: () => queue.idle(),
    async close() {
      await watcher?.close();
      await queue.close();
      await server?.close();
    },
  };
}
