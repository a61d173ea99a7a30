import { describe, expect, it } from 'vitest';
import type { Problem } from '../../src/content/problems.ts';
import { formatGithubAnnotation, formatProblem } from '../../src/content/problems.ts';
import { contentChecker, minimalArchive, responseMessage, type Tree } from '../helpers/content.ts';

const check = contentChecker();

/** The problems as `file:line:column path` -> message, for exact assertions. */
function where(problems: Problem[]): string[] {
  return problems.map((problem) => `${problem.severity} ${problem.file}:${problem.line}:${problem.column} ${problem.path}`);
}

describe('content validation', () => {
  it('accepts the minimal archive without problems', async () => {
    const { problems, archive } = await check(minimalArchive());
    expect(problems.list).toEqual([]);
    expect(archive?.requests.map((request) => request.id)).toEqual([10]);
    expect(archive?.messages.map((message) => message.id)).toEqual([100, 101]);
    expect(archive?.attachments.map((attachment) => attachment.name)).toEqual(['liste.csv']);
  });

  it('reports every problem of one file in one run, each at its line and column', async () => {
    const { problems, archive } = await check(
      minimalArchive({
        'requests/10-akten/messages/101.yaml': [
          'id: 101',
          'kind: telegram',
          'is_response: yes',
          'sender_public_body: 1',
          'timestamp: 2024-02-30T09:30:00+01:00',
          'attachments:',
          '  - id: 1000',
          '    name: liste.csv',
          '    colour: red',
          '',
        ].join('\n'),
      }),
    );
    expect(archive).toBeUndefined();
    const file = 'requests/10-akten/messages/101.yaml';
    expect(where(problems.sorted())).toEqual([
      `error ${file}:2:7 kind`,
      `error ${file}:3:14 is_response`,
      `error ${file}:5:12 timestamp`,
      `error ${file}:9:5 attachments[0].colour`, // at the key, not its value
    ]);
    const [kind, isResponse, timestamp, colour] = problems.sorted();
    expect(kind!.message).toBe('is "telegram", which is not allowed');
    expect(kind!.hint).toBe('use one of: "email", "post", "fax", "upload", "phone", "visit", "import"');
    expect(isResponse!.message).toBe('must be true or false, not "yes"');
    expect(isResponse!.hint).toBe('write is_response: true (without quotes)');
    expect(timestamp!.message).toBe('is "2024-02-30T09:30:00+01:00", but is not a real date (check day and month)');
    expect(colour!.message).toBe('unknown key "colour"');
  });

  it('reports a date in another form once, without calling it an unreal date as well', async () => {
    const { problems } = await check(
      minimalArchive({
        'requests/10-akten/request.yaml': { ...(minimalArchive()['requests/10-akten/request.yaml'] as object), created_at: '04.11.2024' },
        'requests/10-akten/messages/100.yaml': { id: 100, is_response: false, recipient_public_body: 1, timestamp: '2024-02-31' },
      }),
    );
    expect(problems.list.map((problem) => `${problem.file} ${problem.message}`).sort()).toEqual([
      'requests/10-akten/messages/100.yaml is "2024-02-31", but must be a date-time with time zone, like "2024-03-01T10:15:00+01:00"',
      'requests/10-akten/request.yaml is "04.11.2024", but must be a date-time with time zone, like "2024-03-01T10:15:00+01:00"',
    ]);
  });

  it('reports a missing required key at the record it belongs to', async () => {
    const { problems } = await check(
      minimalArchive({ 'publicbodies/3-neu.yaml': 'id: 3\nname: Neue Behörde\nslug: neu\n' }),
    );
    expect(where(problems.list)).toEqual(['error publicbodies/3-neu.yaml:1:1 jurisdiction']);
    expect(problems.list[0]!.message).toBe('is required (a number)');
    expect(problems.list[0]!.hint).toBe('add this key');
  });

  it('points into list files by index', async () => {
    const { problems } = await check(
      minimalArchive({
        'categories.yaml': [
          { id: 1, name: 'Inneres', slug: 'inneres' },
          { id: 2, name: 'Umwelt', slug: 'Umwelt und Natur' },
        ],
      }),
    );
    expect(where(problems.list)).toEqual(['error categories.yaml:6:9 [1].slug']);
  });

  it('reports YAML syntax errors with their position, and references into the broken file as such', async () => {
    const { problems } = await check(minimalArchive({ 'campaigns.yaml': '- id: 1\n  name: "offen\n' }));
    expect(where(problems.sorted())).toEqual(['error campaigns.yaml:3:1 [0].name', 'error requests/10-akten/request.yaml:9:11 campaign']);
    expect(problems.sorted()[0]!.message).toBe('YAML syntax: Missing closing "quote');
    expect(problems.sorted()[1]!.message).toBe('refers to campaign 1, which does not exist or is in a file with errors');
  });

  it('reports a duplicate id at every record that holds it, each naming the other, without guessing which is new', async () => {
    // Load order is file order: "22-…" sorts before "7-…", so the new body is read first.
    const { problems } = await check(
      minimalArchive({
        'publicbodies/7-kanzleramt.yaml': { id: 7, name: 'Kanzleramt', slug: 'kanzleramt', jurisdiction: 1 },
        'publicbodies/22-neue-behoerde.yaml': { id: 7, name: 'Neue Behörde', slug: 'neue-behoerde', jurisdiction: 1 },
      }),
    );
    expect(problems.sorted().map((problem) => `${problem.file}:${problem.line}:${problem.column} ${problem.path}: ${problem.message}`)).toEqual([
      'publicbodies/22-neue-behoerde.yaml:1:5 id: duplicate public body id 7; it is also used in publicbodies/7-kanzleramt.yaml:1',
      'publicbodies/7-kanzleramt.yaml:1:5 id: duplicate public body id 7; it is also used in publicbodies/22-neue-behoerde.yaml:1',
    ]);
    const hint = 'ids are stable: keep the id of the public body that is already published and give the one you are adding a free id, e.g. 8';
    expect(problems.list.map((problem) => problem.hint)).toEqual([hint, hint]);
  });

  it('names every other holder when an id is used three times, and suggests a different free id for each clash', async () => {
    const { problems } = await check(
      minimalArchive({
        'categories.yaml': [
          { id: 1, name: 'Inneres', slug: 'inneres' },
          { id: 1, name: 'Umwelt', slug: 'umwelt' },
          { id: 1, name: 'Verkehr', slug: 'verkehr' },
          { id: 2, name: 'Bildung', slug: 'bildung' },
          { id: 2, name: 'Kultur', slug: 'kultur' },
        ],
      }),
    );
    expect(problems.sorted().map((problem) => `${problem.line} ${problem.message}`)).toEqual([
      '1 duplicate category id 1; it is also used in categories.yaml:4, categories.yaml:7',
      '4 duplicate category id 1; it is also used in categories.yaml:1, categories.yaml:7',
      '7 duplicate category id 1; it is also used in categories.yaml:1, categories.yaml:4',
      '10 duplicate category id 2; it is also used in categories.yaml:13',
      '13 duplicate category id 2; it is also used in categories.yaml:10',
    ]);
    expect(problems.sorted().map((problem) => problem.hint!.slice(-6))).toEqual(['e.g. 3', 'e.g. 3', 'e.g. 3', 'e.g. 4', 'e.g. 4']);
  });

  it('reports dangling references at the referring key, with known ids and their names as a hint', async () => {
    const { problems } = await check(
      minimalArchive({
        'requests/10-akten/messages/100.yaml': {
          id: 100,
          is_response: false,
          recipient_public_body: 99,
          timestamp: '2024-02-01T10:00:00+01:00',
        },
      }),
    );
    expect(where(problems.list)).toEqual(['error requests/10-akten/messages/100.yaml:3:24 recipient_public_body']);
    expect(problems.list[0]!.message).toBe('refers to public body 99, which does not exist');
    expect(problems.list[0]!.hint).toBe('use the id of an existing public body (1 "Bundesministerium des Innern", 2 "Bundespolizei")');
  });

  it('reports an attachment whose file is missing', async () => {
    const tree = minimalArchive();
    delete tree['requests/10-akten/files/101/liste.csv'];
    const { problems } = await check(tree);
    expect(where(problems.list)).toEqual(['error requests/10-akten/messages/101.yaml:8:11 attachments[0].name']);
    expect(problems.list[0]!.message).toBe('names a file that does not exist: requests/10-akten/files/101/liste.csv');
  });

  it('warns about files no attachment names', async () => {
    const { problems, archive } = await check(minimalArchive({ 'requests/10-akten/files/101/vergessen.pdf': '%PDF-1.4' }));
    expect(archive).toBeDefined();
    expect(where(problems.list)).toEqual(['warning requests/10-akten/files/101/vergessen.pdf:0:0 ']);
  });

  it('reports impossible values: a message before its request, a resolution without resolved status', async () => {
    const { problems } = await check(
      minimalArchive({
        'requests/10-akten/request.yaml': {
          id: 10,
          slug: 'akten',
          title: 'Akten',
          description: 'Bitte.',
          public_body: 1,
          status: 'awaiting_response',
          resolution: 'refused',
          created_at: '2024-03-01T00:00:00+01:00',
        },
      }),
    );
    expect(where(problems.sorted())).toEqual([
      'error requests/10-akten/messages/100.yaml:5:12 timestamp',
      'error requests/10-akten/messages/101.yaml:5:12 timestamp',
      'error requests/10-akten/request.yaml:7:13 resolution',
    ]);
    expect(problems.sorted()[0]!.message).toBe(
      "2024-02-01T10:00:00+01:00 is before its request's created_at (2024-03-01T00:00:00+01:00), which is impossible",
    );
  });

  it('reports parent cycles in trees', async () => {
    const { problems } = await check(
      minimalArchive({
        'classifications.yaml': [
          { id: 1, name: 'A', slug: 'a', parent: 2 },
          { id: 2, name: 'B', slug: 'b', parent: 1 },
        ],
      }),
    );
    // One cycle, one error: the first record of the cycle is cut loose, which resolves it.
    expect(where(problems.list)).toEqual(['error classifications.yaml:4:11 [0].parent']);
    expect(problems.list[0]!.message).toBe('makes a cycle: classification 1 is its own ancestor');
  });

  it('asks for a random uid on unlisted documents and offers one', async () => {
    const { problems } = await check(
      minimalArchive({ 'documents/1-x/document.yaml': { id: 1, file: 'x.pdf', listed: false }, 'documents/1-x/x.pdf': '%PDF-1.4 not read by check' }),
    );
    expect(where(problems.list)).toEqual(['error documents/1-x/document.yaml:3:9 listed']);
    expect(problems.list[0]!.hint).toMatch(/^unlisted documents are reached only through their uid, so it must be random: add "uid: [0-9a-f-]{36}"$/);
  });

  it('refuses allow_annotation: false on an imported document, at its line (docs/api.md#document-fields)', async () => {
    const { problems, archive } = await check(
      minimalArchive({
        'documents/1-x/document.yaml': 'id: 1\nfile: x.pdf\nallow_annotation: false\n',
        'documents/1-x/x.pdf': '%PDF-1.4 not read by check',
        'documents/2-y/document.yaml': 'id: 2\nfile: y.pdf\nallow_annotation: true\n',
        'documents/2-y/y.pdf': '%PDF-1.4 not read by check',
      }),
    );
    expect(archive).toBeUndefined();
    expect(problems.list).toEqual([
      {
        severity: 'error',
        kind: 'ImportedWithoutAnnotation',
        file: 'documents/1-x/document.yaml',
        line: 3,
        column: 19,
        path: 'allow_annotation',
        message: 'is false, but documents imported from parliamentary sources always allow annotation (docs/api.md#document-fields)',
        hint: 'delete the line "allow_annotation: false"; only documents derived from attachments have annotation switched off, and they get that on their own',
      },
    ]);
    expect(formatProblem(problems.list[0]!, 'content')).toBe(
      'error content/documents/1-x/document.yaml:3:19 allow_annotation: is false, but documents imported from parliamentary sources always allow annotation (docs/api.md#document-fields)\n' +
        '    -> delete the line "allow_annotation: false"; only documents derived from attachments have annotation switched off, and they get that on their own',
    );
  });

  it('does not publish non-public requests, drafts and unapproved attachments', async () => {
    const { archive } = await check(
      minimalArchive({
        'requests/11-geheim/request.yaml': { id: 11, slug: 'geheim', title: 'Geheim', description: 'x', public_body: 1, status: 'awaiting_response', public: false },
        'requests/11-geheim/messages/110.yaml': { id: 110, is_response: false, recipient_public_body: 1, timestamp: '2024-01-01T00:00:00Z' },
        'requests/10-akten/messages/102.yaml': {
          id: 102,
          is_response: false,
          recipient_public_body: 1,
          timestamp: '2024-03-01T00:00:00Z',
          is_draft: true,
        },
        'requests/10-akten/messages/103.yaml': {
          id: 103,
          is_response: true,
          sender_public_body: 1,
          timestamp: '2024-03-02T00:00:00Z',
          attachments: [{ id: 1001, name: 'intern.csv', approved: false }],
        },
        'requests/10-akten/files/103/intern.csv': 'x',
      }),
    );
    expect(archive!.requests.map((request) => request.id)).toEqual([10]);
    expect(archive!.messages.map((message) => message.id)).toEqual([100, 101, 103]);
    expect(archive!.attachments.map((attachment) => attachment.id)).toEqual([1000]);
  });
});

describe('editor conveniences', () => {
  it('reports an invalid request.yaml once, not again for each of its messages', async () => {
    const { problems } = await check(
      minimalArchive({ 'requests/10-akten/request.yaml': { id: 10, slug: 'akten', title: 'Akten', description: 'x', status: 'lost' } }),
    );
    expect(where(problems.list)).toEqual(['error requests/10-akten/request.yaml:5:9 status']);
  });

  describe('file names in another Unicode normalisation form than the YAML (macOS writes them decomposed)', () => {
    const composed = 'Bescheid M\u00e4rz.pdf'; // "ä" as one code point (NFC), as editors type it
    const decomposed = 'Bescheid Ma\u0308rz.pdf'; // "a" + combining diaeresis (NFD), as macOS often names files
    const reply = (name: string) => responseMessage([{ id: 1000, name: 'liste.csv' }, { id: 1001, name, document: { id: 500 } }]);

    it.each([
      ['NFD on disk, NFC in YAML', decomposed, composed],
      ['NFC on disk, NFD in YAML', composed, decomposed],
    ])('finds the file (%s), reads it under its name on disk and publishes the name in NFC', async (_, onDisk, inYaml) => {
      const { problems, archive } = await check(
        minimalArchive({
          'requests/10-akten/messages/101.yaml': reply(inYaml),
          [`requests/10-akten/files/101/${onDisk}`]: '%PDF-1.4 not read by check',
        }),
      );
      expect(problems.list).toEqual([]);
      const attachment = archive!.attachments.find((candidate) => candidate.id === 1001)!;
      expect(attachment.name).toBe(composed);
      expect(attachment.file.path).toBe(`requests/10-akten/files/101/${onDisk}`);
      expect(attachment.file.absolute.endsWith(onDisk)).toBe(true);
    });

    it('finds an imported document\'s PDF named in NFD', async () => {
      const { problems, archive } = await check(
        minimalArchive({
          'documents/5-x/document.yaml': { id: 5, file: composed },
          [`documents/5-x/${decomposed}`]: '%PDF-1.4 not read by check',
        }),
      );
      expect(problems.list).toEqual([]);
      expect(archive!.documents.find((document) => document.id === 5)!.file.path).toBe(`documents/5-x/${decomposed}`);
    });

    it('reports two attachments whose names differ only in normalisation as the same name', async () => {
      const message = reply(composed);
      message.attachments.push({ id: 1002, name: decomposed });
      const { problems } = await check(
        minimalArchive({ 'requests/10-akten/messages/101.yaml': message, [`requests/10-akten/files/101/${composed}`]: '%PDF-1.4 not read by check' }),
      );
      expect(problems.sorted().map((problem) => problem.path)).toEqual(['attachments[1].name', 'attachments[2].name']);
      expect(problems.sorted()[0]!.message).toMatch(/^"Bescheid M\u00e4rz\.pdf" is also the name of another attachment of this message/);
    });
  });

  it('keeps checking an attachment whose file is missing', async () => {
    const tree = minimalArchive({
      'documents/500-x/document.yaml': { id: 500, file: 'x.pdf', title: 'X' },
      'documents/500-x/x.pdf': '%PDF-1.4 not read by check',
      'requests/10-akten/messages/101.yaml': responseMessage([{ id: 1000, name: 'liste.csv' }, { id: 1001, name: 'fehlt.pdf', document: { id: 500 } }]),
    });
    const { problems } = await check(tree);
    // Both holders of document id 500 are reported: the attachment's document block and the imported document.
    expect(where(problems.sorted())).toEqual([
      'error documents/500-x/document.yaml:1:5 id',
      'error requests/10-akten/messages/101.yaml:9:11 attachments[1].name',
      'error requests/10-akten/messages/101.yaml:11:11 attachments[1].document.id',
    ]);
    const [imported, , derived] = problems.sorted();
    expect(imported!.message).toBe('duplicate document id 500; it is also used in requests/10-akten/messages/101.yaml:11'); // the line of document.id
    expect(derived!.message).toBe('duplicate document id 500; it is also used in documents/500-x/document.yaml:1');
    expect(imported!.hint).toBe('ids are stable: keep the id of the document that is already published and give the one you are adding a free id, e.g. 501');
    expect(derived!.hint).toBe(imported!.hint);
  });

  it('requires request slugs to be unique, and reports both requests', async () => {
    const { problems } = await check(
      minimalArchive({ 'requests/11-akten/request.yaml': { id: 11, slug: 'akten', title: 'Noch einmal', description: 'x', status: 'awaiting_response' } }),
    );
    expect(where(problems.sorted())).toEqual(['error requests/10-akten/request.yaml:2:7 slug', 'error requests/11-akten/request.yaml:2:7 slug']);
    expect(problems.sorted().map((problem) => problem.message)).toEqual([
      '"akten" is also the slug of the request in requests/11-akten/request.yaml:2',
      '"akten" is also the slug of the request in requests/10-akten/request.yaml:2',
    ]);
  });

  it('reports two attachments of one message with the same name at both', async () => {
    const { problems } = await check(
      minimalArchive({
        'requests/10-akten/messages/101.yaml': responseMessage([{ id: 1000, name: 'liste.csv' }, { id: 1001, name: 'liste.csv' }]),
      }),
    );
    expect(where(problems.sorted())).toEqual(['error requests/10-akten/messages/101.yaml:7:11 attachments[0].name', 'error requests/10-akten/messages/101.yaml:9:11 attachments[1].name']);
    expect(problems.sorted()[0]!.message).toBe('"liste.csv" is also the name of another attachment of this message (requests/10-akten/messages/101.yaml:9)');
  });

  it('points a missing sender or recipient at is_response', async () => {
    const { problems } = await check(
      minimalArchive({ 'requests/10-akten/messages/100.yaml': { id: 100, is_response: true, timestamp: '2024-02-01T10:00:00+01:00' } }),
    );
    expect(where(problems.list)).toEqual(['error requests/10-akten/messages/100.yaml:2:14 is_response']);
    expect(problems.list[0]!.message).toBe('is true, so sender_public_body is required');
  });

  it('treats drafts as not sent unless said otherwise', async () => {
    const { archive } = await check(minimalArchive());
    expect(archive!.messages.every((message) => message.sent)).toBe(true);
    const drafts = await check(
      minimalArchive({ 'requests/10-akten/messages/102.yaml': { id: 102, is_response: false, recipient_public_body: 1, timestamp: '2024-03-01T00:00:00Z', is_draft: true } }),
    );
    expect(drafts.problems.list).toEqual([]);
  });
});

describe('message texts and requesters', () => {
  const file = 'requests/10-akten/messages/100.yaml';
  const requester = (lines: string[]) =>
    minimalArchive({ [file]: ['id: 100', 'is_response: false', 'recipient_public_body: 1', 'timestamp: 2024-02-01T10:00:00+01:00', ...lines, ''].join('\n') });

  it('reports a redaction mark that does not close at the mark, in any scalar style', async () => {
    const { problems, archive } = await check(
      requester([
        'subject: "Akte [[12/3] vom Mai"',
        'content: |-',
        '  Sehr geehrte Damen und Herren,',
        '  die Akte [[12/3]] und [[Az. 4',
        '',
        '  Mit freundlichen Grüßen',
        '  [[Erika Mustermann]]',
      ]),
    );
    expect(archive).toBeUndefined();
    expect(where(problems.sorted())).toEqual([`error ${file}:5:16 subject`, `error ${file}:8:25 content`]);
    expect(problems.sorted().map((problem) => problem.message)).toEqual([
      'opens a redaction with "[[" that is not closed',
      'opens a redaction with "[[" that is not closed before the next "[["',
    ]);
    expect(problems.list[0]!.hint).toBe('end the hidden passage with "]]", as in "[[Erika Mustermann]]"');
    expect(formatProblem(problems.sorted()[1]!, 'content')).toBe(
      `error content/${file}:8:25 content: opens a redaction with "[[" that is not closed before the next "[["\n    -> end the hidden passage with "]]", as in "[[Erika Mustermann]]"`,
    );
  });

  it('reports an empty redaction, and takes a lone "]]" as text', async () => {
    const { problems } = await check(requester(['subject: Anlage [1]] und [[]]']));
    expect(where(problems.list)).toEqual([`error ${file}:5:26 subject`]);
    expect(problems.list[0]!.message).toBe('has an empty redaction "[[]]"');
    const lone = await check(requester(['subject: Anlage [Teil [1]]']));
    expect(lone.problems.list).toEqual([]);
    expect(lone.archive!.messages[0]!.subject).toBe('Anlage [Teil [1]]');
  });

  it('names a user once for all their requests, never a private one, never two ways', async () => {
    const request = (id: number, extra: object) => ({ id, slug: `r${id}`, title: 'T', description: 'x', status: 'awaiting_response', ...extra });
    const { problems } = await check(
      minimalArchive({
        'requests/11-a/request.yaml': request(11, { user: 5, user_name: 'Erika Mustermann' }),
        'requests/12-b/request.yaml': request(12, { user: 5, user_name: 'E. Mustermann' }),
        'requests/13-c/request.yaml': request(13, { user_name: 'Max Mustermann' }),
      }),
    );
    expect(where(problems.sorted())).toEqual(['error requests/12-b/request.yaml:7:12 user_name', 'error requests/13-c/request.yaml:6:12 user_name']);
    expect(problems.sorted().map((problem) => problem.message)).toEqual([
      'is "E. Mustermann", but requests/11-a/request.yaml names user 5 "Erika Mustermann"',
      'is given, but user is not: the name of a private requester is never published',
    ]);
  });

  it('refuses a last_modified_at before the message was sent', async () => {
    const { problems } = await check(requester(['last_modified_at: 2024-01-31T10:00:00+01:00']));
    expect(where(problems.list)).toEqual([`error ${file}:5:19 last_modified_at`]);
    expect(problems.list[0]!.message).toBe("2024-01-31T10:00:00+01:00 is before the message's timestamp (2024-02-01T10:00:00+01:00), which is impossible");
  });
});

describe('knock-on problems', () => {
  const problemLines = (problems: Problem[]) => problems.map((problem) => `${problem.file}:${problem.line} ${problem.path}: ${problem.message}`);
  const newRequest = (extra: Tree = {}): Tree =>
    minimalArchive({
      'requests/11-neu/request.yaml': { id: 10, slug: 'neu', title: 'Neu', description: 'x', public_body: 1, status: 'resolved', created_at: '2024-05-01T00:00:00+02:00' },
      'requests/11-neu/messages/110.yaml': { id: 110, is_response: false, recipient_public_body: 1, timestamp: '2024-05-01T00:00:00+02:00' },
      'requests/11-neu/messages/111.yaml': { id: 111, is_response: true, sender_public_body: 1, timestamp: '2024-04-01T00:00:00+02:00' },
      ...extra,
    });

  it('checks the messages of a request whose id is taken against that request, instead of saying they belong to no request', async () => {
    const { problems } = await check(newRequest());
    expect(problemLines(problems.sorted())).toEqual([
      'requests/10-akten/request.yaml:1 id: duplicate request id 10; it is also used in requests/11-neu/request.yaml:1',
      // A real problem of a message in the new folder, found because the message was linked to its own request.
      'requests/11-neu/messages/111.yaml:4 timestamp: 2024-04-01T00:00:00+02:00 is before its request\'s created_at (2024-05-01T00:00:00+02:00), which is impossible',
      'requests/11-neu/request.yaml:1 id: duplicate request id 10; it is also used in requests/10-akten/request.yaml:1',
    ]);
  });

  it('checks the attachments of a message whose id is taken', async () => {
    const { problems } = await check(
      minimalArchive({
        'requests/10-akten/messages/102.yaml': {
          id: 101,
          is_response: true,
          sender_public_body: 1,
          timestamp: '2024-02-21T00:00:00+01:00',
          attachments: [{ id: 1000, name: 'liste.csv', document: { id: 1 } }],
        },
        'requests/10-akten/files/101/liste.csv': 'a;b\n',
      }),
    );
    expect(problemLines(problems.sorted())).toEqual([
      'requests/10-akten/messages/101.yaml:1 id: duplicate message id 101; it is also used in requests/10-akten/messages/102.yaml:1',
      'requests/10-akten/messages/101.yaml:7 attachments[0].id: duplicate attachment id 1000; it is also used in requests/10-akten/messages/102.yaml:6',
      'requests/10-akten/messages/102.yaml:1 id: duplicate message id 101; it is also used in requests/10-akten/messages/101.yaml:1',
      'requests/10-akten/messages/102.yaml:6 attachments[0].id: duplicate attachment id 1000; it is also used in requests/10-akten/messages/101.yaml:7',
      'requests/10-akten/messages/102.yaml:9 attachments[0].document: asks for a document, but "liste.csv" is not a PDF (text/csv)',
    ]);
  });

  const annotated = (document: object, extra: Tree = {}): Tree =>
    minimalArchive({
      'documents/5-neu/document.yaml': document,
      'documents/5-neu/annotations.yaml': [{ id: 1, page: 1, timestamp: '2024-01-01T00:00:00+01:00', top: 5, left: 5, width: 20 }],
      ...extra,
    });

  it('checks the annotations of a document whose PDF is missing, instead of saying they belong to no document', async () => {
    const { problems } = await check(annotated({ id: 5, file: 'fehlt.pdf' }));
    expect(problemLines(problems.sorted())).toEqual([
      'documents/5-neu/annotations.yaml:1 [0].height: is missing: top, left, width and height go together',
      'documents/5-neu/document.yaml:2 file: names a file that does not exist: documents/5-neu/fehlt.pdf',
    ]);
  });

  it('checks the annotations of a document whose id is taken', async () => {
    const { problems, archive } = await check(
      annotated(
        { id: 4, file: 'neu.pdf' },
        {
          'documents/5-neu/neu.pdf': '%PDF-1.4 not read by check',
          'documents/4-alt/document.yaml': { id: 4, file: 'alt.pdf' },
          'documents/4-alt/alt.pdf': '%PDF-1.4 not read by check',
        },
      ),
    );
    expect(problemLines(problems.sorted())).toEqual([
      'documents/4-alt/document.yaml:1 id: duplicate document id 4; it is also used in documents/5-neu/document.yaml:1',
      'documents/5-neu/annotations.yaml:1 [0].height: is missing: top, left, width and height go together',
      'documents/5-neu/document.yaml:1 id: duplicate document id 4; it is also used in documents/4-alt/document.yaml:1',
    ]);
    expect(archive).toBeUndefined();
  });

  it('still checks the references of a record whose id is taken, once every id is known', async () => {
    const { problems } = await check(
      minimalArchive({
        'categories.yaml': [
          { id: 1, name: 'Inneres', slug: 'inneres' },
          { id: 1, name: 'Polizei', slug: 'polizei', parent: 9 },
          { id: 1, name: 'Umwelt', slug: 'umwelt', parent: 2 },
          { id: 2, name: 'Natur', slug: 'natur' },
        ],
        'collections/1.yaml': { id: 1, created_at: '2024-01-01T00:00:00+01:00' },
        'collections/2.yaml': { id: 1, created_at: '2024-01-01T00:00:00+01:00', documents: [{ document: 77 }] },
      }),
    );
    expect(problemLines(problems.sorted()).filter((line) => !line.includes('duplicate'))).toEqual([
      'categories.yaml:7 [1].parent: refers to category 9, which does not exist',
      'collections/2.yaml:4 documents[0].document: refers to document 77, which does not exist',
    ]);
  });

  it('says why a collection entry cannot be linked: a document held back by errors, or one whose attachment is not published', async () => {
    const { problems } = await check(
      minimalArchive({
        'documents/5-neu/document.yaml': { id: 5, file: 'fehlt.pdf' },
        'requests/10-akten/messages/101.yaml': responseMessage([
          { id: 1000, name: 'liste.csv' },
          { id: 1001, name: 'entwurf.pdf', approved: false, document: { id: 6 } },
        ]),
        'requests/10-akten/files/101/entwurf.pdf': '%PDF-1.4 not read by check',
        'collections/1.yaml': { id: 1, created_at: '2024-01-01T00:00:00+01:00', documents: [{ document: 5 }, { document: 6 }] },
      }),
    );
    const sorted = problems.sorted();
    expect(problemLines(sorted)).toEqual([
      'collections/1.yaml:5 documents[1].document: refers to document 6, whose attachment 1001 is not published (requests/10-akten/messages/101.yaml)',
      'documents/5-neu/document.yaml:2 file: names a file that does not exist: documents/5-neu/fehlt.pdf',
      // Listed last: it only follows from the missing file.
      'collections/1.yaml:4 documents[0].document: refers to document 5, which is not published because documents/5-neu/document.yaml has errors',
    ]);
    expect(sorted.map((problem) => problem.hint)).toEqual([
      'publish the attachment (approved, not a draft, in a public request), or remove the entry',
      'put the PDF next to document.yaml, or fix the name',
      'fix the errors in documents/5-neu/document.yaml first',
    ]);
  });

  it('lists problems that only follow from a file with errors after the errors in that file', async () => {
    const { problems } = await check(
      minimalArchive({
        // The invalid public body file sorts after laws.yaml and requests/, which refer to it.
        'publicbodies/1-bmi.yaml': { id: 1, name: 'Bundesministerium des Innern', slug: 'bmi', jurisdiction: 1, colour: 'blau' },
        'laws.yaml': [{ id: 1, name: 'IFG', slug: 'ifg', jurisdiction: 1, mediator: 1 }],
      }),
    );
    const sorted = problems.sorted();
    expect(sorted[0]!.file).toBe('publicbodies/1-bmi.yaml');
    expect(sorted[0]!.message).toBe('unknown key "colour"');
    expect(sorted.slice(1).every((problem) => problem.knockOn && problem.message.endsWith('which does not exist or is in a file with errors'))).toBe(true);
    expect(sorted.slice(1).map((problem) => problem.file)).toEqual([...sorted.slice(1).map((problem) => problem.file)].sort());
    expect(sorted.map((problem) => problem.file)).toContain('laws.yaml');
  });

  it('says a collection entry may point into a request with errors, and lists it after that error', async () => {
    const { problems } = await check(
      minimalArchive({
        'requests/10-akten/request.yaml': { id: 10, slug: 'akten', title: 'Akten', description: 'x', status: 'lost' },
        'collections/1.yaml': { id: 1, created_at: '2024-01-01T00:00:00+01:00', documents: [{ document: 23 }] },
      }),
    );
    expect(problemLines(problems.sorted())).toEqual([
      'requests/10-akten/request.yaml:5 status: is "lost", which is not allowed',
      'collections/1.yaml:4 documents[0].document: refers to document 23, which does not exist or is in a file with errors',
    ]);
  });
});

describe('article tags and government plans', () => {
  it('links plans to their government, publishes only public ones, orders updates newest first', async () => {
    const { problems, archive } = await check(
      minimalArchive({
        'governments.yaml': [{ id: 1, name: 'Bundesregierung', slug: 'bund' }],
        'governmentplans/1-a.yaml': {
          id: 1,
          government: 1,
          title: 'Transparenzgesetz',
          slug: 'transparenzgesetz',
          updates: [
            { id: 10, timestamp: '2023-01-01T00:00:00Z', title: 'Alt' },
            { id: 11, timestamp: '2024-01-01T00:00:00Z', title: 'Neu' },
          ],
        },
        'governmentplans/2-b.yaml': { id: 2, government: 1, title: 'Intern', slug: 'intern', public: false },
      }),
    );
    expect(problems.list).toEqual([]);
    expect(archive!.governmentPlans.map((plan) => plan.id)).toEqual([1]);
    expect(archive!.governmentPlans[0]!.updates.map((update) => update.title)).toEqual(['Neu', 'Alt']);
  });

  it('reports an unknown government, a reused update id and a duplicate tag name', async () => {
    const { problems } = await check(
      minimalArchive({
        'articletags.yaml': [{ id: 1, name: 'Polizei', slug: 'polizei' }, { id: 2, name: 'Polizei', slug: 'polizei-2' }],
        'governmentplans/1-a.yaml': { id: 1, government: 7, title: 'A', slug: 'a', updates: [{ id: 5, timestamp: '2023-01-01T00:00:00Z', title: 'x' }] },
        'governmentplans/2-b.yaml': { id: 2, government: 7, title: 'B', slug: 'b', updates: [{ id: 5, timestamp: '2023-01-01T00:00:00Z', title: 'y' }] },
      }),
    );
    expect(where(problems.sorted())).toEqual([
      'error articletags.yaml:2:9 [0].name',
      'error articletags.yaml:5:9 [1].name',
      'error governmentplans/1-a.yaml:2:13 government',
      'error governmentplans/1-a.yaml:6:9 updates[0].id',
      'error governmentplans/2-b.yaml:2:13 government',
      'error governmentplans/2-b.yaml:6:9 updates[0].id',
    ]);
    const messages = problems.sorted().map((problem) => problem.message);
    expect(messages[0]).toBe('"Polizei" is also the name of the article tag at articletags.yaml:5');
    expect(messages[2]).toBe('refers to government 7, which does not exist');
    expect(messages[3]).toBe('duplicate plan update id 5; it is also used in governmentplans/2-b.yaml:6');
  });
});

describe('georegions', () => {
  const square = (west: number, south: number, size: number) => [[west, south], [west + size, south], [west + size, south + size], [west, south + size], [west, south]];
  const region = (id: number, extra: object = {}) => ({ id, name: `Region ${id}`, slug: `region-${id}`, kind: 'state', geom: { type: 'Polygon', coordinates: [square(id, 50, 1)] }, ...extra });

  it('links the part_of tree, derives levels, area and centroid, reads a sibling .geojson Feature, and links jurisdictions and bodies', async () => {
    const tree = minimalArchive({
      'georegions/1-land.yaml': { id: 1, name: 'Land', slug: 'land', kind: 'country', geom_file: '1-land.geojson' },
      'georegions/1-land.geojson': JSON.stringify({ type: 'Feature', properties: {}, geometry: { type: 'Polygon', coordinates: [square(0, 40, 20)] } }),
      'georegions/2-a.yaml': region(2, { part_of: 1 }),
      'georegions/3-b.yaml': region(3, { part_of: 2, level: 5, area: 12, centroid: [2.5, 50.5] }),
      'jurisdictions.yaml': [{ id: 1, name: 'Bund', slug: 'bund', region: 2 }],
    });
    tree['publicbodies/1-bmi.yaml'] = { ...(tree['publicbodies/1-bmi.yaml'] as object), regions: [3, 1] };
    const { problems, archive } = await check(tree);
    expect(problems.list).toEqual([]);
    const byId = new Map(archive!.georegions.map((r) => [r.id, r]));
    expect([1, 2, 3].map((id) => [byId.get(id)!.level, byId.get(id)!.depth, byId.get(id)!.parent?.id ?? null])).toEqual([[0, 0, null], [1, 1, 1], [5, 2, 2]]);
    expect(byId.get(1)!.centroid).toEqual([10, 50]);
    expect(byId.get(2)!.centroid).toEqual([2.5, 50.5]);
    expect(Math.round(byId.get(2)!.area / 1e6)).toBe(7865); // 1° × 1° at 50° N: R² · Δλ · (sin 51° − sin 50°)
    expect(byId.get(3)!.area).toBe(12);
    expect(archive!.jurisdictions[0]!.region?.id).toBe(2);
    // Tree order, not the order in the file.
    expect(archive!.publicBodies.find((body) => body.id === 1)!.regions.map((r) => r.id)).toEqual([1, 3]);
  });

  it('reports unknown ids, cycles, levels, geometry mistakes and a missing geometry file at their keys, with hints', async () => {
    const tree = minimalArchive({
      'georegions/1.yaml': region(1, { part_of: 2 }),
      'georegions/2.yaml': region(2, { part_of: 1 }),
      'georegions/3.yaml': region(3, { part_of: 9 }),
      'georegions/4.yaml': region(4, { level: 0, part_of: 5 }),
      'georegions/5.yaml': region(5, { level: 2 }),
      'georegions/6.yaml': [
        'id: 6',
        'name: Verdreht',
        'slug: verdreht',
        'kind: district',
        'geom:',
        '  type: MultiPolygon',
        '  coordinates:',
        '    - - [[10, 50], [11, 50], [11, 51], [10, 51]]',
        '    - - [[10, 60], [200, 60], [11, 120], [10, 60]]',
        '      - [[1, 1], [2, 2], [1, 1]]',
        '',
      ].join('\n'),
      'georegions/7.yaml': { id: 7, name: 'Region 7', slug: 'region-7', kind: 'state', geom_file: 'fehlt.geojson' },
      'georegions/8.yaml': { ...region(8), geom_file: '8.geojson' },
      'georegions/8.geojson': JSON.stringify({ type: 'Polygon', coordinates: [square(8, 50, 1)] }),
      'georegions/9.geojson': JSON.stringify({ type: 'Polygon', coordinates: [square(9, 50, 1)] }),
      'jurisdictions.yaml': [{ id: 1, name: 'Bund', slug: 'bund', region: 42 }],
    });
    tree['publicbodies/2-bpol.yaml'] = { ...(tree['publicbodies/2-bpol.yaml'] as object), regions: [1, 43] };
    const { problems } = await check(tree);
    expect(where(problems.sorted())).toEqual([
      // The cycle is reported once, at the first region on it; the link is cut there.
      'error georegions/1.yaml:18:10 part_of',
      'error georegions/3.yaml:18:10 part_of',
      'error georegions/4.yaml:18:8 level',
      'error georegions/6.yaml:8:40 geom.coordinates[0][0][3]',
      'error georegions/6.yaml:9:20 geom.coordinates[1][0][1]',
      'error georegions/6.yaml:9:31 geom.coordinates[1][0][2]',
      'error georegions/6.yaml:10:9 geom.coordinates[1][1]',
      'error georegions/7.yaml:5:12 geom_file',
      'error georegions/8.yaml:18:12 geom_file',
      'warning georegions/9.geojson:0:0 ',
      'error jurisdictions.yaml:4:11 [0].region',
      'error publicbodies/2-bpol.yaml:8:5 regions[1]',
    ]);
    const byPath = new Map(problems.list.map((problem) => [`${problem.file} ${problem.path}`, problem]));
    const said = (key: string) => {
      const { message, hint } = byPath.get(key)!;
      return `${message} -> ${hint}`;
    };
    expect(said('georegions/1.yaml part_of')).toBe('makes a cycle: georegion 1 is its own ancestor -> point part_of at a georegion higher up the tree, or set it to null');
    expect(said('georegions/3.yaml part_of')).toBe('refers to georegion 9, which does not exist -> use the id of an existing georegion (1 "Region 1", 2 "Region 2", 3 "Region 3", 4 "Region 4", 5 "Region 5", 6 "Verdreht", 7 "Region 7", 8 "Region 8")');
    expect(said('georegions/4.yaml level')).toBe(
      "is 0, but the region it is part of (Region 5, georegion 5) has level 2 -> a region's level must be greater than its part_of region's: use 3 or more, or leave level out",
    );
    expect(said('georegions/6.yaml geom.coordinates[0][0][3]')).toBe('does not close the ring: the last position must repeat the first, [10, 50] -> add [10, 50] as the last position of the ring');
    expect(said('georegions/6.yaml geom.coordinates[1][0][1]')).toBe('is [200, 60]: longitude must lie in -180…180 and latitude in -90…90 -> fix the position');
    expect(said('georegions/6.yaml geom.coordinates[1][0][2]')).toBe(
      'is [11, 120]: longitude must lie in -180…180 and latitude in -90…90 -> GeoJSON positions are [longitude, latitude]: swap the two numbers',
    );
    expect(said('georegions/6.yaml geom.coordinates[1][1]')).toBe('is a ring of 3 positions; a ring needs at least 4 -> list at least three corners, then the first one again to close the ring');
    expect(said('georegions/7.yaml geom_file')).toBe('names a file that does not exist: georegions/fehlt.geojson -> put the GeoJSON file at georegions/fehlt.geojson, or fix the name');
    expect(said('georegions/8.yaml geom_file')).toBe('is given together with geom -> keep one of them: geom (the geometry inline) or geom_file (a .geojson file next to this one)');
    expect(said('georegions/9.geojson ')).toBe("is not named by any georegion and will not be published -> name it with geom_file in the georegion's YAML file, or delete it");
    expect(said('jurisdictions.yaml [0].region')).toBe('refers to georegion 42, which does not exist -> use the id of an existing georegion (1 "Region 1", 2 "Region 2", 3 "Region 3", 4 "Region 4", 5 "Region 5", 6 "Verdreht", 7 "Region 7", 8 "Region 8")');
    expect(said('publicbodies/2-bpol.yaml regions[1]')).toBe('refers to georegion 43, which does not exist -> use the id of an existing georegion (1 "Region 1", 2 "Region 2", 3 "Region 3", 4 "Region 4", 5 "Region 5", 6 "Verdreht", 7 "Region 7", 8 "Region 8")');
  });

  it('points into a .geojson file at the position that is wrong', async () => {
    const { problems } = await check(
      minimalArchive({
        'georegions/1.yaml': { id: 1, name: 'Land', slug: 'land', kind: 'country', geom_file: '1.geojson' },
        'georegions/1.geojson': '{"type": "Feature", "geometry": {"type": "Polygon", "coordinates": [\n  [[0, 0], [1, 0], [1, 1], [0, 1]]\n]}}\n',
      }),
    );
    expect(where(problems.sorted())).toEqual(['error georegions/1.geojson:2:28 geometry.coordinates[0][3]']);
  });

  it('rejects a kind froide does not have, listing the kinds', async () => {
    const { problems } = await check(minimalArchive({ 'georegions/1.yaml': region(1, { kind: 'city' }) }));
    expect(where(problems.sorted())).toEqual(['error georegions/1.yaml:4:7 kind']);
    expect(problems.list[0]!.hint).toBe(
      'use one of: "country", "state", "admin_district", "district", "admin_cooperation", "municipality", "borough", "zipcode", "admin_court_jurisdiction"',
    );
  });
});

describe('venues and information campaigns', () => {
  const venue = { ident: 'amenity:1', name: 'Café A', address: 'Gasse 1\n10115 Berlin', lat: 52.5, lng: 13.4 };
  const hidden = {
    'requests/11-privat/request.yaml': { id: 11, slug: 'privat', title: 'Privat', description: 'x', public_body: 1, status: 'awaiting_response', public: false },
  };

  it('links venues and objects to public bodies and published requests, newest request first', async () => {
    const { problems, archive } = await check(
      minimalArchive({
        'venues.yaml': [{ ...venue, publicbody: 1, requests: [10] }],
        'foodauthorities.yaml': [{ id: 1, title: 'Kooperativ', cooperative: true, publicbodies: [1] }],
        'infocampaigns/1-a.yaml': { id: 1, title: 'A', slug: 'a', categories: [{ id: 3, title: 'Bund' }], objects: [{ id: 1, ident: 'x', title: 'X', publicbody: 2, requests: [10], categories: [3] }] },
        'infocampaigns/2-b.yaml': { id: 2, title: 'B', slug: 'b', public: false, objects: [{ id: 2, ident: 'y', title: 'Y' }] },
      }),
    );
    expect(problems.errors).toEqual([]);
    const [linked] = archive!.venues;
    expect(linked!.publicBody?.id).toBe(1);
    expect(linked!.authority?.title).toBe('Kooperativ');
    expect(linked!.requests.map((request) => request.id)).toEqual([10]);
    expect(archive!.infoCampaigns.map((campaign) => campaign.id)).toEqual([1]);
    expect(archive!.informationObjects.map((object) => [object.id, object.publicBody?.id, object.categories.map((c) => c.title)])).toEqual([[1, 2, ['Bund']]]);
  });

  it('reports a public body with two food authority statuses at both lists', async () => {
    const { problems } = await check(
      minimalArchive({
        'foodauthorities.yaml': [
          { id: 1, title: 'Kooperativ', cooperative: true, publicbodies: [1] },
          { id: 2, title: 'Verweigert', cooperative: false, publicbodies: [2, 1] },
        ],
      }),
    );
    expect(problems.sorted().map((problem) => `${problem.line}:${problem.column} ${problem.path}: ${problem.message}`)).toEqual([
      '5:7 [0].publicbodies[0]: lists public body 1, which is also listed at foodauthorities.yaml:11',
      '11:7 [1].publicbodies[1]: lists public body 1, which is also listed at foodauthorities.yaml:5',
    ]);
  });

  it('reports dangling, unpublished and duplicate references at their keys', async () => {
    const { problems } = await check(
      minimalArchive({
        ...hidden,
        'venues.yaml': [{ ...venue, publicbody: 9, requests: [10, 77] }, { ...venue }, { ...venue, ident: 'nope' }],
        'infocampaigns/1-a.yaml': {
          id: 1,
          title: 'A',
          slug: 'a',
          categories: [{ id: 1, title: 'X' }],
          objects: [
            { id: 1, ident: 'a', title: 'A', publicbody: 9, requests: [11], categories: [2] },
            { id: 2, ident: 'a', title: 'B' },
            { id: 1, ident: 'c', title: 'C', lat: 52 },
          ],
        },
      }),
    );
    expect(where(problems.sorted())).toEqual([
      'error infocampaigns/1-a.yaml:8:9 objects[0].id',
      'error infocampaigns/1-a.yaml:9:12 objects[0].ident',
      'error infocampaigns/1-a.yaml:11:17 objects[0].publicbody',
      'error infocampaigns/1-a.yaml:13:9 objects[0].requests[0]',
      'error infocampaigns/1-a.yaml:15:9 objects[0].categories[0]',
      'error infocampaigns/1-a.yaml:17:12 objects[1].ident',
      // A missing key points at its record.
      'error infocampaigns/1-a.yaml:19:5 objects[2].lng',
      'error infocampaigns/1-a.yaml:19:9 objects[2].id',
      'error venues.yaml:1:10 [0].ident',
      'error venues.yaml:8:15 [0].publicbody',
      'error venues.yaml:11:7 [0].requests[1]',
      'error venues.yaml:12:10 [1].ident',
      'error venues.yaml:19:10 [2].ident',
    ]);
    const messages = Object.fromEntries(problems.sorted().map((problem) => [problem.path, problem.message]));
    expect(messages['objects[0].requests[0]']).toBe('refers to request 11, which is not published (public: false)');
    expect(messages['objects[0].categories[0]']).toBe('refers to category 2, which this campaign does not define');
    expect(messages['[0].requests[1]']).toBe('refers to request 77, which does not exist');
    expect(messages['[0].ident']).toBe('duplicate venue ident "amenity:1"; it is also used in venues.yaml:12');
    expect(messages['[1].ident']).toBe('duplicate venue ident "amenity:1"; it is also used in venues.yaml:1');
    expect(messages['objects[0].ident']).toBe('duplicate ident "a" in this campaign; it is also used in infocampaigns/1-a.yaml:17');
    expect(messages['objects[2].id']).toBe('duplicate information object id 1; it is also used in infocampaigns/1-a.yaml:8');
    expect(messages['[0].publicbody']).toBe('refers to public body 9, which does not exist');
  });
});

describe('problem output', () => {
  const problem: Problem = {
    severity: 'error',
    file: 'requests/a/messages/1.yaml',
    line: 4,
    column: 7,
    path: 'attachments[0].name',
    message: 'names a file that does not exist: x, y',
    hint: 'add the file',
  };

  it('formats for people with a clickable content path', () => {
    expect(formatProblem(problem, 'content')).toBe(
      'error content/requests/a/messages/1.yaml:4:7 attachments[0].name: names a file that does not exist: x, y\n    -> add the file',
    );
  });

  it('formats GitHub annotations with escaped properties and data', () => {
    expect(formatGithubAnnotation({ ...problem, message: 'a\nb: 100%' }, 'content/')).toBe(
      '::error file=content/requests/a/messages/1.yaml,line=4,col=7::attachments[0].name: a%0Ab: 100%25 — add the file',
    );
  });
});
