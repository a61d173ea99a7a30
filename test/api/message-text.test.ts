/**
 * What a message says (docs/froide.md#message): subject and content with `[[…]]` redactions as
 * froide shows them to an anonymous reader, `content_hidden`, the sender froide names, the
 * German status name and `last_modified_at`; and every `last_modified_at` the archive writes
 * comes from the content or a fixed rule, so builds stay byte-identical.
 */
import { parseApiJson } from '../../src/formats/json.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTree, listFiles, type BuiltTree } from '../helpers/build.ts';
import { minimalArchive, SITE } from '../helpers/content.ts';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

const REQUEST = (id: number, extra: object) => ({
  id,
  slug: `anfrage-${id}`,
  title: `Anfrage ${id}`,
  description: 'x',
  public_body: 1,
  status: 'awaiting_response',
  created_at: '2024-03-01T10:00:00+01:00',
  ...extra,
});

const TREE = minimalArchive({
  'laws.yaml': [
    { id: 1, name: 'Informationsfreiheitsgesetz', slug: 'ifg', jurisdiction: 1 },
    { id: 2, name: 'Umweltinformationsgesetz', slug: 'uig', jurisdiction: 1, last_modified_at: '2023-05-04' },
  ],
  'requests/11-akte/request.yaml': REQUEST(11, { user: 7, user_name: 'Erika Mustermann (Open Knowledge)' }),
  'requests/11-akte/messages/110.yaml': [
    'id: 110',
    'is_response: false',
    'recipient_public_body: 1',
    'timestamp: 2024-03-01T10:00:00+01:00',
    'subject: "Akten zu [[Az. 12/3]] [#11]"',
    'content: |-',
    '  Sehr geehrte Damen und Herren,',
    '',
    '  bitte senden Sie mir die Akte [[Az. 12/3]].',
    '',
    '  Mit freundlichen Grüßen',
    '  [[Erika Mustermann]]',
    'last_modified_at: 2024-03-05T12:00:00+01:00',
    '',
  ].join('\n'),
  'requests/11-akte/messages/111.yaml': {
    id: 111,
    is_response: true,
    sender_public_body: 2,
    timestamp: '2024-03-04T09:00:00+01:00',
    status: 'resolved',
    content_hidden: true,
    subject: 'AW: Akten',
    content: 'Sehr geehrte Frau [[Mustermann]], anbei die Akte.',
  },
  // The same user, named in request 11 only.
  'requests/12-noch-eine/request.yaml': REQUEST(12, { user: 7 }),
  'requests/12-noch-eine/messages/120.yaml': { id: 120, is_response: false, recipient_public_body: 1, timestamp: '2024-03-02T10:00:00+01:00', subject: 'Noch eine', content: ',' },
});

let built: BuiltTree;
beforeAll(async () => {
  built = await buildTree(TREE);
}, 60_000);
afterAll(() => built?.remove());

const message = (id: number) => built.detail('message', id);

describe('message texts', () => {
  it('publishes marked passages as froide’s marker, with froide’s segments', async () => {
    expect(await message(110)).toMatchObject({
      subject: 'Akten zu [geschwärzt] [#11]',
      content: 'Sehr geehrte Damen und Herren,\n\nbitte senden Sie mir die Akte [geschwärzt].\n\nMit freundlichen Grüßen\n[geschwärzt]',
      redacted_subject: [
        [false, 'Akten zu '],
        [true, '[geschwärzt]'],
        [false, ' [#11]'],
      ],
      // froide's quirk: "." is a chunk of its own only in the redacted text ("12/3." is one word).
      redacted_content: [
        [false, 'Sehr geehrte Damen und Herren,\n\nbitte senden Sie mir die Akte '],
        [true, '[geschwärzt].'],
        [false, '\n\nMit freundlichen Grüßen\n'],
        [true, '[geschwärzt]'],
      ],
    });
  });

  it('never publishes the text between the marks', async () => {
    const files = await listFiles(built.buildDir);
    for (const file of files.filter((path) => path.endsWith('.json'))) {
      const text = await readFile(join(built.buildDir, file), 'utf8');
      expect(text, file).not.toContain('Az. 12/3');
      expect(text, file).not.toContain('[[Erika');
      expect(text, file).not.toContain('Frau Mustermann');
    }
  });

  it('holds one unredacted segment without marks; none for an empty text', async () => {
    expect(await message(100)).toMatchObject({ subject: 'Anfrage', content: '', redacted_subject: [[false, 'Anfrage']], redacted_content: [] });
    // froide counts a text that is one separator as redacted (text_diff.py: it takes the side of the piece before it).
    expect(await message(120)).toMatchObject({ content: ',', redacted_content: [[true, ',']] });
  });

  it('hides subject and content of a content_hidden message, and its segments', async () => {
    expect(await message(111)).toMatchObject({ content_hidden: true, subject: '', content: '', redacted_subject: [], redacted_content: [] });
  });

  it('names the sender as FragDenStaat does for anonymous readers', async () => {
    expect((await message(110)).sender).toBe('Erika Mustermann (Open Knowledge)');
    expect((await message(120)).sender).toBe('Erika Mustermann (Open Knowledge)');
    expect((await message(100)).sender).toBe('<< Anfragesteller:in >>');
    expect((await message(111)).sender).toBe('Bundespolizei');
  });

  it('gives the German name of the status after the message', async () => {
    expect((await message(110)).status_name).toBe('Warte auf Antwort');
    expect((await message(111)).status_name).toBe('Anfrage abgeschlossen');
  });

  it('embeds the same message objects in the request detail and in the list', async () => {
    const request = await built.detail('request', 11);
    expect(request.messages).toEqual([await message(110), await message(111)]);
    const list = await built.page('message', 0);
    expect(list.objects.find((object: { id: number }) => object.id === 110)).toEqual(await message(110));
  });
});

describe('last_modified_at', () => {
  it('message: from the content, else its timestamp', async () => {
    expect((await message(110)).last_modified_at).toBe('2024-03-05T12:00:00+01:00');
    expect((await message(111)).last_modified_at).toBe('2024-03-04T09:00:00+01:00');
  });

  it('law: from the content, else the date of site updated_at', async () => {
    expect(SITE.updated_at).toBe('2024-01-01T00:00:00+01:00');
    expect((await built.detail('law', 1)).last_modified_at).toBe('2024-01-01');
    expect((await built.detail('law', 2)).last_modified_at).toBe('2023-05-04');
  });

  it('every last_modified_at in the build is a time, never null', async () => {
    const values: unknown[] = [];
    const collect = (value: unknown): void => {
      if (Array.isArray(value)) value.forEach(collect);
      else if (value && typeof value === 'object') {
        for (const [key, item] of Object.entries(value)) {
          if (key === 'last_modified_at') values.push(item);
          else collect(item);
        }
      }
    };
    for (const file of (await listFiles(built.buildDir)).filter((path) => path.startsWith('api/') && path.endsWith('.json'))) {
      collect(parseApiJson(await readFile(join(built.buildDir, file), 'utf8')));
    }
    expect(values.length).toBeGreaterThan(10);
    for (const value of values) expect(value).toMatch(/^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}:\d{2}(\.\d{6})?[+-]\d{2}:\d{2})?$/);
  });

  it('two builds of the same content with the same clock are byte-identical', async () => {
    const again = await buildTree(TREE);
    try {
      const files = await listFiles(built.buildDir);
      expect(await listFiles(again.buildDir)).toEqual(files);
      for (const file of files) expect((await readFile(join(again.buildDir, file))).equals(await readFile(join(built.buildDir, file))), file).toBe(true);
    } finally {
      await again.remove();
    }
  });
});
