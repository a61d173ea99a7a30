/** Markdown -> HTML for froide's `*_html` fields (request notes). One place, one library. */
import { marked, type Token, type Tokens } from 'marked';
import { cleanHtml } from '../html-sanitizer.ts';

/** froide's `markdown` filter: Markdown to HTML, then nh3's cleaning (../html-sanitizer.ts). */
export function markdownToHtml(markdown: string): string {
  if (!markdown.trim()) return '';
  return cleanHtml(marked.parse(markdown, { async: false, gfm: true })).trim();
}

/**
 * Markdown -> HTML with only p, strong, em, ul, ol, li and a (href), as filingcabinet renders
 * directory descriptions (python-markdown, then nh3 with those tags; docs/froide.md#documentcollection). Safe by
 * construction: the HTML is written from marked's tokens, never passed through. Any other
 * element keeps its text, as nh3 keeps the content of a tag it removes; raw HTML and images
 * are dropped.
 */
export function markdownToLimitedHtml(markdown: string): string {
  if (!markdown.trim()) return '';
  return blocks(marked.lexer(markdown, { gfm: true })).trim();
}

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttribute = (text: string) => escapeText(text).replace(/"/g, '&quot;');
/** nh3's default URL schemes (relative links pass). */
const SAFE_HREF = /^(?:https?:|mailto:|tel:|[^:]*$)/i;

function blocks(tokens: readonly Token[]): string {
  return tokens
    .map(block)
    .filter((html) => html !== '')
    .join('\n');
}

function block(token: Token): string {
  switch (token.type) {
    case 'paragraph':
      return `<p>${inline((token as Tokens.Paragraph).tokens)}</p>`;
    case 'list': {
      const list = token as Tokens.List;
      const tag = list.ordered ? 'ol' : 'ul';
      const items = list.items.map((item) => `<li>${item.loose ? `\n${blocks(item.tokens)}\n` : blocks(item.tokens)}</li>`);
      return `<${tag}>\n${items.join('\n')}\n</${tag}>`;
    }
    case 'text':
      return inlineToken(token);
    case 'heading':
      return inline((token as Tokens.Heading).tokens);
    case 'blockquote':
      return blocks((token as Tokens.Blockquote).tokens);
    case 'code':
      return escapeText((token as Tokens.Code).text);
    case 'table': {
      const table = token as Tokens.Table;
      const rows = [table.header, ...table.rows].map((row) => row.map((cell) => inline(cell.tokens)).join(' '));
      return rows.join('\n');
    }
    default:
      // html, hr, space, def: nothing a reader needs survives the allow-list.
      return '';
  }
}

function inline(tokens: readonly Token[] | undefined): string {
  return (tokens ?? []).map(inlineToken).join('');
}

function inlineToken(token: Token): string {
  switch (token.type) {
    case 'strong':
      return `<strong>${inline((token as Tokens.Strong).tokens)}</strong>`;
    case 'em':
      return `<em>${inline((token as Tokens.Em).tokens)}</em>`;
    case 'link': {
      const link = token as Tokens.Link;
      const text = inline(link.tokens);
      return SAFE_HREF.test(link.href) ? `<a href="${escapeAttribute(link.href)}" rel="noopener noreferrer">${text}</a>` : `<a rel="noopener noreferrer">${text}</a>`;
    }
    case 'text':
    case 'escape': {
      const text = token as Tokens.Text;
      return text.tokens ? inline(text.tokens) : escapeText(text.text);
    }
    case 'codespan':
      return escapeText((token as Tokens.Codespan).text);
    case 'del':
      return inline((token as Tokens.Del).tokens);
    case 'br':
      return '\n';
    default:
      // html, image: removed, as nh3 removes tags (and images have no text content).
      return '';
  }
}
