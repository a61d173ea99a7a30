import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiJson, parseApiJson } from '../../src/api/json.ts';
import { mediaPaths, UrlBuilder } from '../../src/api/routes.ts';
import { verifyToken } from '../../src/api/media-token.ts';
import { mintTokens, SLOT_CHAR, SLOT_MARK, SlotError, withTokenSlot } from '../../src/api/token-slots.ts';

const urls = new UrlBuilder({ baseUrl: 'https://archiv.test', mediaUrl: 'https://archiv.test/media/', siteUrl: 'https://site.test' });
const KEY = { kid: 'k1', secret: 'slot-test-secret' };
const signer = { key: KEY, ttl: 120, mediaUrl: 'https://archiv.test/media/' };
const NOW = 1_800_000_000;
const ATTACHMENT = mediaPaths.attachment(12, 'Bescheid vom 3. März (final).pdf');
const DIR = mediaPaths.documentDir('99999999-8888-7777-6666-555555555555', false);

const tokensOf = (text: string) => [...text.matchAll(/"([^"]+)\?token=([^"]+)"/g)].map(([, url, token]) => ({ url: url!, token: decodeURIComponent(token!) }));

afterEach(() => {
  vi.restoreAllMocks();
});

describe('token slots', () => {
  it('are written as ?token= and a raw U+0001, which JSON.stringify never writes, and read back as value slots', () => {
    const value = { file_url: withTokenSlot(urls.media(ATTACHMENT)) };
    const stored = apiJson(value);
    expect(stored).toBe(`{"file_url":"https://archiv.test/media/foi/12/Bescheid%20vom%203.%20M%C3%A4rz%20(final).pdf?token=${SLOT_CHAR}"}`);
    expect(stored).not.toContain(SLOT_MARK);
    expect(() => JSON.parse(stored)).toThrow();
    expect(parseApiJson(stored)).toEqual(value);
  });

  it('cannot be forged by content: a U+0001 an editor typed after ?token= stays an escape and is never minted', async () => {
    const forged = `${urls.media(`${DIR}/secret.pdf`)}?token=${SLOT_CHAR}`;
    const stored = apiJson({ description: forged, note: '?token=\\u0001' });
    expect(stored.includes(SLOT_CHAR)).toBe(false);
    expect(await mintTokens(stored, signer, NOW)).toBe(stored);
  });

  it('mint the file\'s token for an attachment and the directory\'s for every URL of a private document, each scope signed once', async () => {
    const document = (path: string) => withTokenSlot(urls.media(path)).replace(/\{/g, '%7B').replace(/\}/g, '%7D');
    const stored = apiJson({
      objects: [
        { file_url: withTokenSlot(urls.media(ATTACHMENT)) },
        { file_url: withTokenSlot(urls.media(ATTACHMENT)) },
        { file_url: document(`${DIR}/vermerk.pdf`), cover_image: document(mediaPaths.pageImage(DIR, 1, 'small')), page_template: document(mediaPaths.pageImage(DIR, '{page}', '{size}')) },
      ],
    });
    const minted = await mintTokens(stored, signer, NOW);
    expect(minted.includes(SLOT_CHAR)).toBe(false);
    const links = tokensOf(minted);
    expect(links).toHaveLength(5);
    // Two scopes, two tokens: the attachment's twice, the document directory's three times.
    expect(new Set(links.map(({ token }) => token)).size).toBe(2);
    for (const { url, token } of links) {
      const scope = url.includes('/foi/') ? ATTACHMENT : DIR;
      expect(await verifyToken(token, scope, [KEY], NOW + 120, 120), url).toEqual({ ok: true });
      expect(await verifyToken(token, scope, [KEY], NOW + 126, 120), url).toEqual({ ok: false, reason: 'expired' });
    }
    // Everything but the tokens is the stored text.
    expect(minted.replace(/\?token=[^"]+"/g, `?token=${SLOT_CHAR}"`)).toBe(stored);
  });

  it('refuse a slot after a URL that is no token-scoped media URL of the build', async () => {
    await expect(mintTokens(apiJson({ url: withTokenSlot('https://elsewhere.test/media/foi/1/a.pdf') }), signer, NOW)).rejects.toThrow(SlotError);
    await expect(mintTokens(apiJson({ url: withTokenSlot(urls.media('docs/ab/cd/ef/abcdef/a.pdf')) }), signer, NOW)).rejects.toThrow(/needs no token/);
  });
});
