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
import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
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
interface KeptResult {
  warnings: Problem[];
  stats: WriteResult & { objects: number };
  /** The layout the build wrote and why (src/output/layout.ts). */
  layout: LayoutDecision;
}

interface StateFile {
  version: string;
  /** inputsKey: the settings but the clock, images, limits, media store. */
  inputs: string;
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
  result: KeptResult;
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
  result: KeptResult;
}

/** The content digests as the state keeps them: those of the files outside the request folders as one SHA-256. */
export function keptDigests(digests: ContentDigests): StateFile['digests'] {
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
  const state: StateFile = { version: buildCodeVersion(), inputs: inputsKey(saved), scanned, digests: keptDigests(saved.digests), planned, orders, clock, site, files, build, objects, result };
  mkdirSync(saved.dir, { recursive: true });
  writeAtomically(path, serialize(state));
}

/** The kept result with this build's settings and the number of media objects its build/ names. */
export type KeptBuild = KeptResult & { settings: Settings; media: number };

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
export type KeptState = StateFile;

/**
 * The state of the last build that replaced build/, with the settings of this one, when every
 * input of build/ beside content/ is what it was: the code, the settings but the clock, images,
 * limits, media store, and a clock within the kept window. Undefined when there is none.
 */
export function keptState(inputs: Omit<UnchangedInputs, 'scanned'>): { state: KeptState; settings: Settings } | undefined {
  const state = readVersioned<StateFile>(join(inputs.dir, STATE), buildCodeVersion(), (read) => Array.isArray(read.files) && read.scanned?.folders instanceof Map);
  if (!state) return undefined;
  let settings: Settings;
  try {
    settings = resolveSettings(state.site, inputs.env, inputs.overrides);
  } catch (error) {
    // A setting the build will report with its file: that build has to run.
    if (error instanceof SettingsError) return undefined;
    throw error;
  }
  if (inputsKey({ ...inputs, settings }) !== state.inputs) return undefined;
  const now = timestampOfSeconds(settings.now);
  if (!(state.clock.after < now && now <= state.clock.until)) return undefined;
  return { state, settings };
}

/**
 * The result of the last build that replaced build/, with the settings of this one, when none
 * of its inputs changed since (see above), given this build's scan of content/ and the kept
 * state (keptState); undefined when the build has to run.
 */
export async function unchangedBuild(inputs: UnchangedInputs, kept: { state: KeptState; settings: Settings }): Promise<KeptBuild | undefined> {
  const { state, settings } = kept;
  if (inputs.scanned.whole === null || inputs.scanned.whole !== state.scanned.whole) return undefined;
  if (!buildDirIntact(inputs.buildDir, state.files)) return undefined;
  if (!(await recordUnchanged(inputs.media, state.build, state.objects, inputs.upload))) return undefined;
  return { ...state.result, settings, media: state.objects.length };
}
