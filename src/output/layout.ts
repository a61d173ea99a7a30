/**
 * Where the answers of the output plan go (docs/architecture.md, "Layouts"). The plan produces
 * every answer once (src/output/plan.ts); a layout only decides which of them are also files of
 * their own under build/api/v1/:
 *
 * - `packed`: details in detail packs, list items in list chunks, the bare list file and the
 *   root as files; everything else is cut from the packs by the functions.
 * - `loose`: the same packs and chunks (the functions answer other limits, filters, search,
 *   `format=api` and every answer that mints tokens from them), and besides them every detail
 *   whose answer is the same for every caller at every moment (no token slot) and every page of
 *   every list at the default limit, each a file at the path its URL names.
 *
 * `auto` is loose while the build fits the deploy's file budget, packed beyond (`chooseLayout`).
 */
import { PAGE_SIZE } from '../api/resources/declaration-spec.ts';
import type { ResourceName } from '../formats/resource-names.ts';
import { hasLooseDetails, hasLoosePages, pageOffsets, type ListTotals } from '../api/loose-answers.ts';
import { hasSlotText } from '../formats/token-slots.ts';
import { buildPaths } from '../api/build-paths.ts';
import type { PlannedFile } from '../lib/planned-file.ts';
import { DeployLimitError } from './limits.ts';
import type { Archive } from '../model/types.ts';
import type { RenderContext } from '../api/resources/context.ts';
import { BUILT, type BuiltName } from '../api/resources/serializer-registry.ts';

const LAYOUTS = ['loose', 'packed'] as const;
export type Layout = (typeof LAYOUTS)[number];
export const LAYOUT_CHOICES = ['auto', ...LAYOUTS] as const;
export type LayoutChoice = (typeof LAYOUT_CHOICES)[number];

export function isLayoutChoice(value: unknown): value is LayoutChoice {
  return typeof value === 'string' && (LAYOUT_CHOICES as readonly string[]).includes(value);
}

/**
 * A detail's loose file, from its answer's exact JSON (embedded records complete), or nothing
 * when the answer holds a token slot: those the functions mint at answer time.
 */
export function looseDetailFile(resource: ResourceName, id: number | string, answer: string): PlannedFile[] {
  return hasSlotText(answer) ? [] : [{ path: buildPaths.looseDetail(resource, id), body: answer }];
}

/**
 * Collects a list's items in list order and hands out its default-limit pages past the first,
 * each once it is complete (`page` renders the envelope, the same one as the bare list file's).
 */
export class LoosePages {
  private items: string[] = [];
  private offset = PAGE_SIZE;

  constructor(
    private readonly resource: ResourceName,
    private readonly page: (items: readonly string[], offset: number) => string,
  ) {}

  /** The item at `position` (called for every position in order); a page file when it completes one. */
  *add(position: number, rendered: string): Generator<PlannedFile> {
    if (position < PAGE_SIZE) return;
    if (hasSlotText(rendered)) throw new Error(`${this.resource} list item at ${position} holds a token slot: its list must be answered by the function (mediaTokens)`);
    this.items.push(rendered);
    if (this.items.length === PAGE_SIZE) yield* this.flush();
  }

  /** The last, partial page. */
  *done(): Generator<PlannedFile> {
    if (this.items.length > 0) yield* this.flush();
  }

  private *flush(): Generator<PlannedFile> {
    yield { path: buildPaths.loosePage(this.resource, this.offset), body: this.page(this.items, this.offset) };
    this.offset += PAGE_SIZE;
    this.items = [];
  }
}

/** The size of every list a build plans, for looseFileBound. */
export function listTotals(archive: Archive, ctx: RenderContext, names: readonly BuiltName[]): ListTotals {
  return Object.fromEntries(names.map((name) => [name, { total: BUILT[name].list(archive, ctx).length }]));
}

/**
 * At most how many files a loose build adds to the packed one: every detail of a resource with
 * loose details (some of them mint tokens and stay in packs only), every page past the first of
 * every list with loose pages, and the root's and bare lists' directory index copies.
 */
export function looseFileBound(totals: ListTotals): number {
  let files = 1;
  for (const [name, list] of Object.entries(totals) as [ResourceName, { total: number } | undefined][]) {
    if (!list) continue;
    if (hasLooseDetails(name)) files += list.total;
    if (hasLoosePages(name)) files += 1 + pageOffsets(list.total).length;
  }
  return files;
}

export interface LayoutDecision {
  layout: Layout;
  /** One sentence for the build's summary. */
  reason: string;
}

/**
 * `auto`, before the plan: packed when the loose files alone could pass `maxFiles` (`looseBound`,
 * looseFileBound), else loose; the build falls back on packed when the loose tree then passes a
 * deploy limit (src/build.ts), and words the reason with the files it wrote (`fitted`).
 */
function chooseLayout(choice: LayoutChoice, looseBound: number, maxFiles: number, asked = `--layout ${choice}`): LayoutDecision {
  if (choice !== 'auto') return { layout: choice, reason: asked };
  if (looseBound <= maxFiles) return { layout: 'loose', reason: 'auto' };
  return { layout: 'packed', reason: `auto: up to ${looseBound.toLocaleString('en')} files of details and pages would pass --max-files ${maxFiles.toLocaleString('en')}` };
}

/** The reason of an `auto` loose build once written: its files fit the budget. */
function fitted(files: number, maxFiles: number): LayoutDecision {
  return { layout: 'loose', reason: `auto: ${files.toLocaleString('en')} files fit --max-files ${maxFiles.toLocaleString('en')}` };
}

/**
 * Writes the build in the layout asked for (`write`, which stages the tree and checks the
 * deploy limits); `auto` writes loose unless its bound passes `maxFiles`, and packed after all
 * when the loose tree breaks a deploy limit (the bound counts the loose files only: the packed
 * files beside them, a folder or the rules of the pages can still pass one).
 */
export async function writeInLayout<T>(
  asked: { choice: LayoutChoice; asked: string; maxFiles: number; looseBound: () => number },
  write: (layout: Layout) => Promise<{ value: T; files: number }>,
): Promise<{ value: T; decision: LayoutDecision }> {
  const decision = chooseLayout(asked.choice, asked.choice === 'auto' ? asked.looseBound() : 0, asked.maxFiles, asked.asked);
  try {
    const { value, files } = await write(decision.layout);
    return { value, decision: decision.reason === 'auto' ? fitted(files, asked.maxFiles) : decision };
  } catch (error) {
    if (!(error instanceof DeployLimitError && asked.choice === 'auto' && decision.layout === 'loose')) throw error;
    const { value } = await write('packed');
    return { value, decision: { layout: 'packed', reason: `auto: loose passed a deploy limit (${error.violations[0] ?? error.message})` } };
  }
}
