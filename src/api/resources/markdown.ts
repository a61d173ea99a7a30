/** Markdown -> HTML for froide's `*_html` fields (request notes). One place, one library. */
import { marked } from 'marked';

export function markdownToHtml(markdown: string): string {
  if (!markdown.trim()) return '';
  return (marked.parse(markdown, { async: false, gfm: true }) as string).trim();
}
