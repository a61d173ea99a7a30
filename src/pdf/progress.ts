/**
 * Progress of the PDF stage: a cli-progress bar on a terminal, plain periodic lines elsewhere
 * (CI logs). The output stream is injected, so tests and the orchestrator decide where it goes.
 */
import cliProgress from 'cli-progress';

export interface ProgressState {
  pdfsDone: number;
  pdfsTotal: number;
  pagesDone: number;
  /** Known pages of opened PDFs plus an estimate for the rest (by file size). */
  pagesTotal: number;
}

export interface ProgressReporter {
  start(state: ProgressState): void;
  update(state: ProgressState): void;
  stop(state: ProgressState): void;
}

export interface ProgressStream {
  write(chunk: string): unknown;
  isTTY?: boolean;
}

export interface ProgressOptions {
  /** Force the mode; default: bar when `stream.isTTY`. */
  tty?: boolean;
  /** Plain mode: at most one line per interval (default 10 s). */
  intervalMs?: number;
  now?: () => number;
}

export function createProgress(stream: ProgressStream, options: ProgressOptions = {}): ProgressReporter {
  return options.tty ?? stream.isTTY === true ? barProgress(stream) : lineProgress(stream, options);
}

/** pages/s and ETA from the pages done since start. */
export function rate(state: ProgressState, elapsedMs: number): { pagesPerSecond: number; etaSeconds: number | null } {
  const pagesPerSecond = elapsedMs > 0 ? (state.pagesDone * 1000) / elapsedMs : 0;
  const left = Math.max(0, state.pagesTotal - state.pagesDone);
  return { pagesPerSecond, etaSeconds: pagesPerSecond > 0 ? left / pagesPerSecond : null };
}

export function formatDuration(seconds: number | null): string {
  if (seconds === null || !Number.isFinite(seconds)) return '?';
  const s = Math.round(seconds);
  return s >= 60 ? `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s` : `${s}s`;
}

export function formatLine(state: ProgressState, elapsedMs: number): string {
  const { pagesPerSecond, etaSeconds } = rate(state, elapsedMs);
  return (
    `pdf: ${state.pagesDone}/${state.pagesTotal} pages, ${pagesPerSecond.toFixed(1)} pages/s, ` +
    `${state.pdfsDone}/${state.pdfsTotal} PDFs, ETA ${formatDuration(etaSeconds)}`
  );
}

function lineProgress(stream: ProgressStream, options: ProgressOptions): ProgressReporter {
  const now = options.now ?? Date.now;
  const interval = options.intervalMs ?? 10_000;
  let started = 0;
  let last = 0;
  return {
    start(state) {
      started = last = now();
      stream.write(`pdf: ${state.pdfsTotal} PDFs to process\n`);
    },
    update(state) {
      const t = now();
      if (t - last < interval) return;
      last = t;
      stream.write(`${formatLine(state, t - started)}\n`);
    },
    stop(state) {
      const elapsed = now() - started;
      stream.write(`${formatLine({ ...state, pagesTotal: state.pagesDone }, elapsed)}, done in ${formatDuration(elapsed / 1000)}\n`);
    },
  };
}

function barProgress(stream: ProgressStream): ProgressReporter {
  const bar = new cliProgress.SingleBar(
    {
      stream: stream as NodeJS.WritableStream,
      format: 'pdf [{bar}] {value}/{total} pages | {speed} pages/s | {pdfs} PDFs | ETA {eta_formatted}',
      hideCursor: true,
      etaBuffer: 50,
      fps: 5,
    },
    cliProgress.Presets.shades_classic,
  );
  let started = 0;
  const payload = (state: ProgressState) => ({
    speed: rate(state, Date.now() - started).pagesPerSecond.toFixed(1),
    pdfs: `${state.pdfsDone}/${state.pdfsTotal}`,
  });
  return {
    start(state) {
      started = Date.now();
      bar.start(Math.max(1, state.pagesTotal), state.pagesDone, payload(state));
    },
    update(state) {
      bar.setTotal(Math.max(1, state.pagesTotal));
      bar.update(state.pagesDone, payload(state));
    },
    stop(state) {
      bar.setTotal(Math.max(1, state.pagesDone));
      bar.update(state.pagesDone, payload(state));
      bar.stop();
    },
  };
}
