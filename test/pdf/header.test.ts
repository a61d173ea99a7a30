import { describe, expect, it } from 'vitest';
import { describeStart, hasPdfHeader } from '../../src/pdf/header.ts';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('PDF header test', () => {
  it('finds %PDF- anywhere in the first 1024 bytes, as PDF readers do', () => {
    expect(hasPdfHeader(bytes('%PDF-1.7\n'))).toBe(true);
    expect(hasPdfHeader(bytes(`${' '.repeat(1019)}%PDF-1.4`))).toBe(true); // ends at byte 1024
    expect(hasPdfHeader(bytes(`${' '.repeat(1020)}%PDF-1.4`))).toBe(false); // ends at byte 1025
    expect(hasPdfHeader(bytes('%PDF'))).toBe(false);
    expect(hasPdfHeader(bytes('<html>%PD F-</html>'))).toBe(false);
    expect(hasPdfHeader(new Uint8Array())).toBe(false);
  });

  it('describes what a file without header starts with', () => {
    expect(describeStart(new Uint8Array())).toBe('it is empty');
    expect(describeStart(bytes('<html><head><title>504 Gateway Time-out</title>'))).toBe('it starts with "<html><head><title>504 G"');
    expect(describeStart(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0xff]))).toBe('it starts with "PK\\u0003\\u0004?"');
  });
});
