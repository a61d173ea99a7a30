/**
 * The CSV renderer against what froide's renderer (djangorestframework-csv on Python's csv
 * module) writes for the same objects. The expected texts were written by that renderer
 * (Python 3, `csv.writer` with its default `excel` dialect) from these objects.
 */
import { describe, expect, it } from 'vitest';
import { csvRows, pythonFloatRepr, renderCsv } from '../../src/serve/api/csv.ts';

const PAGE = {
  meta: { limit: 50, next: 'https://archive.test/api/v1/request/?format=csv&limit=50&offset=50', previous: null, offset: 0, total_count: 2 },
  objects: [
    {
      id: 7,
      title: 'Messwerte, "2023"',
      tags: ['umwelt', 'wasser'],
      public_body: { id: 3, name: 'Umweltamt', jurisdiction: { id: 1, name: 'Bund' }, laws: [] },
      costs: 0,
      resolved_on: null,
      is_foi: true,
      checked: false,
      description: 'Zeile 1\nZeile 2',
      lat: 52.52,
      tiny: 1e-5,
    },
    {
      id: 8,
      title: 'Zweite',
      tags: [],
      public_body: null,
      costs: 12.5,
      resolved_on: '2023-07-01',
      is_foi: false,
      checked: true,
      description: 'ohne\r\nUmbruch',
      lat: -0.5,
      tiny: 0.0001,
    },
  ],
};

describe('renderCsv', () => {
  it('renders a list page as froide does: objects only, flattened, sorted header, QUOTE_MINIMAL, CRLF', () => {
    expect(renderCsv(PAGE)).toBe(
      'checked,costs,description,id,is_foi,lat,public_body,public_body.id,public_body.jurisdiction.id,public_body.jurisdiction.name,public_body.name,resolved_on,tags.0,tags.1,tiny,title\r\n' +
        'False,0.0,"Zeile 1\nZeile 2",7,True,52.52,,3,1,Bund,Umweltamt,,umwelt,wasser,1e-05,"Messwerte, ""2023"""\r\n' +
        'True,12.5,"ohne\r\nUmbruch",8,False,-0.5,,,,,,2023-07-01,,,0.0001,Zweite\r\n',
    );
  });

  it('gives an empty list and an empty page no bytes at all', () => {
    expect(renderCsv({ meta: { total_count: 0 }, objects: [] })).toBe('');
    expect(renderCsv([])).toBe('');
  });

  it('keeps no column for an empty list or object, and a line per object without columns', () => {
    expect(renderCsv([{ tags: [], laws: {} }])).toBe('\r\n\r\n');
  });

  it('quotes a lone empty field, as Python does so that the line is not blank', () => {
    expect(renderCsv([{ a: '' }])).toBe('a\r\n""\r\n');
  });

  it('nests as nest_flat_item does: an empty key joins with its dot, an empty inner key takes the outer one', () => {
    expect(renderCsv([{ '': { x: 1 }, a: { '': 2 } }])).toBe('.x,a\r\n1,2\r\n');
  });

  it('renders one object (a detail) as its one row', () => {
    expect(csvRows({ id: 1, name: 'x' })).toEqual([{ id: 1, name: 'x' }]);
    expect(renderCsv({ id: 1, name: 'x' })).toBe('id,name\r\n1,x\r\n');
  });

  it('puts list items of scalars under their index and nested lists under both', () => {
    expect(renderCsv([{ redacted_description: [[false, 'Bitte'], [true, 'geschwärzt']] }])).toBe(
      'redacted_description.0.0,redacted_description.0.1,redacted_description.1.0,redacted_description.1.1\r\nFalse,Bitte,True,geschwärzt\r\n',
    );
  });

  it('sorts the header by code point, as Python sorts str', () => {
    expect(renderCsv([{ b: 1, B: 2, 'tags.10': 3, 'tags.2': 4, ä: 5, '😀': 6, '\uffff': 7 }])).toBe('B,b,tags.10,tags.2,ä,\uffff,😀\r\n2,1,3,4,5,7,6\r\n');
  });
});

describe('pythonFloatRepr', () => {
  it.each([
    [52.52, '52.52'],
    [0.0001, '0.0001'],
    [0.00001, '1e-05'],
    [1.5e-7, '1.5e-07'],
    [123456789012345.6, '123456789012345.6'],
    [1.5e16 + 2, '1.5000000000000002e+16'],
    [-2.5e-10, '-2.5e-10'],
    [1e100, '1e+100'],
    [3, '3.0'],
  ])('%s is %s', (value, text) => {
    expect(pythonFloatRepr(value)).toBe(text);
  });
});
