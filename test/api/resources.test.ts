/**
 * The two registries of src/api/resources/ agree: each resource is one folder,
 * its declaration.ts in declaration-registry.ts and its serializer.ts in serializer-registry.ts, and what one half
 * declares the other provides.
 */
import { describe, expect, it } from 'vitest';
import { DECLARED_OBJECTS, OBJECTS } from '../../src/api/fields/index.ts';
import { BUILT_RESOURCES } from '../../src/api/resources/serializer-registry.ts';
import { QUERY_ANSWERED, RESOURCES } from '../../src/api/resources/declaration-registry.ts';
import { RESOURCE_NAMES } from '../../src/formats/resource-names.ts';

describe('resource registries', () => {
  it('declare every name of the leaf tuple, in its order (the API root\'s)', () => {
    expect(Object.keys(RESOURCES)).toEqual([...RESOURCE_NAMES]);
  });

  it('declare each resource under its own name, built ones once', () => {
    for (const [name, spec] of Object.entries(RESOURCES)) expect(spec.name).toBe(name);
    const built = BUILT_RESOURCES.map((resource) => resource.name);
    expect(new Set(built).size).toBe(built.length);
    expect(RESOURCE_NAMES.filter((name) => !built.includes(name))).toEqual(['following', 'upload', 'problemreport']);
  });

  it('give every list action of a declaration.ts its choices in the serializer.ts, from the same source', () => {
    for (const name of RESOURCE_NAMES) {
      const actions = BUILT_RESOURCES.find((resource) => resource.name === name)?.actions ?? {};
      // Search actions read the list and the full-text index, no choices of their own.
      const choosing = RESOURCES[name].listActions.filter((action) => action.source !== 'search');
      expect(Object.keys(actions), name).toEqual(choosing.map((action) => action.path));
      for (const action of choosing) expect(actions[action.path]!.source, `${name}/${action.path}`).toBe(action.source);
    }
  });

  it('name only objects the field tables have', () => {
    for (const spec of Object.values(RESOURCES)) {
      for (const object of [spec.objects.item, spec.objects.detail, ...spec.listActions.map((action) => action.object)]) {
        if (object !== null) expect(OBJECTS, `${spec.name}: ${object}`).toHaveProperty(object);
      }
    }
  });

  it('declare the list item and detail of every built resource once, as a table its answer is made from', () => {
    const built = new Set(BUILT_RESOURCES.map((resource) => resource.name));
    const objects = Object.values(RESOURCES)
      .filter((spec) => built.has(spec.name))
      .flatMap((spec) => [spec.objects.item, spec.objects.detail])
      .filter((name): name is string => name !== null);
    expect(objects.length).toBeGreaterThanOrEqual(built.size);
    for (const name of objects) expect(DECLARED_OBJECTS.has(name), name).toBe(true);
  });

  it('send whole to the function exactly the resources every answer of which depends on the query', () => {
    expect([...QUERY_ANSWERED]).toEqual(['venue', 'campaigninformationobject']);
    expect(RESOURCE_NAMES.filter((name) => RESOURCES[name].byFunction === 'detail')).toEqual(['documentcollection']);
  });
});
