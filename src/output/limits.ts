/**
 * The deploy target's limits, checked on every build's own output before it replaces build/.
 * Defaults are Netlify's figures where Netlify documents one; each is a
 * setting, so a test (or an operator on another host) can lower or raise it.
 *
 * The check watches the plan as it is written (src/output/write.ts drain), so it costs a map
 * update per file, and reports every violation at once, one line each: path, figure, limit.
 */
import { DEFAULTS, type DeployLimits } from '../config.ts';
import { ROUTING_FILES } from './routing.ts';

/** Netlify's figures (see each field); the defaults of every build (src/config.ts DEFAULTS). */
export const NETLIFY_LIMITS: DeployLimits = DEFAULTS.deployLimits;

/** How a violation line says the figure and the limit. */
const SAYS: Record<keyof DeployLimits, (figure: string, limit: string) => string> = {
  entriesPerFolder: (figure, limit) => `holds ${figure} entries; the limit is ${limit} entries per folder`,
  fileBytes: (figure, limit) => `is ${figure} bytes; the limit is ${limit} bytes per file`,
  files: (figure, limit) => `holds ${figure} files; the limit is ${limit} files per deploy`,
  redirectRules: (figure, limit) => `has ${figure} rules; the limit is ${limit} rules`,
  headerRules: (figure, limit) => `has ${figure} rules; the limit is ${limit} rules`,
  routingFileBytes: (figure, limit) => `is ${figure} bytes; the limit is ${limit} bytes per routing file`,
};

export class DeployLimitError extends Error {
  override name = 'DeployLimitError';
  constructor(readonly violations: readonly string[]) {
    super(`the build exceeds the deploy target's limits:\n${violations.join('\n')}`);
  }
}

const decoder = new TextDecoder();

/** What the largest folder, the largest file and the totals of a build were: for the summary and the benchmark. */
export interface LayoutFigures {
  files: number;
  bytes: number;
  fullestFolder: { path: string; entries: number };
  largestFile: { path: string; bytes: number };
}

export function createLimitCheck(limits: DeployLimits) {
  const entries = new Map<string, number>([['', 0]]);
  const oversized: string[] = [];
  const routing: string[] = [];
  const hidden: string[] = [];
  let files = 0;
  let bytes = 0;
  let largest = { path: '', bytes: 0 };
  const line = (path: string, figure: number, what: keyof DeployLimits) =>
    `${path} ${SAYS[what](figure.toLocaleString('en'), limits[what].toLocaleString('en'))} (deploy limit ${what})`;

  /** Counts a new path in its folder, and each folder it creates in its parent. */
  const addEntry = (path: string) => {
    const slash = path.lastIndexOf('/');
    const folder = slash < 0 ? '' : path.slice(0, slash);
    const known = entries.has(folder);
    entries.set(folder, (entries.get(folder) ?? 0) + 1);
    if (!known) addEntry(folder);
  };

  return {
    /** One file of the plan, with its size and, for the routing files, its text. */
    add(path: string, size: number, body?: string | Uint8Array): void {
      files++;
      bytes += size;
      addEntry(path);
      if (size > largest.bytes) largest = { path, bytes: size };
      if (size > limits.fileBytes) oversized.push(line(path, size, 'fileBytes'));
      // netlify/cli leaves out every file or folder whose name starts with a dot (docs/deploy.md,
      // "How many files a deploy can take"): such a file would be missing in production.
      if (path.split('/').some((segment) => segment.startsWith('.'))) hidden.push(`${path} has a name starting with "." and would not be deployed (Netlify skips such files)`);
      if ((path === ROUTING_FILES.redirects || path === ROUTING_FILES.headers) && body !== undefined) {
        const text = typeof body === 'string' ? body : decoder.decode(body);
        if (size > limits.routingFileBytes) routing.push(line(path, size, 'routingFileBytes'));
        const rules = path === ROUTING_FILES.redirects ? redirectRuleCount(text) : headerRuleCount(text);
        const what = path === ROUTING_FILES.redirects ? 'redirectRules' : 'headerRules';
        if (rules > limits[what]) routing.push(line(path, rules, what));
      }
    },
    figures(): LayoutFigures {
      let fullest = { path: '', entries: 0 };
      for (const [path, count] of entries) if (count > fullest.entries) fullest = { path, entries: count };
      return { files, bytes, fullestFolder: fullest, largestFile: largest };
    },
    /** Every violation, one line each (empty when the build fits). */
    violations(): string[] {
      const lines: string[] = [];
      for (const [folder, count] of entries) {
        if (count > limits.entriesPerFolder) lines.push(line(`${folder || '.'}/`, count, 'entriesPerFolder'));
      }
      lines.push(...hidden, ...oversized, ...routing);
      if (files > limits.files) lines.push(line('build/', files, 'files'));
      return lines;
    },
  };
}

export type LimitCheck = ReturnType<typeof createLimitCheck>;

function redirectRuleCount(text: string): number {
  return text.split('\n').filter((line) => line.trim() !== '' && !line.trimStart().startsWith('#')).length;
}

/** A `_headers` rule is a path line (not indented) followed by its header lines. */
function headerRuleCount(text: string): number {
  return text.split('\n').filter((line) => line.startsWith('/')).length;
}
