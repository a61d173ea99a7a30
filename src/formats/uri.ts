/** Percent-decoding that never throws (web-standard; the Edge Functions import it). */

/** `decodeURIComponent`, or null where the text holds a malformed escape (`%E0%A4%A`, a lone `%`). */
export function decodeUriComponentOrNull(text: string): string | null {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}
