import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { buildSync } from "esbuild";
import { fileURLToPath } from "node:url";
import { expect, vi } from "vitest";
import { ensureBuilt } from "../../helpers/build-once.js";

export const ROOT = fileURLToPath(new URL("../../../", import.meta.url));

/** For the tests that start `hubref ... -i`: the built CLI, from current sources (the demo below needs no build). */
export function requireBuilt(): void {
  ensureBuilt();
}

let demoEntry: string | undefined;

/**
 * The stand-alone picker over the demo snippets (test/ui/demo/), bundled once
 * per run the way scripts/bundle.mjs bundles the picker: run from source, Ink's
 * module graph alone takes seconds to load on a busy machine.
 */
export function demoCommand(): string[] {
  if (demoEntry === undefined) {
    // In the git-ignored .tmp/, overwritten by the next run; only terminal.test.ts starts the demo.
    const outdir = join(ROOT, ".tmp", "demo");
    buildSync({
      entryPoints: [join(ROOT, "test/ui/demo/demo-entry.ts")],
      outdir,
      bundle: true,
      platform: "node",
      target: "node20",
      format: "esm",
      // Ink's devtools (DEV=true only) in a chunk of their own, as in scripts/bundle.mjs.
      splitting: true,
      logLevel: "error",
      banner: { js: 'import { createRequire as __demoCreateRequire } from "node:module"; const require = __demoCreateRequire(import.meta.url);' },
      external: ["clipboardy", "react-devtools-core"],
      define: { "process.env.NODE_ENV": '"production"' },
    });
    const outfile = join(outdir, "demo-entry.js");
    demoEntry = outfile;
  }
  return [process.execPath, demoEntry];
}

/** Quotes a word for the shell command tmux runs in its pane. */
function quote(word: string): string {
  return `'${word.replace(/'/g, "'\\''")}'`;
}

let sessions = 0;

/**
 * One program in a detached tmux session on a private server: keys go in with
 * send-keys, the screen comes back with capture-pane. The pane outlives the
 * program, so the screen it leaves behind can be read too.
 */
export class TmuxSession {
  readonly socket = `hubref-test-${process.pid}-${++sessions}`;

  /** `env` is set for the program only; `before` runs in the pane's shell first. */
  constructor(
    readonly command: string[],
    readonly options: { width: number; height: number; env?: Record<string, string>; unset?: string[]; before?: string; after?: string },
  ) {}

  tmux(...args: string[]): string {
    const result = spawnSync("tmux", ["-L", this.socket, "-f", "/dev/null", ...args], { encoding: "utf8" });
    if (result.error) throw new Error(`tmux could not run (${result.error.message}): install the tmux package`);
    if (result.status !== 0) throw new Error(`tmux ${args[0]} failed: ${result.stderr}`);
    return result.stdout;
  }

  start(): this {
    const env = Object.entries(this.options.env ?? {}).map(([key, value]) => `${key}=${value}`);
    const unset = (this.options.unset ?? []).flatMap((name) => ["-u", name]);
    const program = ["env", ...unset, ...env, ...this.command].map(quote).join(" ");
    const shell = [this.options.before, program, `echo "exit=$?"`, this.options.after, "sleep 60"].filter(Boolean).join("; ");
    this.tmux("new-session", "-d", "-s", "main", "-x", String(this.options.width), "-y", String(this.options.height), shell);
    return this;
  }

  /** tmux key names ("Down", "Enter", "C-c") or plain text with `literal`. */
  keys(...keys: string[]): void {
    this.tmux("send-keys", "-t", "main", ...keys);
  }

  type(text: string): void {
    this.tmux("send-keys", "-t", "main", "-l", text);
  }

  screen(): string {
    return this.tmux("capture-pane", "-p", "-t", "main");
  }

  lines(): string[] {
    return this.screen()
      .split("\n")
      .map((line) => line.trimEnd());
  }

  /** Waits until the screen shows every text given, and returns it. */
  async waitFor(...texts: string[]): Promise<string> {
    const showsAll = () => {
      const screen = this.screen();
      for (const text of texts) expect(screen).toContain(text);
    };
    await vi.waitFor(showsAll, { timeout: 20_000, interval: 50 });
    return this.screen();
  }

  kill(): void {
    spawnSync("tmux", ["-L", this.socket, "kill-server"]);
  }
}
