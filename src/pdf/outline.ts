/**
 * froide's outline Markdown (docs/froide.md#pdf-outline-and-properties): one line per bookmark, depth-first,
 * `"  " * depth + "- [title](#page-N)\n"`. Bookmarks whose destination does not resolve to a
 * page are skipped together with their children; "" when there is no outline.
 */
import type { PdfDocument } from './open-pdf.ts';

export interface OutlineEntry {
  depth: number;
  title: string;
  /** 1-based. */
  page: number;
}

/** Pure: entries -> Markdown. */
export function outlineMarkdown(entries: readonly OutlineEntry[]): string {
  return entries.map((e) => `${'  '.repeat(e.depth)}- [${e.title}](#page-${e.page})\n`).join('');
}

/** Bookmarks beyond this are ignored: a hostile or broken outline must not stall the build. */
const MAX_OUTLINE_ENTRIES = 20_000;
const MAX_DEPTH = 64;

interface RawItem {
  title: string;
  dest: string | unknown[] | null;
  items: RawItem[];
}

export async function readOutline(doc: PdfDocument): Promise<OutlineEntry[]> {
  // pdfjs guards /First-/Next loops itself (each outline ref is visited once).
  const items = ((await doc.getOutline()) ?? []) as RawItem[];
  const resolve = pageResolver(doc);
  const entries: OutlineEntry[] = [];
  const visit = async (list: RawItem[], depth: number): Promise<void> => {
    for (const item of list) {
      if (entries.length >= MAX_OUTLINE_ENTRIES) return;
      const page = await resolve(item.dest);
      if (page === null) continue;
      entries.push({ depth, title: cleanTitle(item.title), page });
      if (depth < MAX_DEPTH) await visit(item.items ?? [], depth + 1);
    }
  };
  await visit(items, 0);
  return entries;
}

function cleanTitle(title: string): string {
  return String(title ?? '').replace(/\0/g, '');
}

/** dest -> 1-based page number or null; named destinations and page refs are memoised. */
function pageResolver(doc: PdfDocument): (dest: RawItem['dest']) => Promise<number | null> {
  const byRef = new Map<string, number | null>();
  const byName = new Map<string, unknown[] | null>();
  return async (dest) => {
    try {
      let explicit: unknown[] | null = null;
      if (typeof dest === 'string') {
        if (!byName.has(dest)) byName.set(dest, await doc.getDestination(dest));
        explicit = byName.get(dest) ?? null;
      } else if (Array.isArray(dest)) {
        explicit = dest;
      }
      const target = explicit?.[0];
      if (Number.isInteger(target)) {
        const index = target as number;
        return index >= 0 && index < doc.numPages ? index + 1 : null;
      }
      if (target && typeof target === 'object' && 'num' in target && 'gen' in target) {
        const ref = target as { num: number; gen: number };
        const key = `${ref.num}R${ref.gen}`;
        if (!byRef.has(key)) byRef.set(key, (await doc.getPageIndex(ref)) + 1);
        return byRef.get(key) ?? null;
      }
      return null;
    } catch {
      // A destination pointing at a non-page object: froide skips such bookmarks too.
      return null;
    }
  };
}
