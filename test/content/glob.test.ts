import { describe, expect, it } from 'vitest';
import { firstMatch, globMatcher } from '../../src/content/glob.ts';
import { CONTENT_FILES } from '../../src/content/schema.ts';

describe('globMatcher (the content table patterns, matched against one directory walk)', () => {
  it.each([
    ['site.yaml', 'site.yaml', true],
    ['site.yaml', 'x/site.yaml', false],
    ['site.yaml', 'siteXyaml', false],
    ['publicbodies/*.yaml', 'publicbodies/3-bmi.yaml', true],
    ['publicbodies/*.yaml', 'publicbodies/a/3.yaml', false],
    ['publicbodies/*.yaml', 'publicbodies/3.yml', false],
    ['requests/*/request.yaml', 'requests/0042-x/request.yaml', true],
    ['requests/*/messages/*.yaml', 'requests/0042-x/messages/420.yaml', true],
    ['requests/*/messages/*.yaml', 'requests/0042-x/request.yaml', false],
    ['requests/*/files/**', 'requests/0042-x/files/421/Bescheid März.pdf', true],
    ['requests/*/files/**', 'requests/0042-x/files/a/b/c.pdf', true],
    ['requests/*/files/**', 'requests/0042-x/files', false],
    ['requests/*/files/**', 'requests/0042-x/messages/1.yaml', false],
    ['documents/*/document.yaml', 'documents/600-x/document.yaml', true],
  ])('%s ~ %s -> %s', (pattern, path, expected) => {
    expect(globMatcher(pattern)(path)).toBe(expected);
  });

  it('compiles every pattern of the content table', () => {
    for (const { pattern } of Object.values(CONTENT_FILES)) expect(() => globMatcher(pattern)).not.toThrow();
  });
});

describe('firstMatch (each content file sorted into its kind by one lookup)', () => {
  const kindOf = firstMatch(Object.entries(CONTENT_FILES).map(([kind, file]) => [kind, file.pattern] as const));

  it('gives the kind of the pattern that matches, only among the patterns of the first segment', () => {
    expect(kindOf('site.yaml')).toBe('site');
    expect(kindOf('requests/1-a/request.yaml')).toBe('request');
    expect(kindOf('requests/1-a/messages/2.yaml')).toBe('message');
    expect(kindOf('documents/3-b/annotations.yaml')).toBe('pageannotation');
    expect(kindOf('georegions/x.geojson')).toBe('georegiongeometry');
    expect(kindOf('requests/1-a/files/2/a.pdf')).toBeUndefined();
    expect(kindOf('notes/site.yaml')).toBeUndefined();
    expect(kindOf('requests')).toBeUndefined();
  });

  it('refuses a pattern that starts with a wildcard, which other first segments would match', () => {
    expect(() => firstMatch([['any', '*/x.yaml']])).toThrow(/starts with a wildcard/);
  });
});
