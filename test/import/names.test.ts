/**
 * The one rule for names that become paths (src/import/names.ts, docs/import.md "Names and
 * paths"), case by case; hostile-source.test.ts shows it at work in an import.
 */
import { describe, expect, it } from 'vitest';
import { cleanName, NameRefused, refuseCaseTwins } from '../../src/import/names.ts';

describe('cleanName', () => {
  it('normalises to NFC and keeps every other name as it is', () => {
    expect(cleanName('Bescheid_a\u0308rztlich.pdf', 'x')).toBe('Bescheid_\u00e4rztlich.pdf');
    expect(cleanName('Anlage 1 (geschwärzt).PDF', 'x')).toBe('Anlage 1 (geschwärzt).PDF');
    expect(cleanName('a..b.pdf', 'x')).toBe('a..b.pdf');
    expect(cleanName(`${'ä'.repeat(127)}a`, 'x')).toHaveLength(128); // 255 bytes
  });

  it.each([
    ['', 'is empty'],
    ['.', 'is "."'],
    ['..', 'is ".."'],
    ['.htaccess', 'starts with a dot'],
    ['a/b.pdf', 'holds "/"'],
    ['a\\b.pdf', 'holds "\\"'],
    ['a\u0000b.pdf', 'holds the control character U+0000'],
    ['a\nb.pdf', 'holds the control character U+000A'],
    ['a\u009bb.pdf', 'holds the control character U+009B'],
    [`${'ä'.repeat(128)}`, 'is 256 bytes long (at most 255)'],
  ])('refuses %j: it %s', (name, problem) => {
    expect(() => cleanName(name, 'attachment 1 of message 2')).toThrow(NameRefused);
    expect(() => cleanName(name, 'attachment 1 of message 2')).toThrow(`attachment 1 of message 2: the name ${JSON.stringify(name.slice(0, 80))}${name.length > 80 ? '…' : ''} ${problem}; no file can have it`);
  });
});

describe('refuseCaseTwins', () => {
  it('refuses names of one folder equal but for case, and accepts different ones', () => {
    expect(() => refuseCaseTwins(['Bescheid.pdf', 'Anlage.pdf', 'bescheid.PDF'], 'the attachments of message 2')).toThrow(
      'the attachments of message 2: the names "Bescheid.pdf" and "bescheid.PDF" would be one file on a case-insensitive disk',
    );
    expect(() => refuseCaseTwins(['Bescheid.pdf', 'Bescheid-1.pdf'], 'x')).not.toThrow();
  });
});
