/**
 * Watches the content directory for the preview (`npm start`): every change of a path the
 * loader could read (docs/serving.md, "Watching content/").
 *
 * @parcel/watcher rather than chokidar or Node's recursive fs.watch: on Linux both of those
 * hold one inotify watch per file and folder (an archive of 50,000 requests has ~700,000
 * paths, past the kernel's per-user limit of watches), and on macOS chokidar holds one kqueue
 * descriptor per file; @parcel/watcher watches folders only (inotify), or the whole tree in
 * one stream (FSEvents, Windows), crawls in native code and hands over events in batches.
 *
 * A folder made with its subfolders at once (`mkdir -p R/messages R/files/X`, `cp -r`, a
 * checkout) can leave those subfolders unwatched: with inotify a folder is watched only once
 * its creation was reported, and a subfolder made before that is never reported. Each new
 * folder is therefore watched again by a subscription of its own (a crawl of only that folder,
 * which watches every subfolder it holds), and once that one is ready the folder is reported
 * changed once more, so that a rebuild reads whatever was written into it before
 * (docs/serving.md, "New folders").
 */
import { realpathSync, statSync } from 'node:fs';
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
 * skips them: `.git/`, editors' swap and lock files such as `.request.yaml.swp` or emacs's
 * `.#request.yaml`), and the generated JSON Schemas.
 */
const IGNORED = ['**/.*', '**/.*/**', 'schemas', 'schemas/**'];

/**
 * Editors' and tools' temporary files, which live for a moment beside the file they replace
 * and are not content: sed -i's `sedXXXXXX`, vim's `4913` probe and `*.swp`/`*.swx`, backups
 * ending in `~`, emacs's `#name#`, and `*.tmp`. A change of one alone starts no rebuild and is
 * named in no `changed:` line; the rename that ends an atomic save reports the file itself.
 */
export function isTemporaryName(name: string): boolean {
  return /^sed[A-Za-z0-9]{6}$/.test(name) || name === '4913' || /\.(swp|swx|tmp)$/.test(name) || name.endsWith('~') || /^#.*#$/.test(name);
}

/** Subscriptions of new folders beyond which the root is subscribed again instead (a checkout of many requests). */
const MAX_FOLDER_SUBSCRIPTIONS = 256;

type Subscription = Awaited<ReturnType<typeof watcher.subscribe>>;

/**
 * Calls `onChange` with the changed paths of each batch of events under `contentDir`, and
 * `onError` when the watcher fails (events may then be missed until the next change).
 */
export async function watchContent(contentDir: string, onChange: (change: ContentChange) => void, onError: (error: Error) => void): Promise<ContentWatcher> {
  // The folder itself, where content/ is a link to it: inotify does not follow a link it is given.
  const root = realpathSync(resolve(contentDir));
  /** The subscriptions of new folders, by path relative to root. */
  const folders = new Map<string, { subscribed: Promise<Subscription | null> }>();
  /**
   * Unsubscriptions under way, by folder: @parcel/watcher shares one watcher per path and
   * options, so a folder made again is subscribed only once its old subscription ended (it
   * would be handed the old one, which watches the removed folder).
   */
  const dropping = new Map<string, Promise<unknown>>();
  let closed = false;
  let rootSubscription: Subscription;
  /** While the root is subscribed again: the folders made meanwhile, watched once it is ready. */
  let renewing: string[] | null = null;
  let renewals = 0;

  const watchFolder = (folder: string) => {
    const subscribed = (dropping.get(folder) ?? Promise.resolve())
      .then(() => watcher.subscribe(resolve(root, folder), listener, { ignore: IGNORED.slice(0, 2) }))
      .then(
        async (subscription) => {
          if (closed || folders.get(folder)?.subscribed !== subscribed) {
            await subscription.unsubscribe().catch(() => {});
            return null;
          }
          // What was written into it before it was watched is read by the rebuild this starts.
          onChange({ paths: [folder] });
          return subscription;
        },
        () => {
          // Gone before it could be watched (its removal is reported), or not a folder any more.
          if (folders.get(folder)?.subscribed === subscribed) folders.delete(folder);
          return null;
        },
      );
    folders.set(folder, { subscribed });
  };
  const dropFolder = (folder: string) => {
    const subscribed = folders.get(folder)?.subscribed;
    folders.delete(folder);
    if (!subscribed) return;
    const done = subscribed.then((subscription) => subscription?.unsubscribe()).catch(() => {});
    dropping.set(folder, done);
    void done.then(() => {
      if (dropping.get(folder) === done) dropping.delete(folder);
    });
  };
  /**
   * Subscribes the root again (its crawl watches every folder there is), then drops every other
   * subscription. The pattern added matches nothing new (dot names are ignored already): it only
   * makes the options differ from the running subscription's, which @parcel/watcher would share.
   */
  const renewRoot = (made: string[]) => {
    renewing = [];
    watcher.subscribe(root, listener, { ignore: [...IGNORED, `**/.renewal-${++renewals}`] }).then(
      (subscription) => {
        const old = rootSubscription;
        rootSubscription = subscription;
        [...folders.keys()].forEach(dropFolder);
        void old.unsubscribe().catch(() => {});
        const meanwhile = renewing ?? [];
        renewing = null;
        if (closed) return void subscription.unsubscribe().catch(() => {});
        onChange({ paths: made });
        watchNew(meanwhile);
      },
      (error: Error) => {
        renewing = null;
        onError(error);
      },
    );
  };
  /** Watches each outermost of `made` (folders, by relative path) on its own, or the whole root again when they are many. */
  const watchNew = (made: string[]) => {
    if (renewing) return void renewing.push(...made);
    const outermost = [...new Set(made)].sort().filter((path, at, all) => !all.slice(0, at).some((other) => path.startsWith(`${other}/`)));
    if (outermost.length === 0) return;
    if (folders.size + outermost.length > MAX_FOLDER_SUBSCRIPTIONS) return renewRoot(outermost);
    for (const folder of outermost) {
      dropFolder(folder);
      watchFolder(folder);
    }
  };

  function listener(error: Error | null, events: watcher.Event[]) {
    if (closed) return;
    if (error) return onError(error);
    const seen = new Set<string>();
    const made: string[] = [];
    for (const event of events) {
      const path = relative(root, event.path).split(sep).join('/');
      if (!path || path.startsWith('../') || isTemporaryName(path.slice(path.lastIndexOf('/') + 1))) continue;
      seen.add(path);
      if (event.type === 'delete' && !folders.has(path)) continue;
      // What the path is now decides, not the event: a folder removed and made again may be
      // reported as updated, or its removal reported late by its old subscription, and its
      // inode number may be the removed one's.
      if (statSync(event.path, { throwIfNoEntry: false })?.isDirectory()) made.push(path);
      else dropFolder(path);
    }
    if (seen.size > 0) onChange({ paths: [...seen].sort() });
    watchNew(made);
  }

  rootSubscription = await watcher.subscribe(root, listener, { ignore: IGNORED });
  return {
    close: async () => {
      closed = true;
      const subscriptions = await Promise.all([...folders.values()].map(({ subscribed }) => subscribed));
      folders.clear();
      // A removed folder's watches are gone with it, and @parcel/watcher may still try to remove one (EINVAL): nothing is left to stop.
      for (const subscription of subscriptions) await subscription?.unsubscribe().catch(() => {});
      await rootSubscription.unsubscribe().catch(() => {});
    },
  };
}
