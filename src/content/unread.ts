/**
 * Files the loader does not read. The loader reads YAML only where the content table
 * (CONTENT_FILES in content/schema.ts) says, so `messages/1601.yml` or a `message/` folder
 * would otherwise vanish from the API while `check` stays green. Reported here:
 * - every .yaml/.yml file no pattern reads: an error when a small rename would make it read
 *   (`.yml` → `.yaml`, `message/` → `messages/`, `Request.yaml` → `request.yaml`), naming the
 *   new path; otherwise a warning naming the places where such files are read;
 * - every folder the loader has no use for (holding no YAML; those are reported by file).
 * Other files are left alone: content/ may hold a README, and attachments, document PDFs,
 * GeoJSON and the generated schemas live in their own folders. Apart from these: attachment
 * files no message names (reportStrayFiles).
 */
import { dirOf } from './file-names.ts';
import { globMatcher } from './glob.ts';
import { describe, ERRORS } from './errors.ts';
import { problemAt, type Problem, type Problems } from './problems.ts';
import { CONTENT_FILES } from './schema.ts';

const PATTERNS = Object.values(CONTENT_FILES).map((file) => file.pattern as string);
const YAML_PATTERNS = PATTERNS.filter((pattern) => pattern.endsWith('.yaml'));

/** Folders whose files are not YAML for the loader: attachments, and the generated schemas. */
const OPAQUE = ['requests/*/files/**', 'schemas/**'].map(globMatcher);

/** Folders the loader reads from: the folders of every pattern and their parents. */
const KNOWN_FOLDERS = [...new Set([...PATTERNS, 'requests/*/files/x', 'schemas/x'].flatMap((pattern) => parents(pattern)))];
const isKnownFolder = KNOWN_FOLDERS.map(globMatcher);

const isYaml = (path: string) => /\.ya?ml$/i.test(path);

/**
 * Reports what the loader does not read; returns the unread YAML files. `listed` holds every
 * path of the walk `all`, `read` says by position in `all` which the loader read (their
 * folders are known by construction, so they are skipped before any pattern is tried; by
 * position, as a set of the ~550,000 paths read at 50,000 requests took 0.7 s to ask).
 */
export function reportUnreadFiles(all: readonly string[], paths: { listed: Pick<ReadonlySet<string>, 'has'>; read: (at: number) => boolean }, problems: Problems): string[] {
  const { listed: existing, read } = paths;
  const unknownFolders = new Map<string, boolean>(); // folder -> holds YAML
  const unread: string[] = [];
  /** Misnamed folders (`message/` for `messages/`): reported once, not for each of their files. */
  const movedFolders = new Map<string, { to: string; files: Problem[] }>();
  for (let at = 0; at < all.length; at++) {
    const path = all[at]!;
    if (read(at) || OPAQUE.some((matches) => matches(path))) continue;
    const folder = parents(path).find((dir) => !isKnownFolder.some((matches) => matches(dir)));
    if (folder !== undefined) unknownFolders.set(folder, (unknownFolders.get(folder) ?? false) || isYaml(path));
    if (!isYaml(path)) continue;
    unread.push(path);
    const { problem, target } = unreadYaml(path, existing);
    const [from, to] = [dirOf(path), target === undefined ? '' : dirOf(target)];
    if (target !== undefined && from !== to && baseOf(target) === baseOf(path)) {
      const moved = movedFolders.get(from) ?? { to, files: [] };
      moved.files.push(problem);
      movedFolders.set(from, moved);
    } else {
      problems.add(problem);
    }
  }
  for (const [from, { to, files }] of movedFolders) {
    if (files.length === 1) {
      problems.add(files[0]!);
      continue;
    }
    problems.reportFile(`${from}/`, ERRORS.MisnamedFolder, { files: files.length, to });
  }
  for (const [folder, holdsYaml] of unknownFolders) {
    if (holdsYaml) continue;
    const near = renamed(`${folder}/x`, [...KNOWN_FOLDERS.map((known) => `${known}/x`)]);
    problems.reportFile(`${folder}/`, ERRORS.UnreadFolder, { near: near?.slice(0, -2) });
  }
  return unread;
}

const baseOf = (path: string) => path.slice(path.lastIndexOf('/') + 1).replace(/\.ya?ml$/i, '.yaml');

function unreadYaml(path: string, existing: Pick<ReadonlySet<string>, 'has'>): { problem: Problem; target?: string } {
  const target = renamed(path, YAML_PATTERNS);
  const at = { file: path, line: 0, column: 0, path: [] };
  if (target) {
    const kind = ERRORS.MisnamedYamlFile;
    return { problem: problemAt(describe(kind, { target, exists: existing.has(target) }), kind.severity, at), target };
  }
  const top = path.includes('/') ? path.slice(0, path.indexOf('/')) : '';
  const here = YAML_PATTERNS.filter((pattern) => (top ? pattern.startsWith(`${top}/`) : !pattern.includes('/')));
  const named = YAML_PATTERNS.filter((pattern) => pattern.endsWith(`/${baseOf(path)}`));
  const kind = ERRORS.UnreadYamlFile;
  return { problem: problemAt(describe(kind, { places: named.length ? named : here, named: named.length > 0, top }), kind.severity, at) };
}

/**
 * The path a small rename would make match one of the patterns: `.yml`/`.YAML` → `.yaml`,
 * and at most one folder or file name that is a near miss of the pattern's (a letter or two,
 * or upper case: `message` → `messages`, `publicbody` → `publicbodies`).
 */
function renamed(path: string, patterns: readonly string[]): string | undefined {
  const normal = path.replace(/\.ya?ml$/i, '.yaml');
  const segments = normal.split('/');
  for (const pattern of patterns) {
    const wanted = pattern.split('/');
    if (wanted.length !== segments.length) continue;
    let misses = 0;
    const out = segments.map((segment, index) => {
      const want = wanted[index]!;
      if (globMatcher(want)(segment)) return segment;
      misses++;
      return !want.includes('*') && near(segment, want) ? want : undefined;
    });
    if (misses <= 1 && out.every((segment) => segment !== undefined) && (misses === 1 || normal !== path)) return out.join('/');
  }
  return undefined;
}

/** Case aside, within a quarter of the longer name's letters (at least two) of each other; `.yaml` not counted. */
function near(a: string, b: string): boolean {
  const [x, y] = [a, b].map((name) => name.toLowerCase().replace(/\.yaml$/, '')) as [string, string];
  return distance(x, y) <= Math.max(2, Math.floor(Math.max(x.length, y.length) / 4));
}

/** Levenshtein distance. */
function distance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) current.push(Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1)));
    previous = current;
  }
  return previous[b.length]!;
}

/** `a/b/c.yaml` -> ['a', 'a/b']: the folders a path is in, outermost first. */
function parents(path: string): string[] {
  const segments = path.split('/').slice(0, -1);
  return segments.map((_, index) => segments.slice(0, index + 1).join('/'));
}

/**
 * A file under files/ that no message names (`named`: the attachment files messages name) is
 * almost always a typo in a name.
 */
export function reportStrayFiles(all: readonly string[], named: ReadonlySet<string>, unread: readonly string[], problems: Problems): void {
  // Where a message file of the request is invalid or not read (misnamed), its attachments
  // are unknown: say nothing.
  const requestOf = (file: string) => file.split('/').slice(0, 2).join('/');
  const unsure = new Set([
    ...[...problems.invalidFiles].filter((file) => file.includes('/messages/')).map(requestOf),
    ...unread.filter((file) => file.startsWith('requests/')).map(requestOf),
  ]);
  const isAttachmentFile = globMatcher('requests/*/files/**');
  for (const path of all.filter(isAttachmentFile)) {
    if (!named.has(path) && !unsure.has(path.slice(0, path.indexOf('/files/')))) {
      problems.reportFile(path, ERRORS.UnusedAttachmentFile);
    }
  }
}
