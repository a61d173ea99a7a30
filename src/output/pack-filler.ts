/**
 * Packs and chunks filled as the output plan (src/output/plan.ts) serializes a list: each is
 * yielded once every object expected in it has arrived, or, when the previous build/ holds it
 * unchanged (src/output/reuse.ts), linked from there at the same point of the plan.
 */
import { encodePack } from '../api/packs.ts';
import type { PlannedFile } from '../lib/planned-file.ts';
import { groupKeys, sha256Of, type OutputReuse } from './reuse.ts';

const NONE: readonly PlannedFile[] = [];

/** Which groups (packs or chunks, by number) of one kind and resource are keyed, and which of them the previous build/ holds. */
interface GroupReuse {
  reuse: OutputReuse;
  keys: Map<number, string>;
  linked: Map<number, PlannedFile[]>;
}

/**
 * Packs that fill up as objects arrive in any order: `add` answers each pack's files as soon as
 * every object expected in it has arrived, so a list whose order follows its ids (most do) holds
 * one pack in memory at a time. A pack the previous build/ holds unchanged (`groups`) receives
 * no bodies and is answered as links to those files, at the moment it would have been written.
 *
 * A list in another order (requests by their last message, public bodies by name) fills every
 * pack at once. Given `last` (each pack's last object, counted in the order `add` is called),
 * an object whose pack is complete more than `window` objects later is not rendered when it
 * arrives but when its pack is complete: the pack files come out at the same moment with the
 * same bytes, and at most `window` rendered bodies wait in memory, instead of the whole list.
 */
export class PackFiller {
  private readonly open = new Map<number, [slot: number, body: string | (() => string)][]>();
  private readonly arrived = new Map<number, number>();
  private added = 0;

  constructor(
    private readonly slots: number,
    /** How many objects each pack will hold. */
    private readonly expected: Map<number, number>,
    private readonly pathOf: (pack: number, file: number) => string,
    private readonly groups?: GroupReuse,
    private readonly last?: { index: Map<number, number>; window: number },
  ) {}

  /** Whether the pack is linked from the previous build/ (its objects need not be serialized for it). */
  linked(pack: number): boolean {
    return this.groups?.linked.has(pack) ?? false;
  }

  /**
   * One object of the pack: its text, or how to render it now and how later (see above); null
   * only for a linked pack. Answers the pack's files once it is complete, else none (an array,
   * not a generator: a million objects would make a million generators).
   */
  add(pack: number, slot: number, body: string | { now: () => string; later: () => string } | null): readonly PlannedFile[] {
    const index = this.added++;
    const arrived = (this.arrived.get(pack) ?? 0) + 1;
    this.arrived.set(pack, arrived);
    let bodies = this.open.get(pack);
    if (!bodies) this.open.set(pack, (bodies = []));
    if (body !== null) {
      const later = this.last !== undefined && this.last.index.get(pack)! - index > this.last.window;
      bodies.push([slot, typeof body === 'string' ? body : later ? body.later : body.now()]);
    } else if (!this.linked(pack)) throw new Error(`pack ${this.pathOf(pack, 0)}: an object without its body`);
    if (arrived < this.expected.get(pack)!) return NONE;
    this.open.delete(pack);
    const linked = this.groups?.linked.get(pack);
    if (linked) return linked;
    const key = this.groups?.keys.get(pack);
    const rendered = bodies.map(([at, made]): [number, string] => [at, typeof made === 'string' ? made : made()]);
    bodies.length = 0;
    const files = encodePack(this.slots, rendered).map((bytes, file) => ({ path: this.pathOf(pack, file), body: bytes, sha256: sha256Of(bytes) }));
    if (key !== undefined) {
      this.groups!.reuse.stats.rendered++;
      this.groups!.reuse.record(this.pathOf(pack, 0), key, files);
    }
    return files;
  }

  /** Nothing may be left open once every expected object was added. */
  done(resource: string): void {
    if (this.open.size) throw new Error(`${resource}: packs ${[...this.open.keys()].join(', ')} did not receive every object they expected`);
  }
}

/** Gives each member of a resource's groups of one kind to `add`. */
export type GroupMembers = (add: (group: number, slot: number, id: number | string, fingerprint: string) => void) => void;

/**
 * The keys of a resource's groups of one kind from their members, and the groups the previous
 * build/ holds for those keys; undefined when the resource is not keyed.
 */
export function groupReuse(reuse: OutputReuse | undefined, members: GroupMembers, pathOf: (group: number) => string): GroupReuse | undefined {
  if (!reuse) return undefined;
  const keys = groupKeys();
  // Each group's path is made once, not once per member.
  const paths = new Map<number, string>();
  members((group, slot, id, fingerprint) => {
    let path = paths.get(group);
    if (path === undefined) paths.set(group, (path = pathOf(group)));
    keys.add(path, slot, id, fingerprint);
  });
  const byPath = keys.keys();
  const numbered = new Map<number, string>();
  const linked = new Map<number, PlannedFile[]>();
  for (const [group, path] of paths) {
    const key = byPath.get(path)!;
    numbered.set(group, key);
    const found = reuse.reusable(path, key);
    if (found) linked.set(group, found.files);
  }
  return { reuse, keys: numbered, linked };
}
