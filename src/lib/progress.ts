/**
 * Progress of long stages (the PDF stage, the media upload): a cli-progress bar on a terminal,
 * plain periodic lines elsewhere (CI logs). The output stream is injected, so tests and the
 * orchestrator decide where it goes.
 */
import cliProgress from 'cli-progress';

export interface ProgressState {
  pdfsDone: number;
  pdfsTotal: number;
  pagesDone: number;
  /** Known pages of opened PDFs plus an estimate for the rest (by file size). */
  pagesTotal: number;
  /** The pass under way when it is not the first: `webp`. */
  pass?: 'webp';
  /** Time left of `--pdf-budget`, when there is one. */
  budgetLeftMs?: number;
  /** Set when the budget ran out: the PDFs not done stay pending until the next build. */
  stopped?: boolean;
}

export type ProgressReporter = Reporter<ProgressState>;

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

/**
 * What a progress display shows of one stage: the bar's value and total, its format and
 * fields, and the plain lines for logs. The PDF stage and the media upload each have one.
 */
export interface Gauge<S> {
  value(state: S): number;
  total(state: S): number;
  /** cli-progress format; `{name}` fields come from `payload`. */
  bar: string;
  payload(state: S, elapsedMs: number): Record<string, string>;
  startLine(state: S): string;
  line(state: S, elapsedMs: number): string;
  /** The state as the final line and bar show it (an estimated total becomes the real one). */
  final?(state: S): S;
}

export interface Reporter<S> {
  start(state: S): void;
  update(state: S): void;
  stop(state: S): void;
}

/** A cli-progress bar on a terminal, plain lines at most once per interval elsewhere. */
export function createReporter<S>(stream: ProgressStream, gauge: Gauge<S>, options: ProgressOptions = {}): Reporter<S> {
  return options.tty ?? stream.isTTY === true ? barReporter(stream, gauge) : lineReporter(stream, gauge, options);
}

export function createProgress(stream: ProgressStream, options: ProgressOptions = {}): ProgressReporter {
  return createReporter(stream, PDF_GAUGE, options);
}

/** pages/s and ETA from the pages done since start. */
function rate(state: ProgressState, elapsedMs: number): { pagesPerSecond: number; etaSeconds: number | null } {
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
    `${label(state)}: ${state.pagesDone}/${state.pagesTotal} pages, ${pagesPerSecond.toFixed(1)} pages/s, ` +
    `${state.pdfsDone}/${state.pdfsTotal} PDFs, ETA ${formatDuration(etaSeconds)}${budgetNote(state)}`
  );
}

const label = (state: ProgressState) => (state.pass === 'webp' ? 'pdf webp' : 'pdf');

/** `, budget 4m10s left`, or what a stop by the budget means for the PDFs not done. */
function budgetNote(state: ProgressState): string {
  if (state.stopped) return `, budget spent: ${state.pdfsTotal - state.pdfsDone} PDFs wait for the next build`;
  return state.budgetLeftMs === undefined ? '' : `, budget ${formatDuration(Math.max(0, state.budgetLeftMs) / 1000)} left`;
}

const PDF_GAUGE: Gauge<ProgressState> = {
  value: (state) => state.pagesDone,
  total: (state) => state.pagesTotal,
  bar: '{label} [{bar}] {value}/{total} pages | {speed} pages/s | {pdfs} PDFs | ETA {eta_formatted}{budget}',
  payload: (state, elapsedMs) => ({
    label: label(state),
    speed: rate(state, elapsedMs).pagesPerSecond.toFixed(1),
    pdfs: `${state.pdfsDone}/${state.pdfsTotal}`,
    budget: budgetNote(state).replace(/^, /, ' | '),
  }),
  startLine: (state) => `${label(state)}: ${state.pdfsTotal} PDFs to process${budgetNote(state)}`,
  line: formatLine,
  final: (state) => ({ ...state, pagesTotal: state.pagesDone }),
};

function lineReporter<S>(stream: ProgressStream, gauge: Gauge<S>, options: ProgressOptions): Reporter<S> {
  const now = options.now ?? Date.now;
  const interval = options.intervalMs ?? 10_000;
  let started = 0;
  let last = 0;
  return {
    start(state) {
      started = last = now();
      stream.write(`${gauge.startLine(state)}\n`);
    },
    update(state) {
      const t = now();
      if (t - last < interval) return;
      last = t;
      stream.write(`${gauge.line(state, t - started)}\n`);
    },
    stop(state) {
      const elapsed = now() - started;
      stream.write(`${gauge.line(gauge.final?.(state) ?? state, elapsed)}, done in ${formatDuration(elapsed / 1000)}\n`);
    },
  };
}

function barReporter<S>(stream: ProgressStream, gauge: Gauge<S>): Reporter<S> {
  const bar = new cliProgress.SingleBar(
    { stream: stream as NodeJS.WritableStream, format: gauge.bar, hideCursor: true, etaBuffer: 50, fps: 5 },
    cliProgress.Presets.shades_classic,
  );
  let started = 0;
  return {
    start(state) {
      started = Date.now();
      bar.start(Math.max(1, gauge.total(state)), gauge.value(state), gauge.payload(state, 0));
    },
    update(state) {
      bar.setTotal(Math.max(1, gauge.total(state)));
      bar.update(gauge.value(state), gauge.payload(state, Date.now() - started));
    },
    stop(state) {
      const last = gauge.final?.(state) ?? state;
      bar.setTotal(Math.max(1, gauge.total(last)));
      bar.update(gauge.value(last), gauge.payload(last, Date.now() - started));
      bar.stop();
    },
  };
}
