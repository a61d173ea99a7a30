import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { CONTENT_FILES, jsonSchemaFor, type ContentKind } from '../../src/content/schema.ts';

describe('content/schemas/', () => {
  it.each(Object.keys(CONTENT_FILES) as ContentKind[])('%s.schema.json is what the validator uses (run `npm run schemas` after changing schema.ts)', async (kind) => {
    const committed = JSON.parse(await readFile(new URL(`../../content/schemas/${kind}.schema.json`, import.meta.url), 'utf8'));
    expect(committed).toEqual(jsonSchemaFor(kind));
  });

  it('forbids unknown keys, as the validator does', () => {
    expect(jsonSchemaFor('message').additionalProperties).toBe(false);
    expect(jsonSchemaFor('law')).toMatchObject({ type: 'array', items: { additionalProperties: false } });
  });
});
