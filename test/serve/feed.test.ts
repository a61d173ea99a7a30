/**
 * The Atom renderer: every feed validates against RFC 4287's RELAX NG schema, texts are
 * escaped once, characters XML cannot hold are dropped, entries come newest first.
 */
import { describe, expect, it } from 'vitest';
import { UrlBuilder } from '../../src/api/urls.ts';
import { feedObjects, renderAtom } from '../../src/serve/api/feed.ts';
import { atomEntries, atomProblems } from '../helpers/atom.ts';

const urls = new UrlBuilder({ baseUrl: 'https://archive.test', mediaUrl: 'https://archive.test/media/', siteUrl: 'https://site.test' });
const SELF = 'https://archive.test/api/v1/request/?format=atom&status=resolved';

const REQUESTS = [
  { resource_uri: 'https://archive.test/api/v1/request/7/', id: 7, title: 'Verträge <b> & "Gutachten" ]]>', url: '/anfrage/vertraege/', description: 'Zeile 1\nZeile 2\u0001', last_message: '2024-01-02T10:00:00+01:00', created_at: '2024-01-01T10:00:00+01:00' },
  { resource_uri: 'https://archive.test/api/v1/request/8/', id: 8, title: 'Neuer', url: '/anfrage/neu/', last_message: '2024-03-01T10:00:00+01:00' },
  { resource_uri: 'https://archive.test/api/v1/request/9/', id: 9, title: 'Ohne Datum', site_url: 'https://site.test/a/9/' },
];

describe('renderAtom', () => {
  it('writes a valid Atom feed of the objects, newest first, linking each page on the site', async () => {
    const xml = renderAtom({ self: SELF, title: 'Foi Request List (status=resolved)', objects: REQUESTS }, urls);
    expect(await atomProblems(xml)).toEqual([]);
    expect(atomEntries(xml)).toEqual([
      { id: 'https://archive.test/api/v1/request/8/', title: 'Neuer', link: 'https://site.test/anfrage/neu/', updated: '2024-03-01T09:00:00.000Z' },
      { id: 'https://archive.test/api/v1/request/7/', title: 'Verträge &lt;b&gt; &amp; &quot;Gutachten&quot; ]]&gt;', link: 'https://site.test/anfrage/vertraege/', updated: '2024-01-02T09:00:00.000Z' },
      { id: 'https://archive.test/api/v1/request/9/', title: 'Ohne Datum', link: 'https://site.test/a/9/', updated: '1970-01-01T00:00:00.000Z' },
    ]);
    expect(xml).toContain('<id>https://archive.test/api/v1/request/?format=atom&amp;status=resolved</id>');
    expect(xml).toContain('<link rel="self" href="https://archive.test/api/v1/request/?format=atom&amp;status=resolved"/>');
    expect(xml).toContain('<title>archive.test: Foi Request List (status=resolved)</title>');
    expect(xml).toContain('<updated>2024-03-01T09:00:00.000Z</updated>');
    expect(xml).toContain('<summary type="html"><![CDATA[Zeile 1<br>Zeile 2]]></summary>');
    expect(xml).not.toContain('\u0001');
  });

  it('writes a valid feed without entries', async () => {
    const xml = renderAtom({ self: SELF, title: 'empty', objects: [] }, urls);
    expect(await atomProblems(xml)).toEqual([]);
    expect(atomEntries(xml)).toEqual([]);
  });

  it('is caught by the validator when a required element is missing', async () => {
    const xml = renderAtom({ self: SELF, title: 'x', objects: REQUESTS }, urls).replace(/<updated>[^<]*<\/updated>/, '');
    expect(await atomProblems(xml)).not.toEqual([]);
  });
});

describe('feedObjects', () => {
  it('takes a page\'s objects, a request\'s messages, else the object', () => {
    expect(feedObjects('request', { meta: {}, objects: [{ id: 1 }] })).toEqual([{ id: 1 }]);
    expect(feedObjects('request', { id: 1, messages: [{ id: 2 }, { id: 3 }] })).toEqual([{ id: 2 }, { id: 3 }]);
    expect(feedObjects('law', { id: 4 })).toEqual([{ id: 4 }]);
    expect(feedObjects(null, [{ id: 5 }])).toEqual([{ id: 5 }]);
  });
});
