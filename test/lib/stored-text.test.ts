/**
 * A spool of texts: what goes in reads back the same, whatever its size and characters, and
 * the file holds exactly the bytes the spool placed.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { StoredText, TextSpool, lazyTextOf } from '../../src/lib/stored-text.ts';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'archive-spool-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

it('reads back small and large texts and bytes, Latin-1 and wide, in the order they came', () => {
  const spool = new TextSpool(join(dir, 'texts'));
  const large = 'Akteneinsicht gemäß IFG. '.repeat(8_000); // ~200 KB: larger than the spool's buffer
  const wideLarge = 'Ärger – ✓ '.repeat(20_000); // past Latin-1, ~400 KB as UTF-16
  const bytes = Buffer.alloc(300_000, 7);
  const texts = ['', 'Sehr geehrte Damen und Herren', large, 'Grüße – 🙂', wideLarge, 'kurz'];
  const stored: StoredText[] = [];
  for (const text of texts.slice(0, 3)) stored.push(spool.add(text));
  const raw = spool.addBytes(bytes);
  for (const text of texts.slice(3)) stored.push(spool.add(text));
  spool.flush();

  expect(stored.map((text) => lazyTextOf(text))).toEqual(texts);
  expect(stored.map((text) => text.wide)).toEqual([false, false, false, true, true, false]);
  expect(raw.file.bytes(raw.offset, raw.bytes).equals(bytes)).toBe(true);
  // Contiguous, each where the one before ended, and the file is exactly that long.
  const placed = [...stored.slice(0, 3), raw, ...stored.slice(3)];
  placed.forEach((text, i) => expect(text.offset).toBe(i === 0 ? 0 : placed[i - 1]!.offset + placed[i - 1]!.bytes));
  expect(spool.end).toBe(placed.at(-1)!.offset + placed.at(-1)!.bytes);
  expect(statSync(spool.path).size).toBe(spool.end);
  spool.file.close();
});
