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
