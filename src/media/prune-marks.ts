/**
 * What lets `archive prune` delete objects while builds and `archive derive` run
 * (docs/deploy.md, "Retention and archive prune"): a two-phase delete and a lease of the prune.
 *
 * - **Marks** (`prune/marks`, one derivative entry, written only by a prune): the time a prune
 *   first found an object that nothing names. A later prune deletes the object only when it is
 *   still unnamed and its mark is at least `GRACE_MS` older than that prune's start. A named
 *   object loses its mark.
 * - **The prune's lease** (`prune/runs/<id>`, copied to `prune/active`): written before a
 *   prune reads anything, renewed while it deletes, removed when it ends. It says when the
 *   prune started (the reference of its grace rule) and until when it may delete: a prune
 *   issues no delete after `until` less `DELETE_MARGIN_MS`. It is also the lock: a prune
 *   writes its own lease, then reads all; it refuses to start when it finds another valid one
 *   (two prunes starting together may both refuse, never both run). Writers read only
 *   `prune/active`, one small read instead of a listing.
 * - **Writers** (a build's upload, a derive run) first make their claim visible (the build
 *   record; the derive lease), then call `waitForPrunes`: when a prune that started before the
 *   claim may still delete an object the writer relies on (its mark is old enough for that
 *   prune), the writer waits until that prune ends; then it lists the store and puts what is
 *   missing. A prune that starts later reads the claim.
 *
 * Why no interleaving loses an object (P a prune, W a writer relying on object h): P deletes h
 * only with a mark M ≤ P.started − grace, in the marks P read at its start; P rewrites the
 * marks only after its deletes, and no other prune runs meanwhile, so h's old mark is in the
 * marks file from P's start until h is gone. If P read W's claim, h is named and P keeps it.
 * Otherwise P's lease was written before W's claim: either W finds no valid lease of P (P
 * issues no more deletes) and W's listing afterwards sees every delete of P, or W sees the
 * lease and reads the marks: h is either already deleted (W's listing misses it and W puts it
 * again) or still carries its old mark (W waits for P, then lists). The module is web-standard
 * only, like the store interface.
 */
import type { MediaStore } from './media-store.ts';

/** How long an unnamed object stays after a prune marked it: a later prune deletes it. */
export const GRACE_MS = 24 * 60 * 60_000;
/** A prune's lease is valid this long after it was written or renewed. */
const PRUNE_LEASE_MS = 60 * 60_000;
/** A prune renews its lease before a delete when the lease is older than this. */
const PRUNE_RENEW_MS = 10 * 60_000;
/** A prune issues no delete later than this before its lease ends (a delete in flight, clock skew). */
const DELETE_MARGIN_MS = 10 * 60_000;

export const MARKS_KEY = 'prune/marks';
const PRUNE_LEASES = 'prune/runs/';
/** The lease of the prune under way (only one runs at a time), for writers. */
const ACTIVE_KEY = 'prune/active';

/** sha256 → when a prune first found the object unnamed (ISO 8601). */
export type Marks = Map<string, string>;

export interface PruneLease {
  key: string;
  /** When the prune started: marks at least GRACE_MS older are what it may delete. */
  started: string;
  until: string;
}


export async function readPruneMarks(store: MediaStore): Promise<Marks> {
  const text = await store.getEntry(MARKS_KEY);
  if (text === null) return new Map();
  const parsed = JSON.parse(text) as { marks?: Record<string, unknown> };
  const marks: Marks = new Map();
  for (const [hash, date] of Object.entries(parsed.marks ?? {})) {
    if (typeof date === 'string' && !Number.isNaN(Date.parse(date))) marks.set(hash, date);
  }
  return marks;
}

export async function writePruneMarks(store: MediaStore, marks: Marks): Promise<void> {
  const sorted = Object.fromEntries([...marks].sort(([a], [b]) => (a < b ? -1 : 1)));
  await store.setEntry(MARKS_KEY, JSON.stringify({ marks: sorted }));
}

/** May a prune that started at `started` delete an object marked at `mark`? */
export function deletable(mark: string | undefined, started: string): boolean {
  return mark !== undefined && Date.parse(mark) <= Date.parse(started) - GRACE_MS;
}

/** The lease at `key`, or null when there is none; a text that is no lease reads as long expired. */
async function readLease(store: MediaStore, key: string): Promise<PruneLease | null> {
  const text = await store.getEntry(key);
  if (text === null) return null;
  try {
    const { started, until } = JSON.parse(text) as Record<string, unknown>;
    if (typeof started === 'string' && typeof until === 'string' && !Number.isNaN(Date.parse(started)) && !Number.isNaN(Date.parse(until))) {
      return { key, started, until };
    }
  } catch {
    // Not JSON: treated as expired below, and removed by the next prune.
  }
  return { key, started: new Date(0).toISOString(), until: new Date(0).toISOString() };
}

/** The prune leases in the store (valid or not): the runs of `archive prune` under way, or killed. */
async function readPruneLeases(store: MediaStore): Promise<PruneLease[]> {
  const leases: PruneLease[] = [];
  for await (const key of store.listEntries()) {
    if (!key.startsWith(PRUNE_LEASES)) continue;
    const lease = await readLease(store, key);
    if (lease) leases.push(lease);
  }
  return leases;
}

export class PruneRunning extends Error {
  override name = 'PruneRunning';
}

/** The lease of one prune: taken (refusing while another prune holds one), renewed, released. */
export async function takePruneLease(store: MediaStore, id: string, now: () => number): Promise<{ lease: PruneLease; renew(): Promise<boolean>; release(): Promise<void>; expired: PruneLease[] }> {
  const started = new Date(now()).toISOString();
  const lease: PruneLease = { key: `${PRUNE_LEASES}${id}`, started, until: new Date(now() + PRUNE_LEASE_MS).toISOString() };
  let written = now();
  const text = () => JSON.stringify({ started: lease.started, until: lease.until });
  const write = async () => {
    await store.setEntry(lease.key, text());
    await store.setEntry(ACTIVE_KEY, text());
  };
  await store.setEntry(lease.key, text());
  const others = (await readPruneLeases(store)).filter((other) => other.key !== lease.key);
  const running = others.filter((other) => Date.parse(other.until) > now());
  if (running.length > 0) {
    await store.deleteEntry(lease.key);
    throw new PruneRunning(`another archive prune is running (started ${running.map((other) => other.started).join(', ')}); nothing was deleted. Prune again once it ends (a killed prune's lease ends ${PRUNE_LEASE_MS / 60_000} minutes after it was written)`);
  }
  // The lock is ours: writers learn of this prune from here on.
  await store.setEntry(ACTIVE_KEY, text());
  return {
    lease,
    expired: others,
    /** Renews the lease when due; false when it can no longer be trusted (the prune must issue no more deletes). */
    async renew() {
      if (now() > Date.parse(lease.until) - DELETE_MARGIN_MS) return false;
      if (now() - written < PRUNE_RENEW_MS) return true;
      lease.until = new Date(now() + PRUNE_LEASE_MS).toISOString();
      written = now();
      await write();
      return true;
    },
    async release() {
      await store.deleteEntry(ACTIVE_KEY);
      await store.deleteEntry(lease.key);
    },
  };
}

export interface WaitOptions {
  now?: () => number;
  /** Between two looks at the leases (default 5 s). */
  pollMs?: number;
  /** Told once when the writer waits, with what it waits for. */
  onWait?: (message: string) => void;
}

/**
 * Called by a writer after its claim is visible and before it lists the store: returns once
 * no prune that may delete one of `relied` (any marked object when omitted) is running.
 * Returns how many prunes it waited for (0 or 1).
 */
export async function waitForPrunes(store: MediaStore, relied?: ReadonlySet<string>, options: WaitOptions = {}): Promise<number> {
  const now = options.now ?? Date.now;
  const live = async () => {
    const lease = await readLease(store, ACTIVE_KEY);
    return lease && Date.parse(lease.until) > now() ? lease : null;
  };
  const running = await live();
  if (!running) return 0;
  const marks = await readPruneMarks(store);
  const atRisk = [...marks].filter(([hash, mark]) => (!relied || relied.has(hash)) && deletable(mark, running.started)).length;
  if (atRisk === 0) return 0;
  options.onWait?.(`waiting for archive prune (started ${running.started}) to end: it may delete ${atRisk} object(s) marked long ago that this run uses; they are put back afterwards`);
  // Until this prune's lease is gone or ran out (a later prune is another one: it read our claim).
  for (let lease: PruneLease | null = running; lease && lease.started === running.started; lease = await live()) {
    await new Promise((resolve) => setTimeout(resolve, options.pollMs ?? 5000));
  }
  return 1;
}
