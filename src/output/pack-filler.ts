/**
 * Packs and chunks filled as the output plan (src/output/plan.ts) serializes a list: each is
 * written once every object expected in it has arrived, or, when the previous build/ holds it
 * unchanged (src/previous/output-record.ts), linked from there at the same point of the plan.
 * `listFillers` sets up a list's two fillers: what each pack and chunk expects, and their keys.
 */
import { buildPaths } from '../api/build-paths.ts';
import type { Counting } from '../api/filters/kind.ts';
import { CHUNK_SLOTS, chunkOf, encodePack, PACK_SLOTS, packOf } from '../formats/packs.ts';
import type { ResourceName } from '../formats/resource-names.ts';
import type { BuiltResource } from '../api/resources/serializer-spec.ts';
import type { PlannedFile } from '../lib/planned-file.ts';
import { sha256Of } from '../lib/sha256.ts';
import { groupKeys, type OutputReuse } from '../previous/output-record.ts';

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
type GroupMembers = (add: (group: number, slot: number, id: number | string, fingerprint: string) => void) => void;

/**
 * The keys of a resource's groups of one kind from their members, and the groups the previous
 * build/ holds for those keys; undefined when the resource is not keyed.
 */
function groupReuse(reuse: OutputReuse | undefined, members: GroupMembers, pathOf: (group: number) => string): GroupReuse | undefined {
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

/** The integer id a detail pack needs (packs are keyed by whole-number ids, src/formats/packs.ts). */
export function packId(resource: ResourceName, id: number | string): number {
  const value = typeof id === 'number' ? id : /^\d{1,15}$/.test(id) ? Number(id) : NaN;
  if (!Number.isSafeInteger(value) || value < 0) throw new Error(`${resource}: detail id ${JSON.stringify(id)} is not a whole number; only resources the function answers whole may have other ids`);
  return value;
}

/**
 * The fillers of a resource's detail packs and list chunks (`items` in list order counted by
 * `count`, `detailItems` in the order their details are added): how many objects each pack and
 * chunk will hold, and, with `reuse`, which of them the previous build/ holds unchanged. Each
 * object's fingerprint is made once, for its chunk and its pack. A resource the function answers
 * whole (`keyed`) has no detail packs.
 */
export function listFillers<T>(resource: BuiltResource<T>, items: readonly T[], detailItems: readonly T[], count: Counting, reuse: OutputReuse | undefined, keyed: boolean): { packs: PackFiller; chunks: PackFiller } {
  const { name } = resource;
  const expected = new Map<number, number>();
  /** Each pack's last detail, counted in the order the details are added (PackFiller). */
  const last = new Map<number, number>();
  if (!keyed) {
    let index = 0;
    for (const item of detailItems) {
      const id = resource.id(item);
      if (id === null) continue;
      const { pack } = packOf(packId(name, id));
      expected.set(pack, (expected.get(pack) ?? 0) + 1);
      last.set(pack, index++);
    }
  }
  const chunkSizes = new Map<number, number>();
  for (let position = 0; position < items.length; position++) {
    const { chunk } = chunkOf(position, count);
    chunkSizes.set(chunk, (chunkSizes.get(chunk) ?? 0) + 1);
  }
  const fingerprint = (item: T) => reuse!.fingerprint(name, item as never);
  const prints = reuse ? items.map(fingerprint) : [];
  const chunkReuse = groupReuse(
    reuse,
    (add) =>
      items.forEach((item, position) => {
        const { chunk, slot } = chunkOf(position, count);
        add(chunk, slot, resource.id(item) ?? '', prints[position]!);
      }),
    (chunk) => buildPaths.chunk(name, chunk, 0),
  );
  const packReuse = groupReuse(
    reuse,
    (add) =>
      detailItems.forEach((item, position) => {
        const id = resource.id(item);
        if (id === null) return;
        const { pack, slot } = packOf(packId(name, id));
        add(pack, slot, id, detailItems === items ? prints[position]! : fingerprint(item));
      }),
    (pack) => buildPaths.pack(name, pack, 0),
  );
  return {
    packs: new PackFiller(PACK_SLOTS, expected, (pack, file) => buildPaths.pack(name, pack, file), packReuse, { index: last, window: PACK_SLOTS }),
    chunks: new PackFiller(CHUNK_SLOTS, chunkSizes, (chunk, file) => buildPaths.chunk(name, chunk, file), chunkReuse),
  };
}
