/**
 * Content trees for tests, written from object literals into a temp dir, so each test shows
 * its input. Objects become YAML; strings and bytes are written as given.
 */
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { stringify } from 'yaml';
import { afterEach } from 'vitest';
import { checkContent } from '../../src/check.ts';

export type Tree = Record<string, string | Uint8Array | object>;

export async function writeTree(root: string, tree: Tree): Promise<void> {
  for (const [path, value] of Object.entries(tree)) {
    const file = join(root, path);
    await mkdir(dirname(file), { recursive: true });
    const body = typeof value === 'string' || value instanceof Uint8Array ? value : stringify(value);
    await writeFile(file, body);
  }
}

export async function tempDir(prefix = 'archive-test-'): Promise<{ path: string; remove(): Promise<void> }> {
  const path = await mkdtemp(join(tmpdir(), prefix));
  return { path, remove: () => rm(path, { recursive: true, force: true }) };
}

export const SITE = {
  title: 'Testarchiv',
  base_url: 'https://archiv.example.org',
  media_url: '/media/',
  site_url: 'https://fragdenstaat.example',
  updated_at: '2024-01-01T00:00:00+01:00',
};

/**
 * Message 101 of minimalArchive's request as most tests override it: a response from public
 * body 1 on 2024-02-20 with the given attachments (YAML objects, as an editor writes them).
 */
export function responseMessage<T>(attachments: T[]) {
  return { id: 101, is_response: true, sender_public_body: 1, timestamp: '2024-02-20T09:30:00+01:00', attachments };
}

/**
 * A small valid archive: one jurisdiction, law, classification, category, campaign, two
 * public bodies, one request with two messages (the reply has a CSV attachment). Tests
 * override or add entries to build what they check.
 */
export function minimalArchive(extra: Tree = {}): Tree {
  return {
    'site.yaml': SITE,
    'jurisdictions.yaml': [{ id: 1, name: 'Bund', slug: 'bund', rank: 1 }],
    'laws.yaml': [{ id: 1, name: 'Informationsfreiheitsgesetz', slug: 'ifg', jurisdiction: 1, law_type: 'IFG', request_note: 'Bitte **kurz** halten.' }],
    'classifications.yaml': [{ id: 1, name: 'Ministerium', slug: 'ministerium' }],
    'categories.yaml': [{ id: 1, name: 'Inneres', slug: 'inneres', is_topic: true }],
    'campaigns.yaml': [{ id: 1, name: 'Transparenz jetzt', slug: 'transparenz-jetzt' }],
    'publicbodies/1-bmi.yaml': {
      id: 1,
      name: 'Bundesministerium des Innern',
      slug: 'bmi',
      jurisdiction: 1,
      classification: 1,
      categories: [1],
      laws: [1],
      email: 'ifg@bmi.example',
      geo: [13.37, 52.52],
    },
    'publicbodies/2-bpol.yaml': { id: 2, name: 'Bundespolizei', slug: 'bundespolizei', jurisdiction: 1, parent: 1 },
    'requests/10-akten/request.yaml': {
      id: 10,
      slug: 'akten',
      title: 'Akten zum Vorgang',
      description: 'Bitte senden Sie mir die Akten.',
      public_body: 1,
      law: 1,
      status: 'resolved',
      resolution: 'successful',
      campaign: 1,
      tags: ['Inneres'],
    },
    'requests/10-akten/messages/100.yaml': {
      id: 100,
      kind: 'email',
      is_response: false,
      recipient_public_body: 1,
      timestamp: '2024-02-01T10:00:00+01:00',
      subject: 'Anfrage',
    },
    'requests/10-akten/messages/101.yaml': {
      id: 101,
      kind: 'post',
      is_response: true,
      sender_public_body: 1,
      timestamp: '2024-02-20T09:30:00.250000+01:00',
      attachments: [{ id: 1000, name: 'liste.csv' }],
    },
    'requests/10-akten/files/101/liste.csv': 'a;b\n1;2\n',
    ...extra,
  };
}

/**
 * Registers an `afterEach` that removes every tree the test checked, and returns
 * `check(tree)`: writes the tree to a temp dir and runs `npm run check`'s loader and linker on it.
 */
export function contentChecker(): (tree: Tree) => ReturnType<typeof checkContent> {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    await Promise.all(cleanups.splice(0).map((remove) => remove()));
  });
  return async (tree) => {
    const dir = await tempDir();
    cleanups.push(dir.remove);
    await writeTree(dir.path, tree);
    return checkContent({ contentDir: dir.path, env: {} });
  };
}
