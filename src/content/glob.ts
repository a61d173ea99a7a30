/** The content table's file patterns as tests of a relative path. */

/**
 * Compiles the content table's globs to one test: `*` matches within a segment, a `**`
 * segment matches one or more segments (all the table needs).
 */
export function globMatcher(pattern: string): (path: string) => boolean {
  const escape = (text: string) => text.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
  const segments = pattern.split('/').map((segment) => (segment === '**' ? '.+' : escape(segment).replace(/\*/g, '[^/]*')));
  const regex = new RegExp(`^${segments.join('/')}$`);
  return (path) => regex.test(path);
}

/**
 * The key of the first of `table`'s globs that matches a path, testing only the globs of its
 * first segment (`requests`, `site.yaml`): the loader sorts every content file into its kind
 * so, where testing each of 710,000 paths at 50,000 requests against all 20 patterns took 0.4 s.
 * No glob may start with a wildcard (it would match other first segments).
 */
export function firstMatch<K>(table: readonly (readonly [key: K, pattern: string])[]): (path: string) => K | undefined {
  const byFirst = new Map<string, { key: K; matches: (path: string) => boolean }[]>();
  for (const [key, pattern] of table) {
    const first = pattern.split('/')[0]!;
    if (first.includes('*')) throw new Error(`pattern ${pattern} starts with a wildcard`);
    byFirst.set(first, [...(byFirst.get(first) ?? []), { key, matches: globMatcher(pattern) }]);
  }
  return (path) => {
    const slash = path.indexOf('/');
    return byFirst.get(slash < 0 ? path : path.slice(0, slash))?.find((candidate) => candidate.matches(path))?.key;
  };
}
