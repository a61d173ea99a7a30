// The two halves of a resource (declaration.ts, serializer.ts) share one item type. The checks
// are type checks: `npx tsc --noEmit` (which covers test/) fails when a `@ts-expect-error` line
// below compiles, or when an `expectTypeOf` does not hold; the runtime expectations only show
// that the lines ran.
import { describe, expect, expectTypeOf, it } from 'vitest';
import { booleanFilter } from '../../src/api/filters/common.ts';
import type { FilterSpec } from '../../src/api/filters/filter-spec.ts';
import { RESOURCES } from '../../src/api/resources/declaration-registry.ts';
import { defineResource, type Judged, type ResourceSpec } from '../../src/api/resources/declaration-spec.ts';
import { BUILT } from '../../src/api/resources/serializer-registry.ts';
import { defineBuilt } from '../../src/api/resources/serializer-spec.ts';
import type { FoiRequest, Message } from '../../src/model/types.ts';

const messageFilter: FilterSpec<Message> = { param: 'is_draft', parse: booleanFilter, values: (message) => message.isDraft };
const objects = { item: null, detail: null };

describe('a resource item type', () => {
  it('keeps a filter of another type out of a declaration', () => {
    // @ts-expect-error a message filter does not read requests
    const wrong: ResourceSpec<FoiRequest> = defineResource('request', 'FoiRequest', 'Foi Request', { filters: [messageFilter], objects });
    const right: ResourceSpec<Message> = defineResource('message', 'FoiMessage', 'Foi Message', { filters: [messageFilter], objects });
    expect([wrong.filters.length, right.filters.length]).toEqual([1, 1]);
  });

  it('keeps a filter of another type out of a registered list and its search actions', () => {
    // @ts-expect-error the message list's filters read messages, not requests
    const requestFilters: readonly FilterSpec<FoiRequest>[] = RESOURCES.message.filters;
    // @ts-expect-error a search action's filters read judged requests, not bare ones
    const searchFilters: readonly FilterSpec<FoiRequest>[] | undefined = RESOURCES.request.listActions[0]?.filters;
    const judged: readonly FilterSpec<Judged<FoiRequest>>[] | undefined = RESOURCES.request.listActions.find((action) => action.source === 'search')?.filters;
    expect(requestFilters.length).toBeGreaterThan(0);
    expect(searchFilters === undefined || searchFilters.length > 0).toBe(true);
    expect(judged?.length).toBeGreaterThan(0);
  });

  it('makes a build half list what its declaration filters', () => {
    const messages = defineBuilt(RESOURCES.message, { list: (archive) => archive.messages, id: (message) => message.id, item: (_ctx, message) => message.id, ordering: 'by id' });
    // @ts-expect-error the message declaration's filters cannot read requests
    const requests = defineBuilt(RESOURCES.message, { list: (archive) => archive.requests, id: (request: FoiRequest) => request.id, item: () => null, ordering: 'by id' });
    expect([messages.name, requests.name]).toEqual(['message', 'message']);
  });

  it('types each registered half by its resource item', () => {
    expectTypeOf(RESOURCES.message.filters).toEqualTypeOf<readonly FilterSpec<Message>[]>();
    expectTypeOf(BUILT.message.list).returns.toEqualTypeOf<Message[]>();
    expectTypeOf(BUILT.request.list).returns.toEqualTypeOf<FoiRequest[]>();
    expect(BUILT.message.name).toBe('message');
  });
});
