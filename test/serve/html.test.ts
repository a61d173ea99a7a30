/**
 * The browsable API's HTML as a pure function: escaping, links, the filter form
 * from the filter table, paging and the document views. The browser drives the same pages in
 * test/browser/browsable.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { queryParamsOf } from '../../src/api/filters/index.ts';
import { UrlBuilder } from '../../src/api/urls.ts';
import { REQUEST_STATUSES } from '../../src/content/schema.ts';
import { renderBrowsable, type BrowsablePage } from '../../src/serve/api/html.ts';
import { filterFields } from '../../src/serve/api/html/filter-form.ts';
import { linkOf } from '../../src/serve/api/html/json-view.ts';
import { documentView, fillTemplate, pageList } from '../../src/serve/api/html/document-media.ts';
import { pager } from '../../src/serve/api/html/navigation.ts';
import { filtersOf, listActionsOf } from '../../src/api/resources/declaration-registry.ts';
import { RESOURCE_NAMES } from '../../src/formats/resource-names.ts';

const urls = new UrlBuilder({ baseUrl: 'https://archive.test', mediaUrl: 'https://archive.test/media/', siteUrl: 'https://site.test' });
const HOSTILE = `<script>alert("x")</script>"><img src=x onerror=alert(1)>'`;

function page(overrides: Partial<BrowsablePage>): string {
  return renderBrowsable(
    {
      view: { kind: 'list', resource: 'page' },
      method: 'GET',
      url: new URL('https://archive.test/api/v1/page/?format=api'),
      status: 200,
      headers: { Allow: 'GET, HEAD, OPTIONS' },
      body: { meta: { limit: 50, next: null, offset: 0, previous: null, total_count: 0 }, objects: [] },
      ...overrides,
    },
    urls,
  );
}

/** The page's own script, the only one it may contain. */
const OWN_SCRIPT = /<script>for\(const f of document\.querySelectorAll\('details\.filters form'\)\)[^<]*<\/script>/;

/** No markup of the hostile strings got through: no other script, no event handler, no other image, no script link. */
function expectInert(html: string): void {
  const tags = html.replace(OWN_SCRIPT, '').match(/<[a-z][^>]*>/gi) ?? [];
  // Attribute values are escaped (no raw quote inside), so what is left outside quotes is markup.
  expect(tags.filter((tag) => /^<script|\son\w+=/i.test(tag.replace(/"[^"]*"/g, '""')))).toEqual([]);
  expect(tags.filter((tag) => /(href|src)="javascript:/i.test(tag))).toEqual([]);
  expect(tags.filter((tag) => tag.startsWith('<img') && !tag.startsWith('<img src="https://archive.test/'))).toEqual([]);
}

describe('escaping', () => {
  it('escapes a hostile title, key, text and query everywhere it appears', () => {
    const body = {
      meta: { limit: 50, next: null, offset: 0, previous: null, total_count: 1 },
      objects: [
        {
          document: `https://archive.test/api/v1/document/${encodeURIComponent(HOSTILE)}/?format=api`,
          number: 1,
          content: HOSTILE,
          query_highlight: `<em>${HOSTILE}</em>`,
          image: `https://archive.test/media/docs/a/page-p1-{size}.png?x="><script>alert(2)</script>`,
          [HOSTILE]: 'javascript:alert(3)',
        },
      ],
    };
    const url = new URL(`https://archive.test/api/v1/page/?format=api&q=${encodeURIComponent(HOSTILE)}&${encodeURIComponent(HOSTILE)}=1`);
    const html = page({ body, url });
    expectInert(html);
    // The hostile text is shown, as text: in the JSON, the page view, the form and the request line.
    const escaped = '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&quot;&gt;&lt;img src=x onerror=alert(1)&gt;&#39;';
    expect(html).toContain(`<p>${escaped}</p>`);
    expect(html).toContain(`<mark>${escaped}</mark>`);
    expect(html).toContain(`<input id="filter-q" name="q" type="search" value="${escaped}">`);
    expect(html).toContain(`<input type="hidden" name="${escaped}" value="1">`);
    expect(html).toContain('<span class="s">&quot;javascript:alert(3)&quot;</span>');
  });

  it('escapes a hostile document title in the document view and the page title stays the view name', () => {
    const html = page({
      view: { kind: 'detail', resource: 'document', id: '1' },
      url: new URL('https://archive.test/api/v1/document/1/?format=api'),
      body: { id: 1, title: HOSTILE, description: HOSTILE, num_pages: 0, pages: [], cover_image: 'javascript:alert(4)', file_url: 'javascript:alert(5)' },
    });
    // The description is Markdown, cleaned as froide cleans it: what survives is an image without its handler.
    const summary = /<div class="summary">([\s\S]*?)<\/div>/.exec(html)![1]!;
    expect(summary).toBe('"&gt;<img src="x">\'');
    expectInert(html.replace(summary, ''));
    expect(html).toContain('<title>Document Instance</title>');
    expect(html).toContain('<h2>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
  });
});

describe('links', () => {
  it.each([
    ['API link', 'https://archive.test/api/v1/request/1/?format=api', 'https://archive.test/api/v1/request/1/?format=api'],
    ['media file', 'https://archive.test/media/docs/a/b.pdf', 'https://archive.test/media/docs/a/b.pdf'],
    ['public site', 'https://site.test/dokumente/1-x/', 'https://site.test/dokumente/1-x/'],
    ["froide's relative API link, kept in the browsable API", '/api/v1/page/?document=1&uid=u', 'https://archive.test/api/v1/page/?document=1&format=api&uid=u'],
    ["froide's relative site link", '/anfrage/nitrat/', 'https://site.test/anfrage/nitrat/'],
    ['page template (names no file)', 'https://archive.test/media/docs/a/page-p{page}-{size}.png', null],
    ['private page image template', 'https://archive.test/media/docs-private/a/page-p1-%7Bsize%7D.png?token=t', null],
    ['protocol-relative', '//evil.test/x', null],
    ['script', 'javascript:alert(1)', null],
    ['text', 'Antwort der Behörde', null],
  ])('%s', (_, value, expected) => {
    expect(linkOf(value, urls)).toBe(expected);
  });

  it("fills a private document's percent-encoded template and keeps its token", () => {
    const template = 'https://archive.test/media/docs-private/a/page-p%7Bpage%7D-%7Bsize%7D.png?token=abc';
    expect(fillTemplate(template, { page: 3, size: 'small' })).toBe('https://archive.test/media/docs-private/a/page-p3-small.png?token=abc');
    expect(fillTemplate('https://m.test/p{page}-{size}.png', { size: 'large' })).toBe('https://m.test/p{page}-large.png');
  });

  it("links each size of a page's image template after the JSON string", () => {
    const html = page({ body: { image: 'https://archive.test/media/docs/a/page-p2-{size}.png' } });
    const sizes = ['small', 'normal', 'large', 'original'].map((size) => `<a class="size" href="https://archive.test/media/docs/a/page-p2-${size}.png">${size}</a>`);
    expect(html).toContain(`<span class="s">&quot;https://archive.test/media/docs/a/page-p2-{size}.png&quot;</span> <span class="sizes">${sizes.join(' ')}</span>`);
  });
});

describe('document and page views', () => {
  const template = 'https://archive.test/media/docs-private/a/page-p1-%7Bsize%7D.png?token=abc';
  const document = {
    id: 7,
    title: 'Bescheid',
    num_pages: 2,
    file_url: 'https://archive.test/media/docs-private/a/b.pdf?token=abc',
    file_size: 20480,
    cover_image: 'https://archive.test/media/docs-private/a/page-p1-small.png?token=abc',
    pages: [1, 2].map((number) => ({ number, width: 600, height: 800, image: template.replace('p1', `p${number}`) })),
  };

  it('shows the cover and one thumbnail per page, each linking to its original image', () => {
    const html = documentView(document, 'https://archive.test/api/v1/page/?document=7&format=api');
    expect(html).toContain('<a href="https://archive.test/media/docs-private/a/b.pdf?token=abc"><img src="https://archive.test/media/docs-private/a/page-p1-small.png?token=abc" alt="Cover of Bescheid" width="180" height="240"></a>');
    expect(html).toContain('2 pages · <a href="https://archive.test/media/docs-private/a/b.pdf?token=abc">PDF</a> (20 KB) · <a href="https://archive.test/api/v1/page/?document=7&amp;format=api">page list</a>');
    const thumbnails = [...html.matchAll(/<li><a href="([^"]+)"><img src="([^"]+)" alt="Page (\d)"/g)].map((match) => match.slice(1));
    expect(thumbnails).toEqual([1, 2].map((n) => [`https://archive.test/media/docs-private/a/page-p${n}-original.png?token=abc`, `https://archive.test/media/docs-private/a/page-p${n}-small.png?token=abc`, String(n)]));
  });

  it("shows each page of a page list with its image in every thumbnail size and its text", () => {
    const html = pageList([{ document: 'https://archive.test/api/v1/document/7/?format=api', number: 1, width: 600, height: 800, content: 'Sehr geehrte', image: template }]);
    expect(html).toContain('<h2>Page 1 of <a href="https://archive.test/api/v1/document/7/?format=api">document 7</a></h2>');
    expect(html).toContain(
      '<img src="https://archive.test/media/docs-private/a/page-p1-normal.png?token=abc" alt="Page 1" width="700" height="933" ' +
        'srcset="https://archive.test/media/docs-private/a/page-p1-small.png?token=abc 180w, https://archive.test/media/docs-private/a/page-p1-normal.png?token=abc 700w, https://archive.test/media/docs-private/a/page-p1-large.png?token=abc 1000w"',
    );
    expect(html).toContain('<p>Sehr geehrte</p>');
  });
});

describe('filter form', () => {
  it('has a control for every query parameter of every filter a value can pass, in the table order', () => {
    for (const resource of RESOURCE_NAMES) {
      const expected = filtersOf(resource).filter((spec) => spec.parse.kind !== 'nochoice').flatMap(queryParamsOf);
      expect(filterFields(resource).map((field) => field.name), resource).toEqual(expected);
    }
  });

  it('offers the choices the table knows and an input for the rest', () => {
    const fields = Object.fromEntries(filterFields('request').map((field) => [field.name, field]));
    expect(fields.status).toEqual({ name: 'status', kind: 'select', options: [['', 'any'], ...REQUEST_STATUSES.map((status) => [status, status])] });
    expect(fields.is_foi).toEqual({ name: 'is_foi', kind: 'select', options: [['', 'any'], ['true', 'yes'], ['false', 'no']] });
    expect(fields.campaign).toEqual({ name: 'campaign', kind: 'input', type: 'text', hint: 'id or -' });
    expect(fields.costs_min).toEqual({ name: 'costs_min', kind: 'input', type: 'number' });
    expect(fields.created_at_before).toEqual({ name: 'created_at_before', kind: 'input', type: 'date' });
    expect(fields.follower).toBeUndefined();
  });
});

describe('pager', () => {
  const meta = (offset: number, total: number, limit = 10) => ({
    limit,
    offset,
    total_count: total,
    next: offset + limit < total ? urls.list('request', { format: 'api', limit, offset: offset + limit }) : null,
    previous: offset > 0 ? urls.list('request', { format: 'api', limit, offset: Math.max(0, offset - limit) }) : null,
  });
  const query = new URLSearchParams('format=api&limit=10');
  const rels = (html: string) => [...html.matchAll(/<a rel="(\w+)"/g)].map(([, rel]) => rel);

  it('disables first and previous on the first page, next and last on the last', () => {
    expect(rels(pager(meta(0, 35), 'request', query, urls))).toEqual(['next', 'last']);
    expect(rels(pager(meta(30, 35), 'request', query, urls))).toEqual(['first', 'prev']);
    expect(pager(meta(30, 35), 'request', query, urls)).toContain('Page 4 of 4 · objects 31–35 of 35');
  });

  it('says so for an empty list and for an offset past the end', () => {
    expect(pager(meta(0, 0), 'request', query, urls)).toContain('Page 1 of 1 · no objects');
    const past = pager(meta(40, 35), 'request', query, urls);
    expect(past).toContain('<a rel="last" href="https://archive.test/api/v1/request/?format=api&amp;limit=10&amp;offset=30">');
    expect(past).toContain('Past the last page · 35 objects');
  });
});

describe("the watching preview's banner", () => {
  const problem = (n: number) => ({ where: `content/requests/000${n}-x/request.yaml:9:9`, message: `status: is "${HOSTILE}", which is not allowed` });

  it('names each problem, escaped, above the answer; a page without a notice has none', () => {
    const html = page({ notice: { summary: 'The build of 12:03:04 failed: 1 error.', problems: [problem(1)] } });
    expectInert(html);
    const banner = /<div class="notice" role="alert">([\s\S]*?)<\/div>\n<main>/.exec(html)?.[1];
    expect(banner).toBe(
      '<p><b>The build of 12:03:04 failed: 1 error.</b> This page shows the last good build; it is replaced once a rebuild succeeds.</p>' +
        `<ul><li><code>content/requests/0001-x/request.yaml:9:9</code> status: is &quot;&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&quot;&gt;&lt;img src=x onerror=alert(1)&gt;&#39;&quot;, which is not allowed</li></ul>`,
    );
    expect(page({})).not.toContain('class="notice"');
    expect(page({ notice: null })).toBe(page({}));
  });

  it('lists at most 20 problems and says how many more the terminal lists', () => {
    const html = page({ notice: { summary: 'The build failed: 23 errors.', problems: Array.from({ length: 23 }, (_, i) => problem(i)) } });
    expect(html.match(/<li><code>/g)).toHaveLength(20);
    expect(html).toContain('<li>and 3 more (the terminal that runs npm start lists them all)</li>');
  });
});

describe('the public body search box', () => {
  it('on publicbody/search/ asks publicbody/search/ again, keeping its filters and showing q', () => {
    const action = listActionsOf('publicbody').find((candidate) => candidate.path === 'search')!;
    const html = page({
      view: { kind: 'action', resource: 'publicbody', action },
      url: new URL('https://archive.test/api/v1/publicbody/search/?format=api&q=Amt&jurisdiction=2&limit=5'),
    });
    const form = html.match(/<form class="search"[^]*?<\/form>/)![0];
    expect(form).toContain('action="https://archive.test/api/v1/publicbody/search/"');
    expect(form).toContain('<input type="hidden" name="jurisdiction" value="2">');
    expect(form).not.toContain('name="limit"');
    expect(form).toContain('<input type="search" name="q" value="Amt" aria-label="Search public bodies"');
  });
});

describe('formats', () => {
  it('links the same view as JSON, CSV and its Atom feed (none for the root), the query kept', () => {
    const html = page({ url: new URL('https://archive.test/api/v1/page/?format=api&document=3') });
    expect(html).toContain('<p class="formats"><a href="https://archive.test/api/v1/page/?document=3&amp;format=json">json</a> <a href="https://archive.test/api/v1/page/?document=3&amp;format=csv">csv</a> <a href="https://archive.test/api/v1/page/?document=3&amp;format=atom">atom</a></p>');
    expect(html).toContain('<link rel="alternate" type="application/atom+xml" title="Atom feed" href="https://archive.test/api/v1/page/?document=3&amp;format=atom">');
    const root = page({ view: { kind: 'root' }, url: new URL('https://archive.test/api/v1/?format=api'), body: {} });
    expect(root).toContain('format=csv">csv</a></p>');
    expect(root).not.toContain('format=atom');
  });
});
