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
  ['output/'],
  ['serve/'],
  ['netlify/'],
  // The importer writes content/ from a froide API; it reads the stages' schema and helpers, and nothing imports it.
  ['import/'],
  // Entry points: the orchestrators, which nothing in src/ imports but the command line's commands (cli/).
  ['check.ts', 'build.ts', 'build-patch.ts', 'start.ts', 'cli/', 'cli.ts'],
];

/** Imports against the order that stay, each with its reason (`from -> to`, paths relative to src/). */
const EXEMPT: readonly { edge: string; why: string }[] = [];

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
