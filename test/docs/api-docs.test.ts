import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { BUILT_RESOURCES } from '../../src/api/resources/serializer-registry.ts';
import { SCHEMA_RENDERS } from '../../src/serve/api/schema-view.ts';
import { RESOURCE_NAMES } from '../../src/formats/resource-names.ts';

const docs = await readFile(new URL('../../docs/api.md', import.meta.url), 'utf8');

describe('docs/api.md', () => {
  it('names every resource of the route table', () => {
    for (const name of RESOURCE_NAMES) expect(docs, name).toContain(`\`${name}\``);
  });

  it('states the list order of every built resource exactly as the code defines it', () => {
    for (const resource of BUILT_RESOURCES) {
      expect(docs, resource.name).toContain(`| \`${resource.name}\` | ${resource.ordering} |`);
    }
  });

  it('names every media type the schema view answers', () => {
    for (const type of SCHEMA_RENDERS) expect(docs, type).toContain(`\`${type}\``);
  });
});
