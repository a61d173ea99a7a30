/**
 * The planner (docs/architecture.md, "Incremental builds"): what a build keeps of the previous
 * one, per unit, with the reason. A unit is the whole build, the content outside the request
 * folders, or one request folder; each gets one verdict:
 *
 * - `reuse`: its output is the previous build's (linked from build/, or build/ left as it is);
 * - `patch`: only its texts changed, and the files that show them are written again in place;
 * - `rebuild`: its output is made again, and the reason names what changed (the code, a
 *   setting, the clock, a content file outside the request folders, the folder's own files).
 *
 * The planner reads what the last build recorded (src/previous/state.ts) and what this build
 * found (its scan of content/ and, for a whole build, the content digests after loading); it
 * decides nothing the stages do not decide themselves, it says what they will find. Request
 * folders whose files kept their bytes are counted, not listed.
 */
import type { ContentDigests } from '../content/digests.ts';
import type { ScanDigests } from '../content/scan-digests.ts';
import type { PreviousState } from './state.ts';

type Decision = 'reuse' | 'patch' | 'rebuild';

/** One unit's verdict: `build`, `content outside requests/`, or a request folder (`requests/<name>/`). */
interface Verdict {
  unit: string;
  decision: Decision;
  reason: string;
}

/** The verdicts of a build, and how many request folders it reuses unchanged (not listed). */
export interface BuildExplanation {
  verdicts: Verdict[];
  reused: number;
}

/** At most this many changed files outside the request folders are named; the rest are counted. */
const NAMED_FILES = 5;

/** A build that found build/ to be its output as it is. */
export const unchangedExplanation = (scanned: ScanDigests): BuildExplanation => ({
  verdicts: [{ unit: 'build', decision: 'reuse', reason: 'no input of build/ changed since the last build: build/ is left as it is' }],
  reused: scanned.folders.size,
});

/** A patch build: the folders whose files it read again, the texts of `paths` changed. */
export function patchExplanation(scanned: ScanDigests, folders: readonly string[], paths: readonly string[]): BuildExplanation {
  const verdicts: Verdict[] = [{ unit: 'build', decision: 'patch', reason: 'only texts of messages or requests changed, in few request folders' }];
  for (const folder of folders) {
    const changed = paths.filter((path) => path.startsWith(folder));
    verdicts.push({ unit: folder, decision: 'patch', reason: changed.length ? `texts changed in ${changed.join(', ')}` : 'files touched, same bytes' });
  }
  return { verdicts, reused: scanned.folders.size - folders.length };
}

/** The lines `path \0 sha1 \n` of content/digests.ts as a map. */
function filesOf(lines: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const line of lines.split('\n')) {
    const at = line.indexOf('\0');
    if (at > 0) files.set(line.slice(0, at), line.slice(at + 1));
  }
  return files;
}

/** The paths whose digest differs between two sets of `path \0 sha1` lines, each with how it changed. */
function changedFiles(before: string, after: string): string[] {
  const old = filesOf(before);
  const now = filesOf(after);
  const changed: string[] = [];
  for (const [path, digest] of now) {
    const was = old.get(path);
    if (was !== digest) changed.push(was === undefined ? `${path} (new)` : path);
  }
  for (const path of old.keys()) if (!now.has(path)) changed.push(`${path} (deleted)`);
  return changed.sort();
}

/**
 * A whole build's verdicts: why it is whole (`whole`, from the state or the patch build that
 * declined), then per unit from the last build's content digests and this build's.
 */
export function wholeExplanation(whole: string, previous: PreviousState | undefined, digests: ContentDigests): BuildExplanation {
  const verdicts: Verdict[] = [{ unit: 'build', decision: 'rebuild', reason: whole }];
  if (!previous) return { verdicts, reused: 0 };
  const outside = changedFiles(previous.outsideFiles, digests.outside);
  if (outside.length) {
    const named = outside.slice(0, NAMED_FILES).join(', ') + (outside.length > NAMED_FILES ? ` and ${outside.length - NAMED_FILES} more` : '');
    verdicts.push({ unit: 'content outside requests/', decision: 'rebuild', reason: `changed: ${named}; every object's answers read it, so every request folder is made again` });
    return { verdicts, reused: 0 };
  }
  let reused = 0;
  const before = previous.digests.folders;
  for (const [folder, fold] of digests.folders) {
    const was = before.get(folder);
    if (was === fold) reused++;
    else verdicts.push({ unit: folder, decision: 'rebuild', reason: was === undefined ? 'a new request folder' : 'its files changed' });
  }
  for (const folder of before.keys()) {
    if (!digests.folders.has(folder)) verdicts.push({ unit: folder, decision: 'rebuild', reason: 'deleted: the lists, counts and indexes that held it are made again' });
  }
  return { verdicts, reused };
}

/** The explanation as `archive build --explain` prints it: one line per verdict, then the count of folders reused. */
export function explanationLines({ verdicts, reused }: BuildExplanation): string[] {
  return [...verdicts.map(({ unit, decision, reason }) => `${decision} ${unit}: ${reason}`), `reuse ${reused} request folder${reused === 1 ? '' : 's'}: same files as the last build`];
}
