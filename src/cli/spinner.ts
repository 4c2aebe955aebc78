import { ExitCode } from "../errors.js";
import { envCount } from "../model/hub/env.js";
import type { OutputStream } from "../output/output.js";

export interface SpinnerSettings {
  /** Nothing is drawn for answers quicker than this: a flash is noise. */
  delayMs: number;
  intervalMs: number;
  /** Ends the process after Ctrl-C; tests replace it. */
  exit: (code: number) => void;
}

const DEFAULT_SPINNER_SETTINGS: SpinnerSettings = { delayMs: 150, intervalMs: 80, exit: (code) => process.exit(code) };

interface Spinner {
  /** Clears the line if anything was drawn; safe to call twice. */
  stop(): void;
}

const FRAMES = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"];
const CLEAR_LINE = "\r\x1b[2K";

const idle: Spinner = { stop: () => undefined };

/** Whether a spinner may draw on `stream`: a terminal that understands cursor movement. */
function canSpin(stream: OutputStream, env: NodeJS.ProcessEnv): boolean {
  return Boolean(stream.isTTY) && env.TERM !== "dumb";
}

/**
 * A one-line spinner with `message`, redrawn in place. Writes nothing at all
 * unless `stream` is a terminal, so piped and captured output stays clean.
 */
export function startSpinner(stream: OutputStream, message: string, env: NodeJS.ProcessEnv, settings: Partial<SpinnerSettings> = {}): Spinner {
  if (!canSpin(stream, env)) return idle;
  // HUBREF_SPINNER_DELAY_MS: a test that reads a terminal's bytes sets it high, so no frame depends on how
  // fast the machine answers; a person may set it to 0 to see the spinner at once.
  const envDelay = envCount(env, "spinnerDelay", "HUBREF_SPINNER_DELAY_MS", 0, 3_600_000);
  const { delayMs, intervalMs, exit } = { ...DEFAULT_SPINNER_SETTINGS, ...(envDelay === undefined ? {} : { delayMs: envDelay }), ...settings };
  // A line longer than the terminal wraps, and "\r" would then only clear its last row.
  const columns = (stream as { columns?: number }).columns;
  const text = columns && message.length > columns - 3 ? `${message.slice(0, Math.max(0, columns - 4))}…` : message;
  let frame = 0;
  let drawn = false;
  let interval: NodeJS.Timeout | undefined;
  const draw = () => {
    stream.write(`\r${FRAMES[frame % FRAMES.length]} ${text}`);
    frame++;
    drawn = true;
  };
  // unref: a spinner must never be what keeps the process alive.
  const delay = setTimeout(() => {
    draw();
    interval = setInterval(draw, intervalMs).unref();
  }, delayMs).unref();
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    process.off("SIGINT", interrupted);
    clearTimeout(delay);
    clearInterval(interval);
    if (drawn) stream.write(CLEAR_LINE);
  };
  // Node's own exit on Ctrl-C would leave the spinner's line on the screen.
  const interrupted = () => {
    stop();
    exit(ExitCode.interrupted);
  };
  process.on("SIGINT", interrupted);
  return { stop };
}
