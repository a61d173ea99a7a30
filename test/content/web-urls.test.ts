/**
 * Links of the content are published as links, so `check` takes only "" or absolute http(s)
 * URLs, and says at the value's line what to write instead.
 */
import { describe, expect, it } from 'vitest';
import { contentChecker, minimalArchive } from '../helpers/content.ts';

const check = contentChecker();

const body = (url: string) =>
  ['id: 2', 'name: Bundespolizei', 'slug: bundespolizei', 'jurisdiction: 1', 'parent: 1', `url: ${JSON.stringify(url)}`, ''].join('\n');

async function problemsOfBodyUrl(url: string) {
  const { problems } = await check(minimalArchive({ 'publicbodies/2-bpol.yaml': body(url) }));
  return problems.sorted().map((problem) => ({ at: `${problem.file}:${problem.line} ${problem.path}`, kind: problem.kind, message: problem.message, hint: problem.hint }));
}

describe('link fields of the content: http(s) only', () => {
  it('refuses javascript: with file, line and what to write instead', async () => {
    expect(await problemsOfBodyUrl('javascript:alert(4)')).toEqual([
      {
        at: 'publicbodies/2-bpol.yaml:6 url',
        kind: 'UrlScheme',
        message: 'is a "javascript:" link, but links of the archive must start with https:// or http://',
        hint: 'write the address of a web page, like "https://www.example.org/page", or "" for none',
      },
    ]);
  });

  it('refuses data: and vbscript: links, in any case', async () => {
    for (const url of ['data:text/html;base64,PHNjcmlwdD4=', 'VBScript:msgbox(1)', 'JavaScript:alert(1)']) {
      const [problem, ...more] = await problemsOfBodyUrl(url);
      expect(more).toEqual([]);
      expect(problem!.kind).toBe('UrlScheme');
      expect(problem!.at).toBe('publicbodies/2-bpol.yaml:6 url');
    }
  });

  it('sends an e-mail address written as a mailto: link to the email key', async () => {
    expect((await problemsOfBodyUrl('mailto:poststelle@bundespolizei.de'))[0]!.hint).toBe(
      'write the web address of the page here (or "" for none); an e-mail address such as poststelle@bundespolizei.de belongs under email',
    );
  });

  it('asks for the full address when https:// is missing', async () => {
    expect(await problemsOfBodyUrl('www.bundespolizei.de/kontakt')).toEqual([
      {
        at: 'publicbodies/2-bpol.yaml:6 url',
        kind: 'UrlNotAbsolute',
        message: 'is "www.bundespolizei.de/kontakt", but links of the archive must be absolute, with https:// and a host',
        hint: 'write it in full: "https://www.bundespolizei.de/kontakt"',
      },
    ]);
    expect((await problemsOfBodyUrl('/behoerde/bpol/'))[0]!.kind).toBe('UrlNotAbsolute');
  });

  it('refuses spaces and control characters, and says how to fix them', async () => {
    expect((await problemsOfBodyUrl(' https://www.bundespolizei.de '))[0]).toMatchObject({ kind: 'UrlWithSpaces', hint: 'remove the spaces around it: "https://www.bundespolizei.de"' });
    expect((await problemsOfBodyUrl('https://www.bundespolizei.de/a\tb'))[0]).toMatchObject({ kind: 'UrlWithSpaces' });
  });

  it('accepts http and https URLs and "" for none', async () => {
    for (const url of ['https://www.bundespolizei.de', 'http://www.bundespolizei.de/a?b=c#d', '']) expect(await problemsOfBodyUrl(url), url).toEqual([]);
  });

  it('checks the other link fields too: laws and campaigns', async () => {
    const { problems } = await check(
      minimalArchive({
        'laws.yaml': [{ id: 1, name: 'Informationsfreiheitsgesetz', slug: 'ifg', jurisdiction: 1, law_type: 'IFG', url: 'javascript:alert(1)' }],
        'campaigns.yaml': [{ id: 1, name: 'Transparenz jetzt', slug: 'transparenz-jetzt', url: 'data:,x' }],
      }),
    );
    const urls = problems.sorted().filter((problem) => problem.kind !== 'ReferenceIntoInvalidFiles');
    expect(urls.map((problem) => `${problem.file}:${problem.line} ${problem.path} ${problem.kind}`)).toEqual(['campaigns.yaml:4 [0].url UrlScheme', 'laws.yaml:6 [0].url UrlScheme']);
  });
});
