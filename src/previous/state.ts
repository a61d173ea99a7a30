/**
 * A build with nothing to do (docs/architecture.md, "A build with nothing to do"): what a
 * build leaves behind so that the next one can tell, from a walk and stat of content/ alone,
 * that every input of build/ is what it was, and leave build/ as it is.
 *
 * The inputs of build/, each compared with what the last build that replaced build/ saw:
 * - every content file: one digest of the scan, each path with its stat signature
 *   (content/scan.ts scanDigests), as git's index tells an unchanged file;
 * - the code (its version), the settings but the clock (base URLs, token keys, ...), whether
 *   page images are made, the deploy limits and the media store;
 * - the clock, as far as it decides anything: a request awaiting a response is `overdue` once
 *   its due date is past, so every clock between the nearest due dates on either side of the
 *   last build's gives the same output;
 * - the PDF stage's work, which must have been complete (nothing pending or failed: another
 *   build would go on with it);
 * - build/ itself, whose files must be those the build wrote, each with its stat signature, or
 *   its SHA-256 where it was written within 2 s of being recorded (a later write in the same
 *   clock tick could keep the signature).
 * The media store must still hold every object build/ names: the build is recorded in it as a
 * full build records it (a prune keeps what recent builds name), and the store listed once.
 */
import type { LayoutChoice, LayoutDecision } from '../output/layout.ts';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { serialize } from 'node:v8';
import { resolveSettings, SettingsError, type DeployLimits, type Env, type Settings, type SettingsOverrides } from '../config.ts';
import { buildCodeVersion } from '../lib/code-version.ts';
import type { ContentDigests } from '../content/digests.ts';
import type { ScanDigests } from '../content/scan-digests.ts';
import type { ListOrders, PlannedDigests } from '../output/build-id.ts';
import type { Problem } from '../content/problems.ts';
import type { SiteInput } from '../content/schema.ts';
import { timestampOfSeconds } from '../model/time.ts';
import type { Archive } from '../model/types.ts';
import type { MediaStore } from '../media/media-store.ts';
import { recordUnchanged } from '../media/upload.ts';
import { readVersioned, writeAtomically } from '../lib/files.ts';
import { sha256Of } from '../lib/sha256.ts';
import { signatureOf, unchangedFile } from './output-record.ts';
import type { WriteResult } from '../output/write.ts';

const STATE = 'state.v8';


/** What the state keeps of the build's result, to report it again. */
interface RecordedResult {
  warnings: Problem[];
  stats: WriteResult & { objects: number };
  /** The layout the build wrote and why (src/output/layout.ts). */
  layout: LayoutDecision;
}

interface StateFile {
  version: string;
  /** inputsKey: the settings but the clock, images, limits, media store. */
  inputs: string;
  /** inputParts: a digest of each input inputsKey is made of, by name, so the planner can say which changed (src/previous/planner.ts). */
  parts: Record<string, string>;
  /** `path \0 sha1 \n` of every content file outside the request folders (content/digests.ts): the planner names which changed. */
  outsideFiles: string;
  /** The digests of the scan of content/ (content/scan.ts scanDigests): the whole scan's, and per request folder for a patch build. */
  scanned: ScanDigests;
  /** SHA-1 of every content file as the build read it, folded (content/digests.ts), with the text of the files outside the request folders as its SHA-256. */
  digests: { outside: string; folders: ReadonlyMap<string, string> };
  /** Every file of the plan before the manifest, in plan order, with its SHA-256 (src/output/build-id.ts): the build id of a patch build. */
  planned: PlannedDigests;
  /** The ids of the request and message lists in list order: where a patch build finds an object's list chunk. */
  orders: ListOrders;
  /** The clocks (RenderContext.now) that give the same output: `after` < now <= `until`. */
  clock: { after: number; until: number };
  /** site.yaml as the build read it: the settings are resolved from it again (the scan says it did not change). */
  site: SiteInput;
  /** Every file of build/: its path, its stat signature, and its SHA-256 where the signature was not trusted yet. */
  files: [path: string, signature: string | null, sha256: string | null][];
  /** The build id (the manifest's) and the media objects its files name. */
  build: string;
  objects: string[];
  result: RecordedResult;
}

interface StateInputs {
  settings: Settings;
  images: boolean;
  limits: DeployLimits;
  media: MediaStore;
  /** The layout `--layout` asks for (null: site.yaml's, a setting): a build after a change of it is a whole one (src/output/layout.ts). */
  layout: LayoutChoice | null;
  /** Whether build/ has the data downloads (src/downloads/): a build after a change of it is a whole one. */
  downloads: boolean;
}

/** A digest of the inputs of build/ beside content/ and the clock. */
function inputsKey({ settings, images, limits, media, layout, downloads }: StateInputs): string {
  const { now: _, ...lasting } = settings;
  return sha256Of(JSON.stringify([lasting, images, limits, media.description, layout, downloads]));
}

/**
 * The same inputs one by one, each a digest by its name (`settings.<key>` for each setting, so
 * no token key is kept as it is): what the planner compares to name the input that changed.
 */
function inputParts({ settings, images, limits, media, layout, downloads }: StateInputs): Record<string, string> {
  const { now: _, ...lasting } = settings;
  const named: Record<string, unknown> = { images, limits, 'media store': media.description, layout, downloads };
  for (const [key, value] of Object.entries(lasting)) named[`settings.${key}`] = value;
  return Object.fromEntries(Object.entries(named).map(([name, value]) => [name, sha256Of(JSON.stringify(value ?? null))]));
}

/**
 * The clocks around `now` (RenderContext.now, microseconds) that give every request the status
 * it has at `now`: between the latest due date before it and the earliest one at or after it.
 * Only a request awaiting a response turns `overdue` (request/serializer.ts statusRepresentation).
 */
export function clockWindow(archive: Archive, now: number): StateFile['clock'] {
  let after = -Infinity;
  let until = Infinity;
  for (const request of archive.requests) {
    const due = request.dueDate;
    if (request.status !== 'awaiting_response' || due === null) continue;
    if (due < now) after = Math.max(after, due);
    else until = Math.min(until, due);
  }
  return { after, until };
}

/** Every file under `root`, relative with forward slashes. */
function filesUnder(root: string): string[] {
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(root, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .sort();
}

export interface SavedBuild extends StateInputs {
  /** `<cache>/output`. */
  dir: string;
  buildDir: string;
  scanned: ScanDigests;
  digests: ContentDigests;
  planned: PlannedDigests;
  orders: ListOrders;
  clock: StateFile['clock'];
  site: SiteInput;
  build: string;
  objects: string[];
  /** Whether the PDF stage left work for another build (pending or failed PDFs). */
  unfinished: boolean;
  result: RecordedResult;
}

/** The content digests as the state keeps them: those of the files outside the request folders as one SHA-256. */
export function recordedDigests(digests: ContentDigests): StateFile['digests'] {
  return { outside: sha256Of(digests.outside), folders: digests.folders };
}

/** Keeps what the next build compares; call once build/ is the new tree. With PDF work left it removes the state instead. */
export function saveBuildState(saved: SavedBuild): void {
  const path = join(saved.dir, STATE);
  if (saved.unfinished) {
    rmSync(path, { force: true });
    return;
  }
  const root = resolve(saved.buildDir);
  const files = filesUnder(root).map((file): StateFile['files'][number] => {
    const now = signatureOf(join(root, file));
    return now?.trusted ? [file, now.signature, null] : [file, null, sha256Of(readFileSync(join(root, file)))];
  });
  const { scanned, clock, site, build, objects, result, planned, orders } = saved;
  const state: StateFile = { version: buildCodeVersion(), inputs: inputsKey(saved), parts: inputParts(saved), outsideFiles: saved.digests.outside, scanned, digests: recordedDigests(saved.digests), planned, orders, clock, site, files, build, objects, result };
  mkdirSync(saved.dir, { recursive: true });
  writeAtomically(path, serialize(state));
}

/** The kept result with this build's settings and the number of media objects its build/ names. */
export type CarriedResult = RecordedResult & { settings: Settings; media: number };

export interface UnchangedInputs extends Omit<StateInputs, 'settings'> {
  dir: string;
  buildDir: string;
  /** The digests of this build's scan of content/ (content/scan.ts scanDigests). */
  scanned: ScanDigests;
  env: Env;
  overrides?: SettingsOverrides;
  upload?: { onWait?: (message: string) => void };
}

/** Whether build/ holds exactly the files the state names, each with its signature or bytes. */
export function buildDirIntact(buildDir: string, files: StateFile['files']): boolean {
  const root = resolve(buildDir);
  let found: string[];
  try {
    found = filesUnder(root);
  } catch {
    return false;
  }
  if (found.length !== files.length) return false;
  return files.every(([path, signature, sha256], at) => {
    return found[at] === path && unchangedFile(join(root, path), signature, sha256);
  });
}

/** What the last build that replaced build/ kept (see above). */
export type PreviousState = StateFile;

/**
 * What loading may keep of the last build: a request folder whose files kept the stat
 * signatures of that build's scan holds the bytes it read, so that build's fold of their
 * digests stands (as the parse cache trusts the same signatures; content/digests.ts).
 */
export function previousFolds(scanned: ScanDigests, state: PreviousState): (folder: string) => string | undefined {
  return (folder) => {
    const signatures = scanned.folders.get(folder);
    return signatures && signatures === state.scanned.folders.get(folder) ? state.digests.folders.get(folder) : undefined;
  };
}

/** The last build's state with the settings of this build (previousBuild). */
export interface PreviousBuild {
  state: PreviousState;
  settings: Settings;
}

/**
 * The state of the last build that replaced build/, with the settings of this one, when every
 * input of build/ beside content/ is what it was: the code, the settings but the clock, images,
 * limits, media store, and a clock within the kept window. Else why there is none, in words
 * (`--explain` prints it): this build then makes everything.
 */
export function previousBuild(inputs: Omit<UnchangedInputs, 'scanned'>): PreviousBuild | string {
  const path = join(inputs.dir, STATE);
  const state = readVersioned<StateFile>(path, buildCodeVersion(), (read) => Array.isArray(read.files) && read.scanned?.folders instanceof Map && typeof read.parts === 'object');
  if (!state) return existsSync(path) ? 'the code changed since the last build (its state is of another code version, or damaged)' : 'no state of a previous build';
  let settings: Settings;
  try {
    settings = resolveSettings(state.site, inputs.env, inputs.overrides);
  } catch (error) {
    // A setting the build will report with its file: that build has to run.
    if (error instanceof SettingsError) return 'a setting has an error, which the build reports';
    throw error;
  }
  if (inputsKey({ ...inputs, settings }) !== state.inputs) {
    const now = inputParts({ ...inputs, settings });
    const changed = [...new Set([...Object.keys(now), ...Object.keys(state.parts)])].filter((name) => now[name] !== state.parts[name]).sort();
    return `changed since the last build: ${changed.join(', ') || 'the inputs beside content/'}`;
  }
  const now = timestampOfSeconds(settings.now);
  if (!(state.clock.after < now && now <= state.clock.until)) return 'the clock passed the due date of a request awaiting a response (its status is now another)';
  return { state, settings };
}

/**
 * The result of the last build that replaced build/, with the settings of this one, when none
 * of its inputs changed since (see above), given this build's scan of content/ and the kept
 * state (previousBuild); undefined when the build has to run.
 */
export async function unchangedBuild(inputs: UnchangedInputs, kept: PreviousBuild): Promise<CarriedResult | undefined> {
  const { state, settings } = kept;
  if (inputs.scanned.whole === null || inputs.scanned.whole !== state.scanned.whole) return undefined;
  if (!buildDirIntact(inputs.buildDir, state.files)) return undefined;
  if (!(await recordUnchanged(inputs.media, state.build, state.objects, inputs.upload))) return undefined;
  return { ...state.result, settings, media: state.objects.length };
}
