/**
 * froide's values read back into content values, and the YAML the importer writes: the same
 * record gives the same bytes, with keys in schema order and defaults left out.
 */
import { describe, expect, it } from 'vitest';
import { compact, recordText, RecordRefused, yamlText } from '../../src/import/content-files.ts';
import { markdownOf } from '../../src/import/map-documents.ts';
import { markedText } from '../../src/import/map-requests.ts';
import { IMPORT_GAUGE } from '../../src/import/import-progress.ts';
import { ApiShapeError, dateTimeOf, idOf, numberOf, pointOf } from '../../src/import/values.ts';

describe('froide values', () => {
  it('reads date-times as DRF and as str(datetime) write them', () => {
    expect(dateTimeOf('2024-03-01T09:12:00+01:00', 'x')).toBe('2024-03-01T09:12:00+01:00');
    expect(dateTimeOf('2024-02-12 09:41:00.000000+00:00', 'x')).toBe('2024-02-12T09:41:00+00:00');
    expect(dateTimeOf('2024-02-12T09:41:00.123400Z', 'x')).toBe('2024-02-12T09:41:00.1234+00:00');
    expect(dateTimeOf('2024-02-12T09:41:00+0100', 'x')).toBe('2024-02-12T09:41:00+01:00');
    expect(dateTimeOf(null, 'x')).toBeNull();
    expect(() => dateTimeOf('2024-02-12', 'due_date')).toThrow(ApiShapeError);
  });

  it('reads ids from links with or without query, numbers sent as strings, GeoJSON points', () => {
    expect(idOf('https://fragdenstaat.de/api/v1/law/4/', 'law')).toBe(4);
    expect(idOf('https://fragdenstaat.de/api/v1/law/4/?format=json', 'law')).toBe(4);
    expect(idOf({ id: 2, name: 'x' }, 'classification')).toBe(2);
    expect(() => idOf('https://fragdenstaat.de/api/v1/law/', 'law')).toThrow('law: expected a link ending in an id');
    expect(numberOf('12.50', 'costs')).toBe(12.5);
    expect(numberOf(undefined, 'costs')).toBeUndefined();
    expect(pointOf({ type: 'Point', coordinates: [13.4, 52.5] }, 'geo')).toEqual([13.4, 52.5]);
  });

  it('turns redacted segments into marks and leaves other text as shown', () => {
    expect(markedText('Gruß\n[geschwärzt]', [[false, 'Gruß\n'], [true, '[geschwärzt]']], 'c')).toBe('Gruß\n[[█]]');
    expect(markedText('A [geschwärzt] B', [[false, 'A '], [true, '[geschwärzt]'], [false, ' B']], 'c')).toBe('A [[█]] B');
    expect(markedText('shown', [], 'c')).toBe('shown');
  });

  it('writes filingcabinet\'s directory HTML back as Markdown', () => {
    expect(markdownOf('<p>Antworten der <strong>Bundesregierung</strong> auf <a href="https://dip.bundestag.de/" rel="noopener noreferrer">Kleine Anfragen</a>.</p>')).toBe(
      'Antworten der **Bundesregierung** auf [Kleine Anfragen](https://dip.bundestag.de/).',
    );
    expect(markdownOf('<p>Liste:</p>\n<ul>\n<li>Hamburg</li>\n<li>A &amp; B</li>\n</ul>')).toBe('Liste:\n\n- Hamburg\n- A & B');
  });
});

describe('the YAML the importer writes', () => {
  const campaign = { id: 3, name: 'Kampagne', slug: 'kampagne', url: '', description: '', start_date: null, active: true };

  it('keeps keys in schema order and leaves defaults out', () => {
    expect(compact('campaign', { active: false, slug: 'k', id: 1, name: 'K', url: '' })).toEqual({ id: 1, name: 'K', slug: 'k', active: false });
    expect(recordText('campaign', 'campaigns.yaml', { ...campaign })).toBe(
      '# yaml-language-server: $schema=./schemas/campaign.schema.json\nid: 3\nname: Kampagne\nslug: kampagne\n',
    );
  });

  it('writes the same bytes for the same record, whatever the order of its keys', () => {
    const reversed = Object.fromEntries(Object.entries(campaign).reverse());
    expect(recordText('campaign', 'campaigns.yaml', reversed)).toBe(recordText('campaign', 'campaigns.yaml', campaign));
  });

  it('points the schema line at content/schemas from any depth, and writes no anchors', () => {
    const shared = { de: 'x' };
    const text = yamlText('documentcollection', 'collections/1-x.yaml', { a: shared, b: shared });
    expect(text.split('\n')[0]).toBe('# yaml-language-server: $schema=../schemas/documentcollection.schema.json');
    expect(text).not.toMatch(/[&*]a\d/);
  });

  it('refuses a record its schema refuses, naming the file and the key', () => {
    expect(() => recordText('campaign', 'campaigns.yaml', { ...campaign, slug: 'Not A Slug' })).toThrow(RecordRefused);
    expect(() => recordText('campaign', 'campaigns.yaml', { ...campaign, slug: 'Not A Slug' })).toThrow(/^campaigns\.yaml: slug: must be a slug/);
  });
});

describe('the import gauge', () => {
  it('says how far, in which phase, and the time left', () => {
    expect(IMPORT_GAUGE.line({ phase: 'requests', done: 10, total: 40 }, 20_000)).toBe('import: 10/40 requests and documents (requests), ETA 1m00s');
    expect(IMPORT_GAUGE.line({ phase: 'reference lists', done: 0, total: 0 }, 1000)).toBe('import: 0/0 requests and documents (reference lists), ETA ?');
  });
});
