/**
 * The catalogue of content problems (src/content/errors.ts): every kind is named after its
 * key, used, and the only source of problem words.
 */
import { readFile } from 'node:fs/promises';
import fg from 'fast-glob';
import { describe, expect, it } from 'vitest';
import { describe as describeKind, ERRORS } from '../../src/content/errors.ts';
import { Problems, type RecordSource } from '../../src/content/problems.ts';

const SRC = new URL('../../src/', import.meta.url);
const sources = await Promise.all((await fg('**/*.ts', { cwd: SRC.pathname })).sort().map(async (path) => ({ path, text: await readFile(new URL(path, SRC), 'utf8') })));

describe('content problem catalogue', () => {
  it('names every kind after its key, with a title, once', () => {
    for (const [key, kind] of Object.entries(ERRORS)) {
      expect(kind.name).toBe(key);
      expect(kind.title.length, key).toBeGreaterThan(10);
    }
    const titles = Object.values(ERRORS).map((kind) => kind.title);
    expect(new Set(titles).size).toBe(titles.length);
  });

  it('has no kind that nothing reports', () => {
    const code = sources.filter(({ path }) => path !== 'content/errors.ts').map(({ text }) => text).join('\n');
    expect(Object.keys(ERRORS).filter((name) => !code.includes(`ERRORS.${name}`))).toEqual([]);
  });

  it('is where problem words come from: no problem object is written by hand', () => {
    const byHand = sources
      .filter(({ path }) => path !== 'content/problems.ts')
      .filter(({ text }) => /problems\.at\(|severity: '(error|warning)',\s*file:|message: `|message: '/.test(text))
      .map(({ path }) => path);
    expect(byHand.filter((path) => ['content/', 'model/', 'documents/'].some((stage) => path.startsWith(stage)) || ['check.ts', 'build.ts'].includes(path))).toEqual([]);
  });

  it('reports a kind with its severity, name, message and hint at the key it names', () => {
    const problems = new Problems();
    const source: RecordSource = { file: 'venues.yaml', base: [0], locate: (path) => ({ line: path.length * 10, column: 3 }) };
    problems.report(source, ['requests', 1], ERRORS.UnknownReference, { kind: 'request', id: 77, sample: '1, 2', which: 'published' });
    problems.knockOn(source, ['publicbody'], ERRORS.ReferenceIntoInvalidFiles, { kind: 'public body', id: 3, files: 'public body' });
    problems.reportFile('a/', ERRORS.UnreadFolder, { near: undefined });
    expect(problems.list).toEqual([
      { severity: 'error', kind: 'UnknownReference', file: 'venues.yaml', line: 30, column: 3, path: '[0].requests[1]', message: 'refers to request 77, which does not exist', hint: 'use the id of a published request (1, 2)' },
      {
        severity: 'error',
        kind: 'ReferenceIntoInvalidFiles',
        file: 'venues.yaml',
        line: 20,
        column: 3,
        path: '[0].publicbody',
        message: 'refers to public body 3, which does not exist or is in a file with errors',
        hint: 'fix the errors in the public body files first',
        knockOn: true,
      },
      {
        severity: 'warning',
        kind: 'UnreadFolder',
        file: 'a/',
        line: 0,
        column: 0,
        path: '',
        message: 'is a folder the build does not read; nothing in it is published',
        hint: 'move its files where the editors\' guide (docs/content-guide.md, "Layout") puts them, or keep them outside content/',
      },
    ]);
  });

  it.each([
    [describeKind(ERRORS.UnknownReference, { kind: 'law', id: 9, sample: '', which: 'existing' }), 'refers to law 9, which does not exist', 'add the law first'],
    [describeKind(ERRORS.PositionOutOfRange, { lng: 52.5, lat: 13.4 }), 'is [52.5, 13.4]: longitude must lie in -180…180 and latitude in -90…90', 'GeoJSON positions are [longitude, latitude]: swap the two numbers'],
    [describeKind(ERRORS.PositionOutOfRange, { lng: 200, lat: 95 }), 'is [200, 95]: longitude must lie in -180…180 and latitude in -90…90', 'fix the position'],
    [describeKind(ERRORS.NotUtf8, { byte: 0xe4, latin1: 'ä' }), 'is not UTF-8 text: byte 0xE4 here is not valid UTF-8 (in Latin-1 that is "ä": the file was probably saved as Latin-1 or Windows-1252)', 'save it as UTF-8 (in VS Code: click the encoding in the status bar, then "Save with Encoding" → "UTF-8")'],
    [describeKind(ERRORS.NotUtf8, { byte: 0x81, latin1: '' }), 'is not UTF-8 text: byte 0x81 here is not valid UTF-8', 'save it as UTF-8 (in VS Code: click the encoding in the status bar, then "Save with Encoding" → "UTF-8")'],
    [describeKind(ERRORS.YamlSyntax, { said: 'x', code: 'TAB_AS_INDENT' }), 'YAML syntax: x', 'indent with spaces, not tabs'],
    [describeKind(ERRORS.YamlSyntax, { said: 'x', code: 'OTHER', quote: 'a: "b"' }), 'YAML syntax: x', 'if the value is text, put the value in quotes: a: "b"'],
    [describeKind(ERRORS.YamlSyntax, { said: 'x', code: 'OTHER' }), 'YAML syntax: x', 'check the quotes, colons and indentation of this line and the line above'],
    [describeKind(ERRORS.NumberBound, { value: '0', bound: 'at least', limit: 1, inclusive: false }), 'is 0, but must be greater than 1', undefined],
    [describeKind(ERRORS.EmptyText), 'must not be empty', undefined],
  ])('words %#: %j', (described, message, hint) => {
    expect(described).toEqual({ kind: described.kind, message, ...(hint === undefined ? {} : { hint }) });
  });
});
