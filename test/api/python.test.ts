/** Python and Django, as froide's views read query values and quote URLs (src/formats/python.ts). */
import { describe, expect, it } from 'vitest';
import { djangoDate, djangoDecimal, djangoQuote, isPythonIntText, pythonCapitalize, pythonFloat, pythonInt, pythonQuote, pythonTypeName } from '../../src/formats/python.ts';

describe('Python and Django helpers', () => {
  it.each([
    [' 42 ', 42],
    ['-7', -7],
    ['+7', 7],
    ['1_000', null],
    ['4.0', null],
    ['', null],
    [null, null],
    [undefined, null],
  ])('pythonInt(%j) is %j', (raw, expected) => {
    expect(pythonInt(raw)).toBe(expected);
  });

  it.each([
    [' 1_000 ', true],
    ['-12', true],
    ['1__0', false],
    ['_1', false],
    ['1.0', false],
  ])('isPythonIntText(%j) is %j (int() reads _ between digits)', (text, expected) => {
    expect(isPythonIntText(text)).toBe(expected);
  });

  it.each([
    [' 52.5 ', 52.5],
    ['-.5', -0.5],
    ['1e2', 100],
    ['7.', 7],
    ['-inf', -Infinity],
    ['Infinity', Infinity],
    ['', null],
    ['abc', null],
    ['0x10', null],
    ['1,5', null],
    ['1.2.3', null],
    ['Infinityx', null],
  ])('pythonFloat(%j) is %j', (raw, expected) => {
    expect(pythonFloat(raw)).toBe(expected);
  });

  it('pythonFloat reads nan', () => {
    expect(pythonFloat('NaN')).toBeNaN();
  });

  it.each([
    ['berlin', 'Berlin'],
    ['BERLIN-MITTE', 'Berlin-mitte'],
    ['über', 'Über'],
    ['', ''],
  ])('pythonCapitalize(%j) is %j (str.capitalize)', (text, expected) => {
    expect(pythonCapitalize(text)).toBe(expected);
  });

  it.each([
    ["a b/c!'()*~", 'a%20b%2Fc%21%27%28%29%2A~'],
    ['März', 'M%C3%A4rz'],
  ])('pythonQuote(%j) is %j (quote with safe="")', (text, expected) => {
    expect(pythonQuote(text)).toBe(expected);
  });

  it.each([
    ['amenity:4711', 'amenity:4711'],
    ['a@b$c&d+e,f;g=h', 'a@b$c&d+e,f;g=h'],
    ['a b/c?', 'a%20b%2Fc%3F'],
  ])('djangoQuote(%j) is %j (reverse() keeps : @ and sub-delims)', (text, expected) => {
    expect(djangoQuote(text)).toBe(expected);
  });

  it.each([
    [null, 'NoneType'],
    [true, 'bool'],
    [3, 'int'],
    [3.5, 'float'],
    ['x', 'str'],
    [[1], 'list'],
    [{}, 'dict'],
    [new Blob(['x']), 'InMemoryUploadedFile'],
  ])('pythonTypeName(%j) is %j', (value, expected) => {
    expect(pythonTypeName(value)).toBe(expected);
  });

  it.each([
    ['12.5', 12.5],
    ['.5', 0.5],
    ['-3', -3],
    ['1e3', null],
    ['1,5', null],
  ])('djangoDecimal(%j) is %j', (value, expected) => {
    expect(djangoDecimal(value)).toBe(expected);
  });

  it.each([
    ['2024-02-29', '2024-02-29'],
    ['2023-02-29', null],
    ['2024-13-01', null],
    ['2024-1-01', null],
  ])('djangoDate(%j) is %j', (value, expected) => {
    expect(djangoDate(value)).toBe(expected);
  });
});
