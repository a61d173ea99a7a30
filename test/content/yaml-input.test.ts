/**
 * What editors type that YAML reads differently from what they meant, and what the check
 * says about it: always a problem at file:line:column with a fix, never an exception, and the
 * other files are checked all the same.
 */
import { describe, expect, it } from 'vitest';
import type { Problem } from '../../src/content/problems.ts';
import { contentChecker, minimalArchive } from '../helpers/content.ts';

const check = contentChecker();
const REQUEST = 'requests/10-akten/request.yaml';
const requestYaml = (...extra: string[]) =>
  ['id: 10', 'slug: akten', 'title: Akten zum Vorgang', 'description: Bitte senden Sie mir die Akten.', 'public_body: 1', 'status: awaiting_response', ...extra, ''].join('\n');

/** `severity file:line:col path: message -> hint`, one string per problem, for exact assertions. */
function said(problems: Problem[]): string[] {
  return problems.map((p) => `${p.severity} ${p.file}:${p.line}:${p.column} ${p.path}: ${p.message}${p.hint ? ` -> ${p.hint}` : ''}`);
}

describe('values that YAML reads as syntax', () => {
  it('reports a value starting with * (an alias) at its line with the quoted value, and still checks the other files', async () => {
    const { problems, archive } = await check(
      minimalArchive({
        [REQUEST]: requestYaml('summary: *vorläufig*'),
        'publicbodies/2-bpol.yaml': 'id: 2\nname: Bundespolizei\nslug: Bundespolizei\njurisdiction: 1\n',
      }),
    );
    expect(archive).toBeUndefined();
    expect(said(problems.sorted().filter((p) => p.file !== 'requests/10-akten/messages/100.yaml' && p.file !== 'requests/10-akten/messages/101.yaml'))).toEqual([
      'error publicbodies/2-bpol.yaml:3:7 slug: is "Bundespolizei", but must be a slug: lower-case letters a-z, digits and single hyphens, like "bundesministerium-des-innern"',
      `error ${REQUEST}:7:10 summary: starts with "*", which YAML reads as an alias (a reference to an anchor); content files do not use aliases -> put the value in quotes: summary: "*vorläufig*"`,
    ]);
  });

  it('reports the alias, not the parser error it causes later on the line', async () => {
    const { problems } = await check(minimalArchive({ [REQUEST]: requestYaml('summary: *vorläufig* bis Mai # Stand') }));
    expect(said(problems.list.filter((p) => p.file === REQUEST))).toEqual([
      `error ${REQUEST}:7:10 summary: starts with "*", which YAML reads as an alias (a reference to an anchor); content files do not use aliases -> put the value in quotes: summary: "*vorläufig* bis Mai"`,
    ]);
  });

  it('refuses anchors, aliases and tags, which content does not use', async () => {
    const { problems } = await check(
      minimalArchive({
        [REQUEST]: requestYaml('summary: & Co', 'reference: !wichtig', 'tags: &t [a, b]', 'costs: !!float 12'),
      }),
    );
    expect(said(problems.list.filter((p) => p.file === REQUEST))).toEqual([
      `error ${REQUEST}:7:10 summary: starts with "&", which YAML reads as the name of an anchor; content files do not use anchors -> put the value in quotes: summary: "& Co"`,
      `error ${REQUEST}:8:12 reference: starts with "!", which YAML reads as a type tag; content files do not use tags -> put the value in quotes: reference: "!wichtig"`,
      `error ${REQUEST}:9:7 tags: starts with "&", which YAML reads as the name of an anchor; content files do not use anchors -> write the values out in full wherever they are needed`,
      `error ${REQUEST}:10:8 costs: starts with "!", which YAML reads as a type tag; content files do not use tags -> put the value in quotes: costs: "!!float 12"`,
    ]);
  });

  it('survives an alias bomb with a bounded report', async () => {
    const lines = ['a: &a ["x", "x", "x", "x", "x", "x", "x", "x", "x"]'];
    for (let i = 1; i < 40; i++) lines.push(`${String.fromCharCode(97 + (i % 26))}${i}: &n${i} [${Array(9).fill(i === 1 ? '*a' : `*n${i - 1}`).join(', ')}]`);
    const { problems } = await check(minimalArchive({ 'publicbodies/3-bombe.yaml': `${lines.join('\n')}\n` }));
    const bomb = problems.list.filter((p) => p.file === 'publicbodies/3-bombe.yaml');
    expect(bomb).toHaveLength(21);
    expect(bomb[0]!.message).toBe('starts with "&", which YAML reads as the name of an anchor; content files do not use anchors');
    expect(bomb[20]!.message).toBe('and 20 more lines like it in this file');
  });

  it.each([
    ['title: @home', 'starts with "@", which YAML reserves', 'put the value in quotes: title: "@home"'],
    ['title: `code`', 'starts with "`", which YAML reserves', 'put the value in quotes: title: "`code`"'],
    ['title: Antwort: ja', 'YAML syntax: the value contains ": ", which YAML reads as the start of another key', 'if the value is text, put the value in quotes: title: "Antwort: ja"'],
    ['title: "Akten" zum Vorgang', 'YAML syntax: more text follows where the value ended (after a closing quote or bracket)', `if the value is text, put the value in quotes: title: '"Akten" zum Vorgang'`],
  ])('%s: says why and how to quote it', async (line, message, hint) => {
    const { problems } = await check(minimalArchive({ 'publicbodies/3-neu.yaml': `id: 3\nname: Neu\nslug: neu\njurisdiction: 1\n${line}\n` }));
    const [problem] = problems.list.filter((p) => p.file === 'publicbodies/3-neu.yaml');
    expect([problem!.line, problem!.path, problem!.message, problem!.hint]).toEqual([5, 'title', message, hint]);
  });
});

describe('YAML structure', () => {
  it('names a duplicate key and both of its lines', async () => {
    const { problems } = await check(minimalArchive({ [REQUEST]: requestYaml('tags: [a]', 'status: resolved') }));
    expect(said(problems.list.filter((p) => p.file === REQUEST))).toEqual([
      `error ${REQUEST}:8:1 status: key "status" appears twice in the same mapping, at lines 6 and 8 -> keep one of them: YAML allows a key once per mapping (the second would silently replace the first)`,
    ]);
  });

  it('says that an empty file is empty', async () => {
    const { problems } = await check(minimalArchive({ [REQUEST]: '# yaml-language-server: $schema=../../schemas/request.schema.json\n', 'campaigns.yaml': '' }));
    expect(said(problems.list.filter((p) => p.file === REQUEST || p.file === 'campaigns.yaml'))).toEqual([
      'error campaigns.yaml:0:0 : is empty -> add its entries, each starting with "- id: ...", or delete the file',
      `error ${REQUEST}:0:0 : is empty -> fill in its keys (the editors' guide, docs/content-guide.md, lists them), or delete the file`,
    ]);
  });
});

describe('schema messages in plain words', () => {
  it.each([
    ['tags: Hitze, Gesundheit', '7:7 tags: must be a list, not "Hitze, Gesundheit" -> write a list in square brackets, e.g. tags: [Hitze, Gesundheit]'],
    ['tags: 2024', '7:7 tags: must be a list, not 2024 -> write a list in square brackets, e.g. tags: [2024]'],
    ['reference: 2024', '7:12 reference: must be text, not 2024 -> put the value in quotes: reference: "2024"'],
    ['costs: "12"', '7:8 costs: must be a number, not "12" -> write the number without quotes: costs: 12'],
    ['costs: -5', '7:8 costs: is -5, but must be at least 0'],
    ['public: ja', '7:9 public: must be true or false, not "ja" -> write public: true (without quotes)'],
    ['law: 0', '7:6 law: is 0, but ids are whole numbers from 1 (up to 9007199254740991)'],
    ['law: "3"', '7:6 law: is "3", but ids are whole numbers from 1 (up to 9007199254740991) -> write the number without quotes: law: 3'],
    ['resolution: erfolgreich', '7:13 resolution: is "erfolgreich", which is not allowed -> use one of: "", "successful", "partially_successful", "not_held", "refused", "user_withdrew_costs", "user_withdrew"'],
    ['summary:', '7:1 summary: is empty, but must be text -> write a value after "summary:", or delete the line (then its default applies)'],
    ['färbe: rot', '7:1 färbe: unknown key "färbe" -> remove the key or fix its spelling; the JSON Schema in content/schemas/ lists the allowed keys'],
  ])('%s', async (line, expected) => {
    const { problems } = await check(minimalArchive({ [REQUEST]: requestYaml(line) }));
    expect(said(problems.list.filter((p) => p.file === REQUEST))).toEqual([`error ${REQUEST}:${expected}`]);
  });

  it('explains ids out of range, as the editor wrote them', async () => {
    const { problems } = await check(
      minimalArchive({
        [REQUEST]: requestYaml().replace('id: 10', 'id: 0'),
        'requests/10-akten/messages/100.yaml': 'id: 12345678901234567890\nis_response: false\nrecipient_public_body: 1\ntimestamp: 2024-02-01T10:00:00+01:00\n',
        'requests/10-akten/messages/101.yaml': 'id: 10.5\nis_response: false\nrecipient_public_body: 1\ntimestamp: 2024-02-01T10:00:00+01:00\n',
      }),
    );
    expect(said(problems.sorted())).toEqual([
      'error requests/10-akten/messages/100.yaml:1:5 id: is 12345678901234567890, but ids are whole numbers from 1 (up to 9007199254740991)',
      'error requests/10-akten/messages/101.yaml:1:5 id: is 10.5, but ids are whole numbers from 1 (up to 9007199254740991)',
      `error ${REQUEST}:1:5 id: is 0, but ids are whole numbers from 1 (up to 9007199254740991)`,
    ]);
  });

  it('says "is required" for a missing choice, with the choices', async () => {
    const { problems } = await check(minimalArchive({ [REQUEST]: requestYaml().replace('status: awaiting_response\n', '') }));
    expect(said(problems.list)).toEqual([
      `error ${REQUEST}:1:1 status: is required -> add this key with one of: "awaiting_user_confirmation", "publicbody_needed", "awaiting_publicbody_confirmation", "awaiting_response", "awaiting_classification", "asleep", "resolved"`,
    ]);
  });
});

describe('text encoding', () => {
  const latin1 = (text: string) => Uint8Array.from([...text].map((char) => char.charCodeAt(0)));
  const utf16le = (text: string, bom: boolean) => {
    const body = Buffer.from(text, 'utf16le');
    return new Uint8Array(bom ? Buffer.concat([Buffer.from([0xff, 0xfe]), body]) : body);
  };
  const body = 'id: 3\nname: Behörde für Umwelt\nslug: umwelt\njurisdiction: 1\n';

  it('refuses a Latin-1 file at the first byte that is not UTF-8, instead of publishing it garbled', async () => {
    const { problems, archive } = await check(minimalArchive({ 'publicbodies/3-umwelt.yaml': latin1(body) }));
    expect(archive).toBeUndefined();
    expect(said(problems.list)).toEqual([
      'error publicbodies/3-umwelt.yaml:2:10 : is not UTF-8 text: byte 0xF6 here is not valid UTF-8 (in Latin-1 that is "ö": the file was probably saved as Latin-1 or Windows-1252) -> save it as UTF-8 (in VS Code: click the encoding in the status bar, then "Save with Encoding" → "UTF-8")',
    ]);
  });

  it('refuses UTF-16, with or without a byte order mark', async () => {
    const { problems } = await check(minimalArchive({ 'publicbodies/3-umwelt.yaml': utf16le(body, true), 'publicbodies/4-x.yaml': utf16le(body, false) }));
    expect(problems.sorted().map((p) => `${p.file}:${p.line}:${p.column} ${p.message}`)).toEqual([
      'publicbodies/3-umwelt.yaml:0:0 is UTF-16 text, not UTF-8',
      'publicbodies/4-x.yaml:0:0 contains NUL bytes, so it is not UTF-8 text (UTF-16, or not text at all)',
    ]);
  });

  it('accepts a UTF-8 byte order mark, with positions as without it', async () => {
    const withBom = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(body.replace('slug: umwelt', 'slug: Umwelt'))]);
    const { problems } = await check(minimalArchive({ 'publicbodies/3-umwelt.yaml': withBom }));
    expect(said(problems.list)).toEqual([
      'error publicbodies/3-umwelt.yaml:3:7 slug: is "Umwelt", but must be a slug: lower-case letters a-z, digits and single hyphens, like "bundesministerium-des-innern"',
    ]);
    const clean = await check(minimalArchive({ 'publicbodies/3-umwelt.yaml': new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(body)]) }));
    expect(clean.problems.list).toEqual([]);
    expect(clean.archive!.publicBodies.find((b) => b.id === 3)!.name).toBe('Behörde für Umwelt');
  });
});
