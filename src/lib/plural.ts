/** `1 PDF`, `2 PDFs`, `0 objects`: a count with its noun, plural unless it is one. */
export function count(n: number, noun: string, plural = `${noun}s`): string {
  return `${n} ${n === 1 ? noun : plural}`;
}
