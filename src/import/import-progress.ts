/**
 * The import's progress on the project's one progress reporter (src/lib/progress.ts): a bar
 * with an ETA on a terminal, a line every 10 s in CI logs.
 */
import { formatDuration, type Gauge } from '../lib/progress.ts';

export interface ImportProgress {
  /** What is read now: `reference lists`, `requests`, `documents`, ... */
  phase: string;
  /** Requests and documents done (imported or found up to date). */
  done: number;
  /** Requests and documents selected so far (grows while list pages are read). */
  total: number;
}

function eta(state: ImportProgress, elapsedMs: number): number | null {
  if (state.done === 0 || elapsedMs <= 0) return null;
  return ((state.total - state.done) * elapsedMs) / state.done / 1000;
}

export const IMPORT_GAUGE: Gauge<ImportProgress> = {
  value: (state) => state.done,
  total: (state) => state.total,
  bar: 'import [{bar}] {value}/{total} | {phase} | ETA {eta_formatted}',
  payload: (state) => ({ phase: state.phase }),
  startLine: () => 'import: reading the reference lists',
  line: (state, elapsedMs) => `import: ${state.done}/${state.total} requests and documents (${state.phase}), ETA ${formatDuration(eta(state, elapsedMs))}`,
  final: (state) => ({ ...state, total: state.done }),
};
