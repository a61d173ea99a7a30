/**
 * Collections and annotations in content/: what the linker reports, at which file, line and key.
 * (Page bounds of annotations need the PDF stage: test/serve/collections.test.ts.)
 */
import { describe, expect, it } from 'vitest';
import type { Problem } from '../../src/content/problems.ts';
import { contentChecker, minimalArchive, type Tree } from '../helpers/content.ts';

const check = contentChecker();

const where = (problems: Problem[]) => problems.map((p) => `${p.severity} ${p.file}:${p.line}:${p.column} ${p.path}: ${p.message}`);

const DOCUMENTS: Tree = {
  'documents/1/document.yaml': { id: 1, file: 'a.pdf' },
  'documents/1/a.pdf': '%PDF-1.4 not read by check',
  'documents/2/document.yaml': { id: 2, file: 'b.pdf', public: false },
  'documents/2/b.pdf': '%PDF-1.4 not read by check, private',
};

describe('document collections', () => {
  it('links directories into a tree and documents in collection order', async () => {
    const { problems, archive } = await check(
      minimalArchive({
        ...DOCUMENTS,
        'collections/1.yaml': [
          'id: 1',
          'created_at: 2024-01-01T00:00:00+01:00',
          'directories:',
          '  - { id: 3, name: Zwei, parent: 4 }',
          '  - { id: 4, name: Eins }',
          '  - { id: 5, name: Aaa, parent: 4 }',
          'documents:',
          '  - { document: 1, directory: 3 }',
        ].join('\n'),
        'collections/2.yaml': 'id: 2\npublic: false\ncreated_at: 2024-01-01T00:00:00+01:00\n',
      }),
    );
    expect(problems.list).toEqual([]);
    expect(archive!.collections.map((c) => c.id)).toEqual([1]);
    const [collection] = archive!.collections;
    expect(collection!.directories.map((d) => d.id)).toEqual([4]);
    expect(collection!.allDirectories.map((d) => [d.id, d.depth])).toEqual([[4, 1], [5, 2], [3, 2]]);
    expect(archive!.documents.find((d) => d.id === 1)!.collections.map((e) => [e.collection.id, e.directory?.id, e.rank])).toEqual([[1, 3, 0]]);
  });

  it('reports dangling and repeated documents, foreign and unknown directories, cycles, duplicate ids and a missing uid', async () => {
    const { problems } = await check(
      minimalArchive({
        ...DOCUMENTS,
        'collections/1.yaml': [
          'id: 1',
          'listed: false',
          'created_at: 2024-01-01T00:00:00+01:00',
          'directories:',
          '  - { id: 3, name: A, parent: 4 }',
          '  - { id: 4, name: B, parent: 3 }',
          '  - { id: 5, name: C, parent: 8 }',
          'documents:',
          '  - { document: 1 }',
          '  - { document: 99 }',
          '  - { document: 1 }',
          '  - { document: 3, directory: 6 }',
          '  - { document: 2 }',
        ].join('\n'),
        'documents/3/document.yaml': { id: 3, file: 'c.pdf' },
        'documents/3/c.pdf': '%PDF-1.4 not read by check',
        'collections/2.yaml': ['id: 2', 'created_at: 2024-01-01T00:00:00+01:00', 'directories:', '  - { id: 6, name: X }', '  - { id: 3, name: Y }'].join('\n'),
      }),
    );
    expect(where(problems.sorted())).toEqual([
      'error collections/1.yaml:2:9 listed: is false, but the collection has no uid of its own',
      'error collections/1.yaml:5:11 directories[0].id: duplicate collection directory id 3; it is also used in collections/2.yaml:5',
      'error collections/1.yaml:5:31 directories[0].parent: makes a cycle: directory 3 is its own ancestor',
      'error collections/1.yaml:7:31 directories[2].parent: refers to directory 8, which does not exist in collections/1.yaml',
      'error collections/1.yaml:9:17 documents[0].document: lists document 1 more than once (also at collections/1.yaml:11)',
      'error collections/1.yaml:10:17 documents[1].document: refers to document 99, which does not exist',
      'error collections/1.yaml:11:17 documents[2].document: lists document 1 more than once (also at collections/1.yaml:9)',
      'error collections/1.yaml:12:31 documents[3].directory: refers to directory 6, which belongs to another collection (collections/2.yaml)',
      'warning collections/1.yaml:13:17 documents[4].document: refers to document 2, which is not public: froide leaves it out of the collection for anonymous readers, and so does the archive',
      'error collections/2.yaml:5:11 directories[1].id: duplicate collection directory id 3; it is also used in collections/1.yaml:5',
    ]);
    const hints = problems.sorted().map((problem) => problem.hint);
    expect(hints[0]).toMatch(/^unlisted collections are reached only through their uid, so it must be random: add "uid: [0-9a-f-]{36}"$/);
    expect(hints[5]).toBe('use the id of a published document (1, 3)');
    expect(hints[7]).toBe('use the id of a directory listed under directories here (3, 4, 5)');
  });

  it('checks settings against filingcabinet\'s schema', async () => {
    const { problems } = await check(
      minimalArchive({
        'collections/1.yaml': [
          'id: 1',
          'created_at: 2024-01-01T00:00:00+01:00',
          'settings:',
          '  preferences: { showSearch: "ja" }',
          '  filters:',
          '    - { id: year, key: data.year, type: range, label: { de: Jahr } }',
          '    - { id: pub, key: data.publisher, type: choice, label: {} }',
        ].join('\n'),
      }),
    );
    expect(where(problems.sorted()).map((line) => line.split(': ')[0])).toEqual([
      'error collections/1.yaml:4:30 settings.preferences.showSearch',
      'error collections/1.yaml:6:41 settings.filters[0].type',
      'error collections/1.yaml:7:60 settings.filters[1].label',
    ]);
  });
});

describe('page annotations', () => {
  it('belong to the document in their folder, oldest first', async () => {
    const { problems, archive } = await check(
      minimalArchive({
        ...DOCUMENTS,
        'documents/1/annotations.yaml': [
          { id: 7, page: 2, title: 'Später', timestamp: '2024-02-01T00:00:00+01:00', top: 1, left: 2, width: 30, height: 40 },
          { id: 3, page: 1, title: 'Früher', timestamp: '2024-01-01T00:00:00+01:00' },
        ],
      }),
    );
    expect(problems.list).toEqual([]);
    const document = archive!.documents.find((d) => d.id === 1)!;
    expect(document.annotations.map((a) => [a.id, a.rect])).toEqual([[3, null], [7, { top: 1, left: 2, width: 30, height: 40 }]]);
  });

  it('reports an incomplete rectangle, a small one, bad highlight JSON, a long title, a duplicate id and a folder without document', async () => {
    const { problems } = await check(
      minimalArchive({
        ...DOCUMENTS,
        'documents/1/annotations.yaml': [
          '- { id: 1, page: 1, timestamp: 2024-01-01T00:00:00+01:00, top: 5, left: 5, width: 20 }',
          '- { id: 2, page: 1, timestamp: 2024-01-01T00:00:00+01:00, top: 5, left: 5, width: 20, height: 9 }',
          '- { id: 3, page: 1, timestamp: 2024-01-01T00:00:00+01:00, highlight: "{nope" }',
          `- { id: 4, page: 1, timestamp: 2024-01-01T00:00:00+01:00, title: "${'x'.repeat(256)}" }`,
          '- { id: 1, page: 1, timestamp: 2024-01-01T00:00:00+01:00 }',
        ].join('\n'),
        'documents/9/annotations.yaml': [{ id: 9, page: 1, timestamp: '2024-01-01T00:00:00+01:00' }],
      }),
    );
    expect(where(problems.sorted()).map((line) => line.split(': ')[0])).toEqual([
      'error documents/1/annotations.yaml:1:3 [0].height',
      'error documents/1/annotations.yaml:1:9 [0].id',
      'error documents/1/annotations.yaml:2:95 [1].height',
      'error documents/1/annotations.yaml:3:70 [2].highlight',
      'error documents/1/annotations.yaml:4:66 [3].title',
      'error documents/1/annotations.yaml:5:9 [4].id',
      'error documents/9/annotations.yaml:0:0 ',
    ]);
    expect(problems.sorted()[0]!.message).toBe('is missing: top, left, width and height go together');
    expect(problems.sorted()[6]!.message).toBe('belongs to no document: there is no documents/9/document.yaml');
  });
});
