/**
 * Finding the file an attachment or document names, when the name in YAML and the name on
 * disk are the same text in different Unicode normalisation forms. macOS writes many file
 * names decomposed (NFD: "a" + combining diaeresis), editors type YAML composed (NFC: "ä");
 * on macOS both open the same file, on Linux (CI, Netlify) they are different names. Names
 * are matched after NFC normalisation, and the name found on disk is the one read. Also the
 * folder of a content path (`dirOf`), which the loader and the unread-file check share.
 */

/**
 * Returns `find(path)`: `path` itself when the directory walk listed it, else the one listed
 * path that is equal after NFC normalisation, else `path` (unlisted: a hidden file, or none;
 * the caller's stat decides).
 */
export function fileFinder(listed: Pick<ReadonlySet<string>, 'has'> & Iterable<string>): (path: string) => string {
  let byNfc: Map<string, string[]> | undefined;
  return (path) => {
    if (listed.has(path)) return path;
    if (!byNfc) {
      byNfc = new Map();
      for (const candidate of listed) {
        const key = candidate.normalize('NFC');
        const same = byNfc.get(key);
        if (same) same.push(candidate);
        else byNfc.set(key, [candidate]);
      }
    }
    const candidates = byNfc.get(path.normalize('NFC'));
    return candidates?.length === 1 ? candidates[0]! : path;
  };
}

/** The folder of a content path (`requests/1-a/messages` of `requests/1-a/messages/2.yaml`); '' for a file at the root. */
export function dirOf(path: string): string {
  return path.slice(0, Math.max(path.lastIndexOf('/'), 0));
}
