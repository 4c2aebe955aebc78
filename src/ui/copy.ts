/**
 * Copying a snippet: the system clipboard first; where none is reachable (no
 * display server, an SSH session) the OSC 52 escape sequence asks the terminal
 * itself to set its clipboard. Dependencies are passed in so tests can force
 * each path.
 */

export type CopyOutcome =
  | { ok: true; method: "clipboard" }
  /** The terminal was asked; whether it obliged cannot be known. */
  | { ok: true; method: "osc52"; clipboardError: string }
  | { ok: false; reason: string };

export interface CopyDeps {
  /** Writes the system clipboard (clipboardy in the program). */
  writeClipboard(text: string): Promise<void>;
  /** Writes raw bytes to the terminal; absent when the output is not a terminal. */
  writeTerminal?: (data: string) => void;
  /** How long the clipboard may take before it counts as unreachable. */
  timeoutMs?: number;
}

/** Longest OSC 52 payload sent: terminals cap it (xterm and tmux near 100 kB) and drop longer ones. */
export const OSC52_MAX_LENGTH = 100_000;

/** OSC 52 "set clipboard" with the text in base64, ended by BEL (understood more widely than ST). */
export function osc52(text: string): string {
  return `\x1b]52;c;${Buffer.from(text, "utf8").toString("base64")}\x07`;
}

/** The tools clipboardy runs on Linux, each with the package that has it. */
const CLIPBOARD_TOOLS = [
  { tool: "wl-copy", package: "wl-clipboard" },
  { tool: "xsel", package: "xsel" },
] as const;

/** A short reason for the status line; clipboardy's messages run to several sentences, and name the tool it missed. */
export function clipboardErrorReason(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  if (/display server|can't open display|no display/i.test(message)) return "no display server";
  const missing = /find the `?([\w-]+)`? binary|spawn ([\w-]+) ENOENT/.exec(message);
  const tool = CLIPBOARD_TOOLS.find(({ tool }) => tool === (missing?.[1] ?? missing?.[2]));
  if (tool !== undefined) return `install ${tool.package} for the system clipboard (sudo apt install ${tool.package})`;
  const first = message.split(/[.\n]/)[0]?.trim() || "unknown error";
  return first.length > 60 ? `${first.slice(0, 59)}…` : first;
}

class ClipboardTimeout extends Error {
  constructor() {
    super("the clipboard did not answer");
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ClipboardTimeout()), ms);
    timer.unref();
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

export async function copyText(text: string, deps: CopyDeps): Promise<CopyOutcome> {
  let reason: string;
  try {
    await withTimeout(deps.writeClipboard(text), deps.timeoutMs ?? 3000);
    return { ok: true, method: "clipboard" };
  } catch (error) {
    reason = clipboardErrorReason(error);
  }
  if (!deps.writeTerminal) return { ok: false, reason: `${reason}, and the output is not a terminal` };
  const sequence = osc52(text);
  if (sequence.length > OSC52_MAX_LENGTH) return { ok: false, reason: `${reason}, and the snippet is too long for OSC 52` };
  try {
    deps.writeTerminal(sequence);
    return { ok: true, method: "osc52", clipboardError: reason };
  } catch (error) {
    return { ok: false, reason: `${reason}; writing to the terminal failed too (${clipboardErrorReason(error)})` };
  }
}

/** The system clipboard through clipboardy, loaded on first use: it costs ~90 ms to import. */
export function systemClipboard(): (text: string) => Promise<void> {
  return async (text) => {
    const { default: clipboard } = await import("clipboardy");
    await clipboard.write(text);
  };
}
