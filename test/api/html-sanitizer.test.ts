/**
 * The sanitiser keeps what `nh3.clean` keeps (ammonia's `Builder::default()`): the expected
 * strings of the first block are ammonia's own examples and tests (rust-ammonia/ammonia:src/lib.rs),
 * run here unchanged; the rest are the attacks an archive's content could carry.
 */
import { describe, expect, it } from 'vitest';
import { cleanHtml } from '../../src/api/html-sanitizer.ts';
import { markdownToHtml } from '../../src/api/resources/markdown.ts';

describe('cleanHtml: ammonia\'s own examples', () => {
  it.each([
    ["<b><img src='' onerror=alert('hax')>I'm not trying to XSS you</b>", '<b><img src="">I\'m not trying to XSS you</b>'],
    ['XSS<script>attack</script>', 'XSS'],
    ['1 < 2', '1 &lt; 2'],
    ['an <script>evil()</script> example', 'an  example'],
    ['a <a href="http://www.google.com">good</a> example', 'a <a href="http://www.google.com" rel="noopener noreferrer">good</a> example'],
    ['an <a onclick="evil()" href="http://www.google.com">evil</a> example', 'an <a href="http://www.google.com" rel="noopener noreferrer">evil</a> example'],
    ['<a href=test>Test</a>', '<a href="test" rel="noopener noreferrer">Test</a>'],
    ['<br>', '<br>'],
    ['<bad><evil>a</evil>b</bad>', 'ab'],
    [
      '<a href="&#x6A&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3A&#x61&#x6C&#x65&#x72&#x74&#x28&#x27&#x58&#x53&#x53&#x27&#x29">Click me!</a>',
      '<a rel="noopener noreferrer">Click me!</a>',
    ],
  ])('%s', (input, expected) => {
    expect(cleanHtml(input)).toBe(expected);
  });
});

describe('cleanHtml: attacks', () => {
  it('reads numeric character references without their semicolon as a browser does', () => {
    expect(cleanHtml('<a href="&#106&#97&#118&#97&#115&#99&#114&#105&#112&#116&#58alert(1)">x</a>')).toBe('<a rel="noopener noreferrer">x</a>');
    expect(cleanHtml('<a href="jav&#9ascript:alert(1)">x</a>')).toBe('<a rel="noopener noreferrer">x</a>');
    expect(cleanHtml('<p>&#169 2024 &#x41;B &#65a</p>')).toBe('<p>© 2024 AB Aa</p>');
  });

  it('removes script and style elements with their content, and comments', () => {
    expect(cleanHtml('<p>a<script>alert(1)</script><style>p{display:none}</style><!-- <b>x</b> -->b</p>')).toBe('<p>ab</p>');
    expect(cleanHtml('<SCRIPT SRC=//evil.example/x.js></SCRIPT>ok')).toBe('ok');
  });

  it('removes every event handler and the attributes ammonia does not list (style, class, id)', () => {
    expect(cleanHtml('<img src="a.png" onerror="alert(1)" onload="alert(2)" style="x" class="c" id="i" alt="A">')).toBe('<img src="a.png" alt="A">');
    expect(cleanHtml('<p onmouseover="alert(1)" title="t" lang="de">x</p>')).toBe('<p title="t" lang="de">x</p>');
  });

  it('drops javascript:, vbscript: and data: URLs, however they are spelled, and keeps the element', () => {
    for (const href of ['javascript:alert(1)', 'JaVaScRiPt:alert(1)', ' javascript:alert(1)', 'java\tscript:alert(1)', 'vbscript:msgbox(1)', 'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==']) {
      expect(cleanHtml(`<a href="${href}">x</a>`), href).toBe('<a rel="noopener noreferrer">x</a>');
    }
    expect(cleanHtml('<img src="data:image/svg+xml;base64,PHN2Zz4=" alt="x">')).toBe('<img alt="x">');
    expect(cleanHtml('<blockquote cite="javascript:alert(1)">q</blockquote>')).toBe('<blockquote>q</blockquote>');
  });

  it('keeps the URL schemes ammonia allows, and relative links', () => {
    expect(cleanHtml('<a href="mailto:poststelle@bmi.bund.de">m</a><a href="tel:+4930">t</a><a href="/anfrage/1/">r</a>')).toBe(
      '<a href="mailto:poststelle@bmi.bund.de" rel="noopener noreferrer">m</a><a href="tel:+4930" rel="noopener noreferrer">t</a><a href="/anfrage/1/" rel="noopener noreferrer">r</a>',
    );
  });

  it('replaces any rel and target a link had with noopener noreferrer', () => {
    expect(cleanHtml('<a href="https://example.org" rel="opener" target="_blank">x</a>')).toBe('<a href="https://example.org" rel="noopener noreferrer">x</a>');
  });

  it('removes elements that can load or run things, keeping their text', () => {
    expect(cleanHtml('<iframe src="https://evil.example"></iframe><form action="x"><input value="v"><button>b</button></form><svg><a href="x">s</a></svg>')).toBe(
      'b<a href="x" rel="noopener noreferrer">s</a>',
    );
    expect(cleanHtml('<object data="javascript:alert(1)"></object><embed src="x.swf"><base href="https://evil.example/"><meta http-equiv="refresh" content="0">M')).toBe('M');
  });
});

describe('markdownToHtml: request notes as froide renders them (markdown, then nh3.clean)', () => {
  it('keeps Markdown\'s formatting and links, with rel on every link', () => {
    expect(markdownToHtml('Bitte **kurz** halten. Siehe [IFG](https://www.gesetze-im-internet.de/ifg/).')).toBe(
      '<p>Bitte <strong>kurz</strong> halten. Siehe <a href="https://www.gesetze-im-internet.de/ifg/" rel="noopener noreferrer">IFG</a>.</p>',
    );
    expect(markdownToHtml('- eins\n- zwei\n\n---\n\n> Zitat')).toBe('<ul>\n<li>eins</li>\n<li>zwei</li>\n</ul>\n<hr>\n<blockquote>\n<p>Zitat</p>\n</blockquote>');
  });

  it('cleans raw HTML, event handlers and javascript: links written in the Markdown', () => {
    const note = 'Hinweis <script>alert(1)</script><img src=x onerror="alert(2)"> [hier](javascript:alert(3)) <a href="data:text/html,x" onclick="alert(4)">da</a>';
    const html = markdownToHtml(note);
    expect(html).toBe('<p>Hinweis <img src="x"> <a rel="noopener noreferrer">hier</a> <a rel="noopener noreferrer">da</a></p>');
    expect(html).not.toMatch(/script|onerror|onclick|javascript:|data:/);
  });

  it('an empty note is ""', () => {
    expect(markdownToHtml('  \n')).toBe('');
  });
});
