/**
 * The stage order of src/ (docs/architecture.md, "Import order"): data flows one way, so a
 * module imports from its own unit and from units before it, never from a later one. Type imports count: a type belongs to the stage that produces it.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { codeFiles, localImports, ROOT } from './helpers/imports.ts';

const SRC = join(ROOT, 'src');

/**
 * The units of src/ in order, earliest first: a folder (`api/`) or a file at the root of src/.
 * Units in one row may import each other. A new folder goes into the row where it belongs.
 */
export const IMPORT_ORDER: readonly (readonly string[])[] = [
  // The byte formats build and serving share (packs, token slots, the manifest, the search layout):
  // web-standard, importing nothing of src/ but each other (the test below checks that).
  ['formats/'],
  // Stage-free utilities: importable by all, importing nothing of src/ but each other.
  ['lib/'],
  // The one settings object and the one logger: every stage may read them.
  ['config.ts', 'log.ts'],
  ['content/'],
  ['model/'],
  ['pdf/'],
  ['documents/'],
  ['api/'],
  ['media/'],
  // The data downloads: files the output plan takes, cut from the API's answers; serving links their manifest.
  ['downloads/'],
  // The previous build (its state, output record, fingerprints) and the output plan that asks it what it may keep.
  ['output/', 'previous/'],
  ['serve/'],
  ['netlify/'],
  // The importer writes content/ from a froide API; it reads the stages' schema and helpers, and nothing imports it.
  ['import/'],
  // Entry points: the orchestrators, which nothing in src/ imports but the command line's commands (cli/).
  ['check.ts', 'build.ts', 'build-patch.ts', 'start.ts', 'cli/', 'cli.ts'],
];

/** Imports against the order that stay, each with its reason (`from -> to`, paths relative to src/). */
const EXEMPT: readonly { edge: string; why: string }[] = [];

/**
 * Import cycles of more than two files that stay, each with its reason: the files of the cycle.
 * Every other strongly connected part of the import graph (type imports included) is one file
 * or one pair (docs/architecture.md, "Import order").
 */
const CYCLES_EXEMPT: readonly { files: readonly string[]; why: string }[] = [];

/** The strongly connected parts of more than one file (Tarjan), each sorted, largest first. */
function cyclesOf(edges: readonly { from: string; to: string }[]): string[][] {
  const next = new Map<string, string[]>();
  for (const { from, to } of edges) {
    next.set(from, [...(next.get(from) ?? []), to]);
    if (!next.has(to)) next.set(to, []);
  }
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const parts: string[][] = [];
  const visit = (file: string) => {
    index.set(file, index.size);
    low.set(file, index.get(file)!);
    stack.push(file);
    onStack.add(file);
    for (const to of next.get(file)!) {
      if (!index.has(to)) {
        visit(to);
        low.set(file, Math.min(low.get(file)!, low.get(to)!));
      } else if (onStack.has(to)) low.set(file, Math.min(low.get(file)!, index.get(to)!));
    }
    if (low.get(file) !== index.get(file)) return;
    const part: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      part.push(member);
    } while (member !== file);
    if (part.length > 1) parts.push(part.sort());
  };
  for (const file of next.keys()) if (!index.has(file)) visit(file);
  return parts.sort((a, b) => b.length - a.length);
}

function unitOf(file: string): string {
  const slash = file.indexOf('/');
  return slash === -1 ? file : file.slice(0, slash + 1);
}

function rankOf(file: string): number {
  return IMPORT_ORDER.findIndex((row) => row.includes(unitOf(file)));
}

/** The imports of a later unit, as `from -> to`. */
function againstOrder(edges: readonly { from: string; to: string }[]): string[] {
  return edges.filter(({ from, to }) => rankOf(to) > rankOf(from)).map(({ from, to }) => `${from} -> ${to}`);
}

describe('import order of src/', async () => {
  const files = await codeFiles(SRC);
  const edges = await localImports(SRC);
  const against = againstOrder(edges);

  it('places every file of src/ in a unit of IMPORT_ORDER', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(files.filter((file) => rankOf(file) === -1)).toEqual([]);
  });

  it('keeps formats/ a leaf: its files import only files of formats/', () => {
    expect(files.filter((file) => file.startsWith('formats/')).length).toBeGreaterThan(10);
    const out = edges.filter(({ from, to }) => from.startsWith('formats/') && !to.startsWith('formats/'));
    expect(out.map(({ from, to }) => `${from} -> ${to}`)).toEqual([]);
  });

  it('resolves every relative import to a file of src/', () => {
    expect(edges.length).toBeGreaterThan(300);
    expect(edges.filter(({ to }) => !files.includes(to)).map(({ from, to }) => `${from} -> ${to}`)).toEqual([]);
  });

  it('has no import of a later unit, except the named exemptions', () => {
    expect(against.filter((edge) => !EXEMPT.some((exempt) => exempt.edge === edge))).toEqual([]);
  });

  it('has no exemption that is not needed', () => {
    expect(EXEMPT.filter((exempt) => !against.includes(exempt.edge) || exempt.why.length < 20)).toEqual([]);
  });

  it('finds an import against the order when there is one', () => {
    const edges = [
      { from: 'model/types.ts', to: 'api/routes.ts' },
      { from: 'api/routes.ts', to: 'model/types.ts' },
      { from: 'lib/concurrency.ts', to: 'config.ts' },
      { from: 'serve/preview.ts', to: 'build.ts' },
      { from: 'build.ts', to: 'cli.ts' },
      { from: 'pdf/index.ts', to: 'pdf/sizes.ts' },
    ];
    expect(againstOrder(edges)).toEqual(['model/types.ts -> api/routes.ts', 'lib/concurrency.ts -> config.ts', 'serve/preview.ts -> build.ts']);
  });
});

describe('import cycles of src/', async () => {
  const edges = await localImports(SRC);
  const loading = await localImports(SRC, { types: false });
  const cycles = cyclesOf(edges);

  it('has no cycle of more than one file pair, except the named exemptions', () => {
    const large = cycles.filter((cycle) => cycle.length > 2);
    expect(large.filter((cycle) => !CYCLES_EXEMPT.some((exempt) => exempt.files.join() === cycle.join()))).toEqual([]);
  });

  it('has no exemption that is not needed, and none that loads in a cycle', () => {
    expect(CYCLES_EXEMPT.filter((exempt) => !cycles.some((cycle) => cycle.join() === exempt.files.join()) || exempt.why.length < 20)).toEqual([]);
    const exempt = new Set(CYCLES_EXEMPT.flatMap((cycle) => cycle.files));
    expect(cyclesOf(loading).filter((cycle) => cycle.length > 2 || cycle.some((file) => exempt.has(file)))).toEqual([]);
  });

  it('finds a cycle of three files when there is one', () => {
    const edges = [
      { from: 'a.ts', to: 'b.ts' },
      { from: 'b.ts', to: 'c.ts' },
      { from: 'c.ts', to: 'a.ts' },
      { from: 'd.ts', to: 'e.ts' },
      { from: 'e.ts', to: 'd.ts' },
      { from: 'c.ts', to: 'f.ts' },
    ];
    expect(cyclesOf(edges)).toEqual([['a.ts', 'b.ts', 'c.ts'], ['d.ts', 'e.ts']]);
  });
});
