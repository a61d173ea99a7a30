/**
 * The browsable API renders a document's Markdown description as froide's site does (Markdown,
 * then the one sanitiser) and marks every link that leaves the archive.
 */
import { describe, expect, it } from 'vitest';
import { UrlBuilder } from '../../src/api/urls.ts';
import { renderBrowsable } from '../../src/serve/api/html.ts';
import { documentView } from '../../src/serve/api/html/document-media.ts';

const urls = new UrlBuilder({ baseUrl: 'https://archive.test', mediaUrl: 'https://media.archive.test/files/', siteUrl: 'https://site.test' });

function detail(body: Record<string, unknown>): string {
  return renderBrowsable(
    { view: { kind: 'detail', resource: 'document', id: '1' }, method: 'GET', url: new URL('https://archive.test/api/v1/document/1/?format=api'), status: 200, headers: {}, body },
    urls,
  );
}

describe("a document's description", () => {
  it('is Markdown rendered to cleaned HTML, not shown raw', () => {
    const html = documentView({ id: 1, title: 'Nitrat', num_pages: 2, pages: [], description: '**Kleine Anfrage** der Abgeordneten\n\nSiehe [Drucksache](https://dip.bundestag.de/x).' }, null);
    expect(html).toContain(
      '<div class="summary"><p><strong>Kleine Anfrage</strong> der Abgeordneten</p>\n<p>Siehe <a href="https://dip.bundestag.de/x" rel="noopener noreferrer">Drucksache</a>.</p></div>',
    );
    expect(html).not.toContain('**');
  });

  it('loses scripts, handlers and javascript: links written into it', () => {
    const html = documentView({ id: 1, title: 'x', num_pages: 0, pages: [], description: 'Siehe <script>alert(1)</script><img src=x onerror=alert(2)> [a](javascript:alert(3))' }, null);
    const summary = /<div class="summary">([\s\S]*?)<\/div>/.exec(html)![1]!;
    expect(summary).toBe('<p>Siehe <img src="x"> <a rel="noopener noreferrer">a</a></p>');
  });
});

describe('links that leave the archive', () => {
  const html = detail({
    id: 1,
    site_url: 'https://site.test/dokumente/1-nitrat/',
    url: '/dokumente/1-nitrat/',
    resource_uri: 'https://archive.test/api/v1/document/1/',
    file_url: 'https://media.archive.test/files/docs/a.pdf',
    properties: { url: 'https://www.bundestag.de/resource/blob/1.pdf' },
  });
  const link = (href: string) => new RegExp(`<a href="${href.replace(/[.?]/g, '\\$&')}"[^>]*>`).exec(html)?.[0];

  it("marks the original site's pages (site_url, and url resolved against it) with a hint", () => {
    const hint = ' class="out" rel="external noopener noreferrer" title="The page on the original site, site.test: not part of this archive">';
    expect(link('https://site.test/dokumente/1-nitrat/')).toBe(`<a href="https://site.test/dokumente/1-nitrat/"${hint}`);
    expect(html.match(/<a href="https:\/\/site\.test\/dokumente\/1-nitrat\/"[^>]*>/g)).toHaveLength(2);
  });

  it('marks other hosts with where they lead', () => {
    expect(link('https://www.bundestag.de/resource/blob/1.pdf')).toBe(
      '<a href="https://www.bundestag.de/resource/blob/1.pdf" class="out" rel="external noopener noreferrer" title="Leaves the archive for www.bundestag.de">',
    );
  });

  it("leaves the archive's own links and its media host unmarked", () => {
    expect(link('https://archive.test/api/v1/document/1/')).toBe('<a href="https://archive.test/api/v1/document/1/">');
    expect(link('https://media.archive.test/files/docs/a.pdf')).toBe('<a href="https://media.archive.test/files/docs/a.pdf">');
  });

  it('draws an arrow after a marked link, outside the JSON text', () => {
    expect(html).toContain('a.out::after{content:"↗"');
  });
});
