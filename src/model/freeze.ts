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
  const seen = new Set<object>();
  const stack: object[] = [root];
  while (stack.length > 0) {
    const value = stack.pop()!;
    if (seen.has(value)) continue;
    seen.add(value);
    if (value instanceof Map) {
      for (const [key, entry] of value) {
        pushObject(stack, key);
        pushObject(stack, entry);
      }
    } else if (value instanceof Set) {
      for (const entry of value) pushObject(stack, entry);
    } else {
      for (const key of Object.keys(value)) pushObject(stack, (value as Record<string, unknown>)[key]);
    }
    Object.freeze(value);
  }
  return root;
}

function pushObject(stack: object[], value: unknown): void {
  if (typeof value === 'object' && value !== null && !ArrayBuffer.isView(value)) stack.push(value);
}
