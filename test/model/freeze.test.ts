/**
 * The linked model is frozen (src/model/freeze.ts): a later stage that writes to it fails at
 * the write, so "later stages return new facts" holds at run time, not only by
 * review.
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkContent } from '../../src/check.ts';
import { freezeModel } from '../../src/model/freeze.ts';

const CONTENT = resolve(fileURLToPath(import.meta.url), '../../../content');

describe('freezeModel', () => {
  it('freezes every object and array it reaches, through Maps, Sets, shared references and cycles', () => {
    const shared = { name: 'shared' };
    const cycle: { self?: unknown; list: { n: number }[] } = { list: [{ n: 1 }] };
    cycle.self = cycle;
    const root = freezeModel({ a: shared, b: [shared, cycle], byId: new Map([[1, { id: 1 }]]), tags: new Set([{ tag: 'x' }]), bytes: new Uint8Array(2) });
    expect([root, shared, root.b, cycle, cycle.list, cycle.list[0], root.byId.get(1), [...root.tags][0]].every(Object.isFrozen)).toBe(true);
    expect(() => {
      (root.byId.get(1) as { id: number }).id = 2;
    }).toThrow(TypeError);
    expect(() => (cycle.list as { n: number }[]).push({ n: 2 })).toThrow(TypeError);
    // Typed arrays cannot be frozen (their bytes are not properties); they are left as they are.
    expect(Object.isFrozen(root.bytes)).toBe(false);
  });
});

describe('the linked sample archive', () => {
  it('is frozen: a write to a document, a request or a list throws', async () => {
    const { archive } = await checkContent({ contentDir: CONTENT, env: {}, pdfHeaders: false });
    expect(archive).toBeDefined();
    const document = archive!.documents[0]!;
    const request = archive!.requests[0]!;
    expect(Object.isFrozen(archive)).toBe(true);
    expect(() => Object.assign(document, { pending: true })).toThrow(TypeError);
    expect(() => Object.assign(request, { title: 'changed' })).toThrow(TypeError);
    expect(() => (archive!.documents as unknown[]).push(document)).toThrow(TypeError);
    expect(request.title).not.toBe('changed');
  });

  it('is the same model, not frozen, with freeze: false (as the command line links it)', async () => {
    const frozen = (await checkContent({ contentDir: CONTENT, env: {}, pdfHeaders: false })).archive!;
    const { archive } = await checkContent({ contentDir: CONTENT, env: {}, pdfHeaders: false, freeze: false });
    expect(archive).toBeDefined();
    expect([archive, archive!.requests, archive!.requests[0], archive!.documents[0]].some(Object.isFrozen)).toBe(false);
    // The same lists (a deep comparison of the two models takes seconds: they are cyclic).
    const sizes = (model: object) => Object.entries(model).map(([key, value]) => [key, Array.isArray(value) ? value.length : value]);
    expect(sizes(archive!)).toEqual(sizes(frozen));
    expect(archive!.requests.map((request) => request.title)).toEqual(frozen.requests.map((request) => request.title));
  });
});
