/**
 * The one HTML sanitiser: every HTML text the archive publishes from content (the `*_html`
 * fields, the Markdown the browsable API shows) goes through `cleanHtml`, as froide runs its
 * Markdown through `nh3.clean` (okfde/froide:froide/helper/templatetags/markup.py, `markdown`).
 *
 * nh3 is ammonia's Python binding, and `nh3.clean` with no arguments is ammonia's
 * `Builder::default()` (rust-ammonia/ammonia:src/lib.rs): the allowlist below is that one, tag
 * for tag and attribute for attribute (docs/froide.md#html-fields says where each rule comes
 * from and where we are stricter). sanitize-html (MIT, apostrophecms) applies it: a parser
 * (htmlparser2) and an allowlist, with no DOM, so it runs in the build and the API function.
 */
import sanitizeHtml from 'sanitize-html';

/** ammonia's default tags. */
const TAGS = [
  'a', 'abbr', 'acronym', 'area', 'article', 'aside', 'b', 'bdi', 'bdo', 'blockquote', 'br', 'caption', 'center', 'cite', 'code',
  'col', 'colgroup', 'data', 'dd', 'del', 'details', 'dfn', 'div', 'dl', 'dt', 'em', 'figcaption', 'figure', 'footer', 'h1', 'h2',
  'h3', 'h4', 'h5', 'h6', 'header', 'hgroup', 'hr', 'i', 'img', 'ins', 'kbd', 'li', 'map', 'mark', 'nav', 'ol', 'p', 'pre',
  'q', 'rp', 'rt', 'rtc', 'ruby', 's', 'samp', 'small', 'span', 'strike', 'strong', 'sub', 'summary', 'sup', 'table', 'tbody',
  'td', 'th', 'thead', 'time', 'tr', 'tt', 'u', 'ul', 'var', 'wbr',
];

/** ammonia's `generic_attributes` and `tag_attributes` (its `tfoot` entry included, though `tfoot` is no allowed tag). */
const TABLE_CELL = ['align', 'char', 'charoff'];
const ATTRIBUTES: Record<string, string[]> = {
  '*': ['lang', 'title'],
  // rel is not ammonia's: the transform below sets it on every link, and it must pass the filter after that.
  a: ['href', 'hreflang', 'rel'],
  bdo: ['dir'],
  blockquote: ['cite'],
  col: [...TABLE_CELL, 'span'],
  colgroup: [...TABLE_CELL, 'span'],
  del: ['cite', 'datetime'],
  hr: ['align', 'size', 'width'],
  img: ['align', 'alt', 'height', 'src', 'width'],
  ins: ['cite', 'datetime'],
  ol: ['start'],
  q: ['cite'],
  table: [...TABLE_CELL, 'summary'],
  tbody: TABLE_CELL,
  td: [...TABLE_CELL, 'colspan', 'headers', 'rowspan'],
  tfoot: TABLE_CELL,
  th: [...TABLE_CELL, 'colspan', 'headers', 'rowspan', 'scope'],
  thead: TABLE_CELL,
  tr: TABLE_CELL,
};

/** ammonia's `url_schemes`; a URL without a scheme (relative) passes, as with its `UrlRelative::PassThrough`. */
const URL_SCHEMES = [
  'bitcoin', 'ftp', 'ftps', 'geo', 'http', 'https', 'im', 'irc', 'ircs', 'magnet', 'mailto', 'mms', 'mx', 'news', 'nntp',
  'openpgp4fpr', 'sip', 'sms', 'smsto', 'ssh', 'tel', 'url', 'webcal', 'wtai', 'xmpp',
];

/** ammonia's `link_rel`: every link gets it, whatever it said. */
const LINK_REL = 'noopener noreferrer';

/** html5ever writes void elements as `<br>`; sanitize-html writes `<br />` for those it knows. */
const VOID = ['area', 'br', 'col', 'hr', 'img', 'wbr'];

/** allowedEmptyAttributes is an option of sanitize-html (2.17) that its types (@types/sanitize-html 2.16) do not list yet. */
const OPTIONS: sanitizeHtml.IOptions & { allowedEmptyAttributes: string[] } = {
  allowedTags: TAGS,
  allowedAttributes: ATTRIBUTES,
  allowedSchemes: URL_SCHEMES,
  allowedSchemesByTag: {},
  // ammonia checks href and src; cite is checked too (stricter: it is a URL nobody needs to be javascript:).
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite'],
  allowProtocolRelative: true,
  // ammonia's `clean_content_tags`: these lose their content; any other removed tag keeps its text.
  nonTextTags: ['script', 'style'],
  disallowedTagsMode: 'discard',
  selfClosing: VOID,
  // html5ever keeps an empty value as `=""` (`<img src="">`); sanitize-html would write a bare name.
  allowedEmptyAttributes: [...new Set(Object.values(ATTRIBUTES).flat())],
  allowedClasses: {},
  allowedStyles: {},
  parseStyleAttributes: false,
  transformTags: { a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, rel: LINK_REL } }) },
};

const VOID_END = new RegExp(`<(${VOID.join('|')})((?: [^>]*)?) />`, 'g');

/**
 * Numeric character references without their `;` (`&#x6A` in `&#x6A&#x61…`): the HTML standard
 * decodes them all the same (tokenization, "numeric character reference end state": a missing
 * semicolon is a parse error, not literal text), and so do browsers and ammonia's html5ever;
 * htmlparser2 8 (under sanitize-html 2.17) leaves them as text. Closing them first lets the URL
 * check see what a browser would follow (`javascript:` spelled in references is removed).
 */
const OPEN_HEX_REFERENCE = /&#([xX][0-9a-fA-F]+)(?![0-9a-fA-F;])/g;
const OPEN_DECIMAL_REFERENCE = /&#([0-9]+)(?![0-9;])/g;

/** HTML as `nh3.clean(html)` would keep it: comments, scripts, styles, event handlers and unsafe URLs removed. */
export function cleanHtml(html: string): string {
  const closed = html.replace(OPEN_HEX_REFERENCE, '&#$1;').replace(OPEN_DECIMAL_REFERENCE, '&#$1;');
  return sanitizeHtml(closed, OPTIONS).replace(VOID_END, '<$1$2>');
}
