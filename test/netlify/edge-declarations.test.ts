/**
 * The detail Edge Function's declaration per layout, as the build command writes it into
 * Netlify's Frameworks API file (src/netlify/edge-declarations.ts).
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { edgeDeclarations, writeEdgeDeclarations } from '../../src/netlify/edge-declarations.ts';
import { DETAIL_API_PATH } from '../../src/serve/api/early.ts';
import * as apiDetail from '../../src/netlify/edge-functions/api-detail.ts';
import { tempDir } from '../helpers/content.ts';

const dir = await tempDir('edge-declarations-');
afterAll(() => dir.remove());

describe('the detail Edge Function declaration', () => {
  it('is written for a packed build, on every detail path, and for a loose build on none', async () => {
    const packed = await writeEdgeDeclarations(dir.path, 'packed');
    expect(packed).toBe(join(dir.path, '.netlify/v1/config.json'));
    expect(JSON.parse(await readFile(packed, 'utf8'))).toEqual({ edge_functions: [{ function: 'api-detail', pattern: DETAIL_API_PATH }] });
    await writeEdgeDeclarations(dir.path, 'loose');
    expect(JSON.parse(await readFile(packed, 'utf8'))).toEqual({ edge_functions: [] });
    expect(edgeDeclarations('loose')).toEqual([]);
  });

  it('is not inline: the function module declares no path of its own', () => {
    expect(Object.keys(apiDetail)).toEqual(['default']);
  });
});
