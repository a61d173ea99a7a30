/**
 * The linked model is not changed after linking: later stages return new facts
 * instead (src/documents/document-facts.ts). `freezeModel` makes that a guard at run time too: every plain
 * object and array reachable from the archive is frozen, so a write by any later stage throws
 * a TypeError (ES modules run in strict mode) at the line that tries it.
 *
 * Maps and Sets are frozen as objects, which does not stop `set`/`add`; the model exposes its
 * registries read-only (ReadonlyMap) to the compiler for that.
 */
export function freezeModel<T extends object>(root: T): T {
  const stack: object[] = [root];
  while (stack.length > 0) {
    const value = stack.pop()!;
    // Being frozen is the mark of a visited object (every object is frozen right after its
    // children are pushed): a Set of the millions of objects of a large archive would cost
    // more than 100 MB at the moment the build holds the most. An object frozen before is taken
    // as frozen through.
    if (Object.isFrozen(value)) continue;
    if (value instanceof Map) {
      for (const [key, entry] of value) {
        pushObject(stack, key);
        pushObject(stack, entry);
      }
    } else if (value instanceof Set) {
      for (const entry of value) pushObject(stack, entry);
    } else if (Array.isArray(value)) {
      for (const entry of value as unknown[]) pushObject(stack, entry);
    } else {
      // for-in rather than Object.keys: no array of keys for each of millions of objects. The
      // model's objects are plain or of classes whose methods are not enumerable, so what for-in
      // finds is what Object.keys would.
      for (const key in value) if (Object.hasOwn(value, key)) pushObject(stack, (value as Record<string, unknown>)[key]);
    }
    Object.freeze(value);
  }
  return root;
}

function pushObject(stack: object[], value: unknown): void {
  if (typeof value === 'object' && value !== null && !ArrayBuffer.isView(value) && !Object.isFrozen(value)) stack.push(value);
}
