/**
 * Every reason is in the repository: code, tests and docs cite docs/ sections, never documents
 * a reader of the repository does not have (the reference notes the project started from, its
 * style notes) and never issue numbers. And every docs/ section they cite exists, so a renamed
 * heading fails here instead of leaving a dead reference.
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import { extname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/imports.ts';

/** Folders and files a reader of the repository reads. */
const SCANNED = ['src', 'docs', 'test', 'bench', 'tools', '.github', 'README.md', 'netlify.toml'];
const EXTENSIONS = new Set(['.ts', '.mts', '.js', '.mjs', '.md', '.toml', '.yml', '.yaml', '.sh']);
const SELF = 'test/docs/self-contained.test.ts';

/** What cites something outside the repository. */
const OUTSIDE: [string, RegExp][] = [
  ['a section of the froide notes', /\bfacts\s*§/i],
  ['a section of the contract notes', /\bspec\s*§/i],
  ['the platform notes', /\bplatform\s+facts\b|\bfacts,?\s+(?:A\d|Addendum\b)/i],
  ['the style notes', /\bSTYLE\s+practice\b/i],
  ['an issue number', /\bissues?\s+#?\d+/i],
  ['a bare section number', /(?<!RFC \d+ )(?<![\w/.])§\d/],
];

async function filesOf(path: string): Promise<string[]> {
  const abs = join(ROOT, path);
  const info = await stat(abs).catch(() => null);
  if (!info) return [];
  if (info.isFile()) return [path];
  const entries = await readdir(abs, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)).split('\\').join('/'))
    .filter((file) => EXTENSIONS.has(extname(file)) && !file.includes('node_modules') && !/^test\/fixtures\/.*\.json$/.test(file))
    .sort();
}

const files = (await Promise.all(SCANNED.map(filesOf))).flat();
const texts = new Map(await Promise.all(files.map(async (file) => [file, await readFile(join(ROOT, file), 'utf8')] as const)));

/** GitHub's heading anchor: lower case, punctuation dropped, spaces to hyphens, repeats numbered. */
function anchorsOf(markdown: string): { anchors: Set<string>; titles: string[] } {
  const anchors = new Set<string>();
  const titles: string[] = [];
  const seen = new Map<string, number>();
  let fence = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*```/.test(line)) fence = !fence;
    const heading = fence ? null : /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const title = heading[1]!.replace(/`/g, '');
    const base = title.toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, '').replace(/\s/g, '-');
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count ? `${base}-${count}` : base);
    titles.push(title.toLowerCase());
  }
  return { anchors, titles };
}

const docs = new Map(
  files.filter((file) => /^docs\/[^/]+\.md$/.test(file)).map((file) => [file, anchorsOf(texts.get(file)!)] as const),
);

/** A line without the comment markers that start it (`//`, ` * `, `#`), so two lines of one comment read as one sentence. */
function bare(line: string): string {
  return line.replace(/^\s*(?:\/\/+|\*+|#+)?\s*/, '').trim();
}

/**
 * Citations of something outside the repository in a text, by line; one split over a line
 * break (`issue` at the end of a line, its number on the next) counts on its second line.
 */
function outsideCitations(file: string, text: string): string[] {
  const hits: string[] = [];
  const lines = text.split('\n');
  lines.forEach((line, index) => {
    const next = lines[index + 1];
    for (const [what, pattern] of OUTSIDE) {
      if (pattern.test(line)) hits.push(`${file}:${index + 1}: ${what}: ${line.trim()}`);
      else if (next !== undefined && !pattern.test(next) && pattern.test(`${bare(line)} ${bare(next)}`)) hits.push(`${file}:${index + 2}: ${what}, across two lines: ${line.trim()} / ${next.trim()}`);
    }
  });
  return hits;
}

function lineOf(text: string, index: number): number {
  return text.slice(0, index).split('\n').length;
}

describe('every reason is in the repository', () => {
  it('scans the folders a reader reads', () => {
    expect(files.filter((file) => file.startsWith('src/')).length).toBeGreaterThan(100);
    expect(files).toContain('README.md');
    expect(docs.has('docs/froide.md') && docs.has('docs/netlify.md')).toBe(true);
  });

  it('cites no document outside the repository and no issue number', () => {
    const hits = [...texts].filter(([file]) => file !== SELF).flatMap(([file, text]) => outsideCitations(file, text));
    expect(hits).toEqual([]);
  });

  it('finds a citation split over two lines of a comment', () => {
    const comment = ['/**', ' * as the', ' * issue', ' * 12 asks', ' */'].join('\n');
    expect(outsideCitations('x.ts', comment)).toEqual(['x.ts:4: an issue number, across two lines: * issue / * 12 asks']);
    expect(outsideCitations('x.ts', comment.replace('12', 'tracker'))).toEqual([]);
  });
});

describe('every docs/ section cited exists', () => {
  const cited: { where: string; file: string; anchor?: string; title?: string }[] = [];
  for (const [file, text] of texts) {
    // docs/<file>.md#<anchor>, anywhere (code, tests, README links)
    for (const match of text.matchAll(/\bdocs\/([\w-]+\.md)#([\w-]+)/g)) {
      cited.push({ where: `${file}:${lineOf(text, match.index)}`, file: `docs/${match[1]}`, anchor: match[2]! });
    }
    // docs/<file>.md, "Heading" or docs/<file>.md, Heading (a capital letter starts a section name)
    for (const match of text.matchAll(/\bdocs\/([\w-]+\.md),\s+(?:"([^"\n]+)"|([A-Z][^,;:()"\n]*?))(?=[,;:()"]|\.(?:\s|$)|\s*\*\/|\s*$)/gm)) {
      cited.push({ where: `${file}:${lineOf(text, match.index)}`, file: `docs/${match[1]}`, title: (match[2] ?? match[3])!.trim() });
    }
    // relative links inside docs/: [text](other.md#anchor) and [text](#anchor)
    if (/^docs\/[^/]+\.md$/.test(file)) {
      // Inline code shows Markdown, it does not link (`[title](#page-N)`): blanked, same length.
      const prose = text.replace(/`[^`\n]*`/g, (code) => ' '.repeat(code.length));
      for (const match of prose.matchAll(/\]\((?:([\w-]+\.md))?#([\w-]+)\)/g)) {
        cited.push({ where: `${file}:${lineOf(text, match.index)}`, file: match[1] ? `docs/${match[1]}` : file, anchor: match[2]! });
      }
    }
  }

  it('finds citations to check', () => {
    expect(cited.filter((c) => c.anchor).length).toBeGreaterThan(100);
    expect(cited.filter((c) => c.title).length).toBeGreaterThan(10);
  });

  it('resolves every docs/<file>.md#anchor to a heading of that file', () => {
    const dead = cited
      .filter((c) => c.anchor !== undefined)
      .filter((c) => !docs.get(c.file)?.anchors.has(c.anchor!))
      .map((c) => `${c.where}: ${c.file}#${c.anchor}`);
    expect(dead).toEqual([]);
  });

  it('resolves every docs/<file>.md, "Section" to a heading that starts with it', () => {
    const dead = cited
      .filter((c) => c.title !== undefined)
      .filter((c) => {
        const titles = docs.get(c.file)?.titles ?? [];
        const wanted = c.title!.toLowerCase();
        return !titles.some((title) => title.startsWith(wanted) || wanted.startsWith(title));
      })
      .map((c) => `${c.where}: ${c.file}, ${c.title}`);
    expect(dead).toEqual([]);
  });
});
