/**
 * Watches the content directory for the preview (`npm start`): every change of a path the
 * loader could read (docs/serving.md, "Watching content/").
 *
 * @parcel/watcher rather than chokidar or Node's recursive fs.watch: on Linux both of those
 * hold one inotify watch per file and folder (an archive of 50,000 requests has ~700,000
 * paths, past the kernel's per-user limit of watches), and on macOS chokidar holds one kqueue
 * descriptor per file; @parcel/watcher watches folders only (inotify), or the whole tree in
 * one stream (FSEvents, Windows), crawls in native code and hands over events in batches.
 */
import { realpathSync } from 'node:fs';
import { resolve, relative, sep } from 'node:path';
import watcher from '@parcel/watcher';

export interface ContentWatcher {
  close(): Promise<void>;
}

export interface ContentChange {
  /** Paths relative to the content directory, with forward slashes. */
  paths: string[];
}

/**
 * What the loader never reads is not watched: names starting with a dot (the loader's walk
 * skips them: `.git/`, editors' swap and lock files such as `.request.yaml.swp`), and the
 * generated JSON Schemas.
 */
const IGNORED = ['**/.*', '**/.*/**', 'schemas', 'schemas/**'];

/**
 * Calls `onChange` with the changed paths of each batch of events under `contentDir`, and
 * `onError` when the watcher fails (events may then be missed until the next change).
 */
export async function watchContent(contentDir: string, onChange: (change: ContentChange) => void, onError: (error: Error) => void): Promise<ContentWatcher> {
  // The folder itself, where content/ is a link to it: inotify does not follow a link it is given.
  const root = realpathSync(resolve(contentDir));
  const subscription = await watcher.subscribe(
    root,
    (error, events) => {
      if (error) return onError(error);
      const paths = [...new Set(events.map((event) => relative(root, event.path).split(sep).join('/')))].sort();
      if (paths.length > 0) onChange({ paths });
    },
    { ignore: IGNORED },
  );
  return { close: () => subscription.unsubscribe() };
}
