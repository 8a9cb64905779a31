import cliProgress from 'cli-progress';
import { terminalText } from './terminalText.ts';
import { terminalJson } from './terminalJson.ts';
import type { BakeProgress, BakeStage } from '../bake/index.ts';

/** How a long command reports progress (`--progress`). */
export type ProgressKind = 'tty' | 'alf' | 'openjd' | 'json' | 'none';
export const PROGRESS_KINDS: readonly ProgressKind[] = ['tty', 'alf', 'openjd', 'json', 'none'];

/** What a command tells its reporter. */
export interface ProgressReporter {
  /** one progress event of the bake (BakeOptions.onProgress) */
  progress(event: BakeProgress): void;
  /** the command finished; `summary` is printed (as a JSON line in json mode) */
  done(summary: string, details: Record<string, unknown>): void;
  /** the command failed: an openjd_fail line, a JSON error line, or nothing (the caller prints the error) */
  fail(message: string, exitCode: number): void;
}

const STAGE_LABELS: Record<BakeStage, string> = {
  import: 'import',
  weights: 'weights',
  embedding: 'embed',
  evaluation: 'evaluate',
  fitting: 'fit',
  simulation: 'simulate',
  transfer: 'transfer',
  export: 'export',
};

/**
 * The progress reporter of `--progress KIND`, the conventions render farms parse on stdout, one line per frame:
 * - `alf`: `ALF_PROGRESS 42%` (Houdini ROPs' line, which Deadline's and Tractor's plugins read);
 * - `openjd`: `openjd_progress: 42` per frame, `openjd_status: …` when the stage changes, `openjd_fail: …` on a
 *   failure (Open Job Description, AWS Deadline Cloud);
 * - `json`: one JSON object per line, `{"event":"progress","stage","frame","frameCount","percent","etaSeconds"}`,
 *   then `{"event":"done",…}` or `{"event":"error","message","exitCode"}`;
 * - `tty`: a bar on stderr (cli-progress), the default when stderr is a terminal;
 * - `none`: nothing but the final summary.
 * Percentages cover the whole command: the simulated frames take 0–99 %, 100 % is printed once the output is
 * written. Machine lines go to stdout, messages to stderr.
 *
 * @param kind    the format
 * @param stdout  where machine-readable lines go (process.stdout)
 * @param stderr  where the bar goes (process.stderr)
 * @returns the reporter
 */
export function progressReporter(kind: ProgressKind, stdout: NodeJS.WritableStream, stderr: NodeJS.WritableStream): ProgressReporter {
  const line = (text: string) => stdout.write(`${text}\n`);
  const percentOf = (event: BakeProgress) =>
    event.stage === 'simulation' ? Math.floor((99 * event.frame) / Math.max(1, event.frameCount)) : event.stage === 'export' ? 99 : 0;
  let stage: BakeStage | null = null;
  if (kind === 'tty') {
    const bar = new cliProgress.SingleBar(
      { stream: stderr, format: 'bake |{bar}| {stage} {value}/{total} frames | ETA {eta_formatted}', hideCursor: false, clearOnComplete: false, etaBuffer: 20 },
      cliProgress.Presets.shades_classic,
    );
    let started = false;
    return {
      progress(event) {
        if (!started) {
          bar.start(event.frameCount, event.frame, { stage: STAGE_LABELS[event.stage] });
          started = true;
        }
        if (event.stage === 'simulation') bar.setTotal(event.frameCount);
        bar.update(event.stage === 'simulation' ? event.frame : bar.getProgress() * bar.getTotal(), { stage: STAGE_LABELS[event.stage] });
      },
      done(summary) {
        bar.stop();
        line(terminalText(summary));
      },
      fail() {
        bar.stop();
      },
    };
  }
  return {
    progress(event) {
      const percent = percentOf(event);
      if (kind === 'alf' && event.stage === 'simulation') line(`ALF_PROGRESS ${percent}%`);
      if (kind === 'openjd') {
        if (event.stage !== stage)
          line(
            `openjd_status: ${event.stage === 'simulation' ? `simulating ${event.frameCount} frames` : event.stage === 'export' ? 'exporting' : STAGE_LABELS[event.stage]}`,
          );
        if (event.stage === 'simulation') line(`openjd_progress: ${percent}`);
      }
      if (kind === 'json') {
        const eta = event.etaSeconds === null ? null : Number(event.etaSeconds.toFixed(3));
        line(JSON.stringify({ event: 'progress', stage: event.stage, frame: event.frame, frameCount: event.frameCount, percent, etaSeconds: eta }));
      }
      stage = event.stage;
    },
    done(summary, details) {
      if (kind === 'alf') line('ALF_PROGRESS 100%');
      if (kind === 'openjd') line('openjd_progress: 100');
      if (kind === 'json') line(terminalJson({ event: 'done', ...details }));
      else line(terminalText(summary));
    },
    fail(message, exitCode) {
      if (kind === 'openjd') line(`openjd_fail: ${terminalText(message)}`);
      if (kind === 'json') line(terminalJson({ event: 'error', message: terminalText(message), exitCode }));
    },
  };
}
