/**
 * Content files are UTF-8 text. Node's `readFileSync(path, 'utf8')` turns bytes that are not
 * UTF-8 into U+FFFD without a word, so a file saved as Latin-1 (Windows-1252) would be
 * published with "Beh�rde" in it. Decoding here refuses such a file and says where the first
 * bad byte is; a UTF-8 byte order mark (some Windows editors write one) is dropped.
 */
import { describe, ERRORS, type Described } from './errors.ts';
import type { TextPosition } from './problems.ts';

export type Decoded = { text: string } | { problem: { position: TextPosition } & Described };

const FATAL = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const WHOLE_FILE: TextPosition = { line: 0, column: 0 };

export function decodeContentText(bytes: Uint8Array): Decoded {
  const start = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) {
    return { problem: { position: WHOLE_FILE, ...describe(ERRORS.Utf16Text) } };
  }
  // UTF-16 without a byte order mark: every other byte of German text is 0.
  if (bytes.indexOf(0, start) !== -1) {
    return { problem: { position: WHOLE_FILE, ...describe(ERRORS.NulBytes) } };
  }
  try {
    return { text: FATAL.decode(bytes.subarray(start)) };
  } catch {
    // Only now look for where: the platform decoder is fast but does not say.
  }
  const bad = Math.max(firstInvalidUtf8(bytes, start), start);
  const byte = bytes[bad]!;
  const latin1 = new TextDecoder('windows-1252').decode(bytes.subarray(bad, bad + 1));
  return { problem: { position: positionOf(bytes, start, bad), ...describe(ERRORS.NotUtf8, { byte, latin1 }) } };
}

/** Line and column (in characters) of a byte offset; the bytes before it are valid UTF-8. */
function positionOf(bytes: Uint8Array, start: number, offset: number): TextPosition {
  let line = 1;
  let lineStart = start;
  for (let i = start; i < offset; i++) {
    if (bytes[i] === 0x0a) {
      line++;
      lineStart = i + 1;
    }
  }
  const column = new TextDecoder('utf-8').decode(bytes.subarray(lineStart, offset)).length + 1;
  return { line, column };
}

/** Offset of the first byte that is not part of a well-formed UTF-8 sequence (RFC 3629 §4), or -1. */
export function firstInvalidUtf8(bytes: Uint8Array, start = 0): number {
  let i = start;
  while (i < bytes.length) {
    const b = bytes[i]!;
    if (b < 0x80) {
      i++;
      continue;
    }
    let length: number;
    let min = 0x80;
    let max = 0xbf;
    if (b >= 0xc2 && b <= 0xdf) length = 2;
    else if (b >= 0xe0 && b <= 0xef) {
      length = 3;
      if (b === 0xe0) min = 0xa0; // no overlong forms
      if (b === 0xed) max = 0x9f; // no surrogates
    } else if (b >= 0xf0 && b <= 0xf4) {
      length = 4;
      if (b === 0xf0) min = 0x90;
      if (b === 0xf4) max = 0x8f; // nothing above U+10FFFF
    } else return i;
    const second = bytes[i + 1];
    if (second === undefined || second < min || second > max) return i;
    for (let k = 2; k < length; k++) {
      const next = bytes[i + k];
      if (next === undefined || next < 0x80 || next > 0xbf) return i;
    }
    i += length;
  }
  return -1;
}
