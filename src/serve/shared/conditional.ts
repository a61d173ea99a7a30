/** Conditional requests, for every room that answers with an ETag (API, media, preview files). */

/** If-None-Match: a list of (possibly weak) tags or `*` (RFC 9110 §13.1.2, weak comparison). */
export function matchesIfNoneMatch(header: string | null, etag: string): boolean {
  if (!header) return false;
  const strip = (tag: string) => tag.trim().replace(/^W\//, '');
  const wanted = strip(etag);
  return header.split(',').some((tag) => tag.trim() === '*' || strip(tag) === wanted);
}
