/**
 * Files the loader does not read must not vanish silently: a misnamed YAML file or folder is
 * reported (an error when a small rename makes it read), and what content/ legitimately holds
 * besides (a README, attachments, document PDFs, GeoJSON, schemas) is not.
 */
import { describe, expect, it } from 'vitest';
import type { Problem } from '../../src/content/problems.ts';
import { contentChecker, minimalArchive, responseMessage } from '../helpers/content.ts';

const check = contentChecker();

function said(problems: Problem[]): string[] {
  return problems.map((p) => `${p.severity} ${p.file}: ${p.message} -> ${p.hint}`);
}

const body = { id: 3, name: 'Neu', slug: 'neu', jurisdiction: 1 };
const message = { id: 102, is_response: false, recipient_public_body: 1, timestamp: '2024-03-01T10:00:00+01:00' };

describe('files the loader does not read', () => {
  it('stays quiet about what content/ legitimately holds', async () => {
    const { problems } = await check(
      minimalArchive({
        'README.md': '# Archiv\n',
        'schemas/request.schema.json': '{}',
        'documents/1-x/document.yaml': { id: 1, file: 'x.pdf' },
        'documents/1-x/x.pdf': '%PDF-1.4 (check reads only the header)',
        'documents/1-x/notizen.txt': 'x',
        'publicbodies/README.md': 'x',
        'requests/10-akten/files/101/daten.yaml': 'a: 1\n', // an attachment that happens to be YAML
        'requests/10-akten/messages/101.yaml': responseMessage([{ id: 1000, name: 'liste.csv' }, { id: 1001, name: 'daten.yaml' }]),
      }),
    );
    expect(said(problems.list)).toEqual([]);
  });

  it('reports a .yml twin of a known name as an error, with the name to use', async () => {
    const { problems, archive } = await check(
      minimalArchive({
        'requests/10-akten/messages/102.yml': message,
        'publicbodies/3-neu.yml': body,
        'collections/2-x.yml': { id: 2, title: 'X', slug: 'x' },
        'documents/1-x/document.yaml': { id: 1, file: 'x.pdf' },
        'documents/1-x/x.pdf': '%PDF-1.4 (check reads only the header)',
        'documents/1-x/annotations.YAML': [],
        'Laws.yaml': [],
      }),
    );
    expect(archive).toBeUndefined();
    expect(said(problems.sorted())).toEqual([
      'error collections/2-x.yml: is not read by the build, so its records are missing -> rename it to collections/2-x.yaml',
      'error documents/1-x/annotations.YAML: is not read by the build, so its records are missing -> rename it to documents/1-x/annotations.yaml',
      'error Laws.yaml: is not read by the build, so its records are missing -> rename it to laws.yaml (laws.yaml exists too: merge the two, or delete this one)',
      'error publicbodies/3-neu.yml: is not read by the build, so its records are missing -> rename it to publicbodies/3-neu.yaml',
      'error requests/10-akten/messages/102.yml: is not read by the build, so its records are missing -> rename it to requests/10-akten/messages/102.yaml',
    ]);
  });

  it('reports a misnamed folder once, and says nothing about the attachments of its messages', async () => {
    const tree = minimalArchive({
      'requests/10-akten/message/100.yaml': minimalArchive()['requests/10-akten/messages/100.yaml']!,
      'requests/10-akten/message/101.yaml': minimalArchive()['requests/10-akten/messages/101.yaml']!,
      'publicbody/3-neu.yaml': body,
    });
    delete tree['requests/10-akten/messages/100.yaml'];
    delete tree['requests/10-akten/messages/101.yaml'];
    const { problems } = await check(tree);
    expect(said(problems.sorted())).toEqual([
      'error publicbody/3-neu.yaml: is not read by the build, so its records are missing -> rename it to publicbodies/3-neu.yaml',
      'error requests/10-akten/message/: is not read by the build, so the records of its 2 YAML files are missing -> rename the folder to requests/10-akten/messages/',
    ]);
  });

  it('warns about other YAML files and unknown folders, naming where such files are read', async () => {
    const { problems, archive } = await check(
      minimalArchive({
        'annotations.yaml': [],
        'notizen.yaml': 'a: 1\n',
        'requests/10-akten/notizen.yaml': 'a: 1\n',
        'requests/10-akten/file/101/liste.csv': 'a;b\n',
        'entwuerfe/brief.pdf': '%PDF',
      }),
    );
    expect(archive).toBeDefined();
    expect(said(problems.sorted())).toEqual([
      'warning annotations.yaml: is not read by the build; nothing in it is published -> YAML files of this name are read only as documents/*/annotations.yaml: move or rename it, or delete it',
      'warning entwuerfe/: is a folder the build does not read; nothing in it is published -> move its files where the editors\' guide (docs/content-guide.md, "Layout") puts them, or keep them outside content/',
      'warning notizen.yaml: is not read by the build; nothing in it is published -> YAML files at the top of content/ are read only as site.yaml, jurisdictions.yaml, laws.yaml, classifications.yaml, categories.yaml, campaigns.yaml, articletags.yaml, governments.yaml, venues.yaml, foodauthorities.yaml: move or rename it, or delete it',
      'warning requests/10-akten/file/: is a folder the build does not read; nothing in it is published -> rename it to requests/10-akten/files/',
      'warning requests/10-akten/notizen.yaml: is not read by the build; nothing in it is published -> YAML files under requests/ are read only as requests/*/request.yaml, requests/*/messages/*.yaml: move or rename it, or delete it',
    ]);
  });
});
