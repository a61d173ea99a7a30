import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiJson, parseApiJson } from '../../src/formats/json.ts';
import { mediaPaths } from '../../src/api/media-paths.ts';
import { UrlBuilder } from '../../src/api/urls.ts';
import { expiryStep, TOKEN_CLOCK_SKEW, verifyToken } from '../../src/formats/media-token.ts';
import { mintTokenBytes, mintTokens, SLOT_CHAR, SLOT_MARK, SlotError, TokenMemo, withTokenSlot } from '../../src/formats/token-slots.ts';

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

describe('minting remembers tokens within a step of the expiry', () => {
  const document = (path: string) => withTokenSlot(urls.media(path)).replace(/\{/g, '%7B').replace(/\}/g, '%7D');
  const page = apiJson({
    objects: [
      { title: 'Überschrift 📄 „Zitat“', file_url: withTokenSlot(urls.media(ATTACHMENT)) },
      { note: 'ä'.repeat(300), file_url: document(`${DIR}/vermerk.pdf`), page_template: document(mediaPaths.pageImage(DIR, '{page}', '{size}')) },
      { file_url: withTokenSlot(urls.media(mediaPaths.attachment(13, '🗂 Akte ü.pdf'))), tail: '€' },
    ],
  });
  const STEP = expiryStep(signer.ttl);
  const START = Math.ceil(NOW / STEP) * STEP; // the first second of a step
  const expiryOf = (text: string) => parseInt(tokensOf(text)[0]!.token.split(':')[0]!, 36);

  it('answers within one step carry the same tokens, the next step new ones; each opens until its expiry and the skew, no later', async () => {
    const memo = new TokenMemo();
    const answers = await Promise.all([0, 1, STEP - 1, STEP].map((second) => mintTokens(page, signer, START + second, memo)));
    expect(answers[1]).toBe(answers[0]);
    expect(answers[2]).toBe(answers[0]);
    expect(answers[3]).not.toBe(answers[0]);
    // The remembered tokens are the ones a fresh memo signs at that second.
    expect(answers[2]).toBe(await mintTokens(page, signer, START + STEP - 1, new TokenMemo()));
    const checked: [number, string][] = [[0, answers[0]!], [STEP - 1, answers[2]!], [STEP, answers[3]!]];
    for (const [second, minted] of checked) {
      const mintedAt = START + second;
      const expires = expiryOf(minted);
      expect(tokensOf(minted)).toHaveLength(4);
      expect(expires).toBeLessThanOrEqual(mintedAt + signer.ttl);
      expect(expires).toBeGreaterThan(mintedAt + signer.ttl - STEP);
      for (const { url, token } of tokensOf(minted)) {
        const scope = url.includes('/foi/13/') ? 'foi/13/🗂 Akte ü.pdf' : url.includes('/foi/') ? ATTACHMENT : DIR;
        expect(await verifyToken(token, scope, [KEY], mintedAt, signer.ttl), url).toEqual({ ok: true });
        expect(await verifyToken(token, scope, [KEY], expires + TOKEN_CLOCK_SKEW, signer.ttl), url).toEqual({ ok: true });
        expect(await verifyToken(token, scope, [KEY], expires + TOKEN_CLOCK_SKEW + 1, signer.ttl), url).toEqual({ ok: false, reason: 'expired' });
      }
    }
    // Another key forgets what the first one signed.
    const other = { ...signer, key: { kid: 'k2', secret: 'another secret' } };
    const rotated = await mintTokens(page, other, START, memo);
    expect(tokensOf(rotated).every(({ token }) => token.split(':')[1] === 'k2')).toBe(true);
    expect(await mintTokens(page, signer, START, memo)).toBe(answers[0]);
  });

  it('mints stored bytes into the bytes of the minted text, with characters of 1 to 4 bytes around the slots', async () => {
    const bytes = new TextEncoder().encode(page);
    for (const second of [0, 1, STEP]) {
      const text = await mintTokens(page, signer, START + second, new TokenMemo());
      expect(new TextDecoder().decode(await mintTokenBytes(bytes, signer, START + second))).toBe(text);
      expect(new TextDecoder().decode(await mintTokenBytes(bytes, signer, START + second, new TokenMemo()))).toBe(text);
    }
    // A U+0001 that follows no ?token= is no slot, in bytes as in text.
    const odd = `${SLOT_CHAR}ab${page.slice(0, -1)},"x":"ä${SLOT_CHAR}"}`;
    const minted = await mintTokens(odd, signer, START);
    expect(minted.startsWith(`${SLOT_CHAR}ab`) && minted.endsWith(`"ä${SLOT_CHAR}"}`)).toBe(true);
    expect(new TextDecoder().decode(await mintTokenBytes(new TextEncoder().encode(odd), signer, START))).toBe(minted);
    // Bytes without a slot are answered as they are.
    const plain = new TextEncoder().encode('{"a":"ü"}');
    expect(await mintTokenBytes(plain, signer, START)).toBe(plain);
  });

  it('refuse in bytes what they refuse in text', async () => {
    const stored = apiJson({ url: withTokenSlot('https://elsewhere.test/media/foi/1/a.pdf') });
    await expect(mintTokenBytes(new TextEncoder().encode(stored), signer, NOW)).rejects.toThrow(/no media URL/);
    const untokened = apiJson({ url: withTokenSlot(urls.media('docs/ab/cd/ef/abcdef/a.pdf')) });
    await expect(mintTokenBytes(new TextEncoder().encode(untokened), signer, NOW, new TokenMemo())).rejects.toThrow(/needs no token/);
  });
});
