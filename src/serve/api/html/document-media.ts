/**
 * What the browsable API shows of documents besides their JSON: a document's
 * cover and a strip of page thumbnails, each page of a page list with its image and text, and
 * the covers of a list of documents. Everything is read from the answer's JSON (the media URLs
 * the serializers wrote), so it is what an API client would see.
 */
import { decodeUriComponentOrNull } from '../../../formats/uri.ts';
import { IMAGE_SIZES, THUMBNAIL_WIDTHS, type ImageSize } from '../../../pdf/sizes.ts';
import { attributes, escapeHtml, isWebUrl } from './escape.ts';
import { markdownToHtml } from '../../../api/resources/markdown.ts';


/**
 * Fills `{page}`/`{size}` of a media URL template; a private document's template has them
 * percent-encoded (docs/api.md#document-fields), so both spellings are replaced.
 */
export function fillTemplate(template: string, values: { page?: number; size?: ImageSize }): string {
  return template.replace(/\{(page|size)\}|%7B(page|size)%7D/gi, (match, plain?: string, encoded?: string) => {
    const name = (plain ?? encoded!).toLowerCase() as 'page' | 'size';
    const value = values[name];
    return value === undefined ? match : String(value);
  });
}

/** True for a media URL template with the placeholder (plain or percent-encoded). */
export function hasPlaceholder(value: string, name: 'page' | 'size'): boolean {
  return value.includes(`{${name}}`) || value.toLowerCase().includes(`%7b${name}%7d`);
}

type Json = Record<string, unknown>;

export const isObject = (value: unknown): value is Json => value !== null && typeof value === 'object' && !Array.isArray(value);
const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const count = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

/** An `<img>` whose size is known before it loads (no layout shift): width in CSS pixels, height from the page's aspect. */
function image(src: string, alt: string, width: number, page: Json | null, extra: Record<string, string | undefined> = {}): string {
  const ratio = page && count(page.width) > 0 ? count(page.height) / count(page.width) : Math.SQRT2;
  return `<img${attributes({ src, alt, width, height: Math.round(width * ratio), ...extra })}>`;
}

function sizeOf(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** `srcset` over the thumbnail sizes: the browser picks what the screen needs. */
function srcset(template: string): string {
  return (Object.keys(THUMBNAIL_WIDTHS) as (keyof typeof THUMBNAIL_WIDTHS)[])
    .map((size) => `${fillTemplate(template, { size })} ${THUMBNAIL_WIDTHS[size]}w`)
    .join(', ');
}

/**
 * A document detail: cover, title, file, and one thumbnail per page linking to the page's
 * `original` image. `pagesHref` is the document's page list in the browsable API.
 */
export function documentView(document: Json, pagesHref: string | null): string {
  const title = text(document.title) || `Document ${count(document.id)}`;
  const file = text(document.file_url);
  const cover = text(document.cover_image);
  const pages = Array.isArray(document.pages) ? document.pages.filter(isObject) : [];
  const facts = [
    `${count(document.num_pages)} pages`,
    isWebUrl(file) ? `<a href="${escapeHtml(file)}">PDF</a> (${sizeOf(count(document.file_size))})` : '',
    pagesHref ? `<a href="${escapeHtml(pagesHref)}">page list</a>` : '',
  ].filter(Boolean);
  const strip = pages
    .map((page) => {
      const template = text(page.image);
      const number = count(page.number);
      if (!isWebUrl(fillTemplate(template, { size: 'small' }))) return '';
      return `<li><a href="${escapeHtml(fillTemplate(template, { size: 'original' }))}">${image(fillTemplate(template, { size: 'small' }), `Page ${number}`, THUMBNAIL_WIDTHS.small, page, { loading: 'lazy' })}<span>${number}</span></a></li>`;
    })
    .join('');
  return `<section class="document" aria-label="Document">
<div class="cover">${isWebUrl(cover) ? `<a href="${escapeHtml(isWebUrl(file) ? file : cover)}">${image(cover, `Cover of ${title}`, THUMBNAIL_WIDTHS.small, pages[0] ?? null)}</a>` : ''}</div>
<div class="about"><h2>${escapeHtml(title)}</h2><p>${facts.join(' · ')}</p>${text(document.description) ? `<div class="summary">${markdownToHtml(text(document.description))}</div>` : ''}</div>
${strip ? `<ol class="strip" aria-label="Pages">${strip}</ol>` : ''}
</section>`;
}

/** Documents of a list (or a collection): a grid of covers linking to each document in the browsable API. */
export function documentGrid(documents: readonly unknown[]): string {
  const cards = documents.filter(isObject).map((document) => {
    const href = text(document.resource_uri);
    const cover = text(document.cover_image);
    const title = text(document.title) || `Document ${count(document.id)}`;
    const picture = isWebUrl(cover) ? image(cover, '', THUMBNAIL_WIDTHS.small, null, { loading: 'lazy' }) : '';
    const label = `${picture}<span>${escapeHtml(title)}</span><small>${count(document.num_pages)} pages</small>`;
    return `<li>${isWebUrl(href) ? `<a href="${escapeHtml(href)}">${label}</a>` : label}</li>`;
  });
  return cards.length ? `<ul class="grid" aria-label="Documents">${cards.join('')}</ul>` : '';
}

/** froide's `query_highlight` marks matches with `<em>`; everything else of it is text. */
function highlighted(value: string): string {
  return escapeHtml(value).replace(/&lt;(\/?)em&gt;/g, '<$1mark>');
}

/** A page list: each page's image (sized by the screen, linking to `original`) and its text. */
export function pageList(pages: readonly unknown[]): string {
  const items = pages.filter(isObject).map((page) => {
    const template = text(page.image);
    const number = count(page.number);
    const documentUrl = text(page.document);
    const documentId = /\/document\/([^/]+)\//.exec(documentUrl)?.[1];
    const heading = `Page ${number}${documentId ? ` of <a href="${escapeHtml(documentUrl)}">document ${escapeHtml(decodeUriComponentOrNull(documentId) ?? documentId)}</a>` : ''}`;
    const normal = fillTemplate(template, { size: 'normal' });
    const picture = isWebUrl(normal)
      ? `<a class="page-image" href="${escapeHtml(fillTemplate(template, { size: 'original' }))}">${image(normal, `Page ${number}`, THUMBNAIL_WIDTHS.normal, page, {
          srcset: srcset(template),
          sizes: '(max-width: 48rem) 100vw, 28rem',
          loading: 'lazy',
        })}</a>`
      : '';
    const highlight = text(page.query_highlight);
    return `<li class="page"><h2>${heading}</h2>${picture}<div class="page-text">${highlight ? `<p class="highlight">${highlighted(highlight)}</p>` : ''}<p>${escapeHtml(text(page.content))}</p></div></li>`;
  });
  return items.length ? `<ol class="pages" aria-label="Pages">${items.join('')}</ol>` : '';
}

/** Links to each size of a `{size}` template (a page's `image`), shown after the JSON string. */
export function sizeLinks(template: string): string {
  return IMAGE_SIZES.slice()
    .reverse()
    .map((size) => {
      const url = fillTemplate(template, { size });
      return isWebUrl(url) ? `<a class="size" href="${escapeHtml(url)}">${size}</a>` : '';
    })
    .join(' ');
}
