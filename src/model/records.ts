/**
 * Records of one kind by id: reports duplicate ids and resolves references with the
 * referring file and key as the position of the problem.
 */
import { ERRORS } from '../content/errors.ts';
import type { Problems, RecordSource } from '../content/problems.ts';
import { UniqueKeys } from './unique.ts';

/** Known ids for a hint: the first 12 in ascending order, "…" when there are more; "" when none. */
export function idSample(ids: Iterable<number>): string {
  const known = [...ids].sort((a, b) => a - b);
  return known.slice(0, 12).join(', ') + (known.length > 12 ? ', …' : '');
}

/** Records shown with their names in a hint: fewer than bare ids, as each takes a line's third. */
const NAMED_SAMPLE = 8;

/**
 * Known ids with the name (or title) of each, for a hint: `1 "Bundesministerium des Innern", 2
 * "Bundespolizei"`, the first 8 in ascending order, "…" when there are more; bare ids for
 * records without a name; "" when none.
 */
function namedIdSample(records: Iterable<{ id: number }>): string {
  const known = [...records].sort((a, b) => a.id - b.id);
  const label = (record: { id: number; name?: unknown; title?: unknown }) => {
    const name = typeof record.name === 'string' && record.name ? record.name : typeof record.title === 'string' ? record.title : '';
    return name ? `${record.id} ${JSON.stringify(name)}` : String(record.id);
  };
  return known.slice(0, NAMED_SAMPLE).map(label).join(', ') + (known.length > NAMED_SAMPLE ? ', …' : '');
}

/** The key of a record's own id: one array shared by every record, where each kept its own for as long as the model lives. */
const ID_PATH: readonly string[] = ['id'];

export class Records<T extends { id: number; source: RecordSource }> {
  private readonly byId = new Map<number, T>();
  private readonly ids = new UniqueKeys<number>();

  /** `kind` names the record in messages; `contentKind` is its key in CONTENT_FILES. */
  constructor(
    readonly kind: string,
    private readonly problems: Problems,
    private readonly contentKind: string = kind,
  ) {}

  /**
   * Registers a record; false when its id is taken (the record registered first is the one
   * references link to). Every holder of a duplicate id is reported by `reportDuplicates`.
   */
  add(record: T, idPath: readonly (string | number)[] = ID_PATH): boolean {
    if (!this.ids.claim(record.id, { source: record.source, path: idPath })) return false;
    this.byId.set(record.id, record);
    return true;
  }

  /**
   * Reports duplicates once every record is registered, so the suggested free id is really
   * free; each clash gets its own suggestion, so fixing all of them creates no new one.
   */
  reportDuplicates(): void {
    const next = this.nextFreeId();
    this.ids.report(this.problems, ERRORS.DuplicateId, (id, others, clash) => ({ kind: this.kind, id, others, free: next + clash }));
  }

  /** One more than the largest id in use: what an editor should take for a new record. */
  nextFreeId(): number {
    let max = 0;
    for (const id of this.byId.keys()) max = Math.max(max, id);
    return max + 1;
  }

  get(id: number): T | undefined {
    return this.byId.get(id);
  }

  has(id: number): boolean {
    return this.byId.has(id);
  }

  values(): T[] {
    return [...this.byId.values()];
  }

  /** Resolves a reference or reports it at the referring key. */
  resolve(id: number, from: RecordSource, path: (string | number)[]): T | undefined;
  resolve(id: number | null, from: RecordSource, path: (string | number)[]): T | null | undefined;
  resolve(id: number | null, from: RecordSource, path: (string | number)[]): T | null | undefined {
    if (id === null) return null;
    const record = this.byId.get(id);
    if (!record && this.problems.invalidKinds.has(this.contentKind)) {
      this.problems.knockOn(from, path, ERRORS.ReferenceIntoInvalidFiles, { kind: this.kind, id, files: this.kind });
    } else if (!record) {
      const sample = namedIdSample(this.byId.values());
      this.problems.report(from, path, ERRORS.UnknownReference, { kind: this.kind, id, sample, which: 'existing' });
    }
    return record;
  }
}

/**
 * Links parent references of a tree, reports cycles, and fills children and depth.
 * Children are ordered by name, as treebeard orders siblings (docs/froide.md#category).
 */
export function linkTree<T extends TreeNode & { source: RecordSource }>(
  nodes: T[],
  parentIds: Map<T, number | null>,
  registry: Records<T>,
  problems: Problems,
  /** The content key that holds the parent id (georegions call it `part_of`). */
  key = 'parent',
): void {
  for (const node of nodes) {
    const parentId = parentIds.get(node) ?? null;
    const parent = registry.resolve(parentId, node.source, [key]);
    node.parent = parent ?? null;
  }
  arrangeTree(nodes, (node) =>
    problems.report(node.source, [key], ERRORS.TreeCycle, { kind: registry.kind, id: node.id, key }),
  );
}

interface TreeNode {
  id: number;
  name: string;
  parent: this | null;
  children: this[];
  depth: number;
}

/**
 * Given nodes whose `parent` is set: cuts every cycle (reporting the node whose parent closes
 * it and making it a root), sets `depth` (a root is 0), and fills `children` ordered by name.
 */
export function arrangeTree<T extends TreeNode>(nodes: readonly T[], onCycle: (node: T) => void): void {
  for (const node of nodes) {
    const seen = new Set<T>([node]);
    let depth = 0;
    for (let current = node.parent; current; current = current.parent) {
      if (seen.has(current)) {
        onCycle(node);
        node.parent = null;
        depth = 0;
        break;
      }
      seen.add(current);
      depth++;
    }
    node.depth = depth;
  }
  for (const node of nodes) node.parent?.children.push(node);
  for (const node of nodes) node.children.sort(byNodeName);
}

/** treebeard's sibling order: by name, then id. */
export const byNodeName = (a: { id: number; name: string }, b: { id: number; name: string }) => a.name.localeCompare(b.name, 'de') || a.id - b.id;

/** Tree order (treebeard path): roots by name, each node before its children, siblings by name. */
export function treeOrder<T extends { parent: T | null; children: T[]; name: string; id: number }>(nodes: readonly T[]): T[] {
  const out: T[] = [];
  const visit = (node: T) => {
    out.push(node);
    node.children.forEach(visit);
  };
  nodes.filter((node) => !node.parent).sort(byNodeName).forEach(visit);
  return out;
}
