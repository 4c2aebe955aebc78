import { spawnSync } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** The commands generated scripts may call; each is replaced by a stub that logs its argv. */
export const STUBBED = [
  "brew",
  "sh",
  "llama",
  "llama-server",
  "llama-cli",
  "curl",
  "pip",
  "vllm",
  "hf",
  "python3",
  "docker",
  "ollama",
  "npx",
  "mlx_lm.generate",
  "mlx_lm.server",
  "lemonade",
  "pi",
];

export interface Recorded {
  argv: string[][];
  /** Each call's environment beyond what the script was started with (an `OLLAMA_…=… ollama serve`), in argv's order. */
  env: Record<string, string>[];
  /** Files the script left in its working folder (a `touch pwned` that ran). */
  leftovers: string[];
  status: number | null;
  stderr: string;
}

/**
 * Runs a script under bash with PATH holding only the stubs: any command not
 * stubbed fails as "not found", and every stubbed call is logged whole
 * (NUL-separated words, then a \x1d word and the exported variables the
 * script added, one record per call).
 */
export function runRecorded(script: string): Recorded {
  const root = mkdtempSync(join(tmpdir(), "hubref-recorder-"));
  const bin = join(root, "bin");
  const work = join(root, "work");
  const log = join(root, "log");
  mkdirSync(bin);
  mkdirSync(work);
  mkdirSync(log);
  for (const name of STUBBED) {
    const stub = join(bin, name);
    // One file per call, named by the time it was made: a background server's call and the foreground curl's
    // cannot interleave in one file (bash's printf may write a record in several pieces).
    writeFileSync(
      stub,
      [
        "#!/bin/bash",
        "{",
        `  printf '%s\\0' "\${0##*/}" "$@" $'\\035'`,
        "  for name in $(compgen -e); do",
        `    case $name in PATH|RECORD|HOME|PWD|OLDPWD|SHLVL|_) ;; *) printf '%s=%s\\0' "$name" "\${!name}" ;; esac`,
        "  done",
        `  printf '%s\\0' $'\\036'`,
        `} > "$RECORD/\${EPOCHREALTIME/./}-$BASHPID"`,
        "",
      ].join("\n"),
    );
    chmodSync(stub, 0o755);
  }
  // `wait`: servers are started in the background; their stubs must finish before the log is read.
  const result = spawnSync("/bin/bash", ["-c", `${script}\nwait\n`], { cwd: work, env: { PATH: bin, RECORD: log, HOME: work }, encoding: "utf8" });
  // Calls in the order they were made: names are the microsecond clock (same width for ages), then the pid.
  const text = readdirSync(log)
    .sort()
    .map((file) => readFileSync(join(log, file), "utf8"))
    .join("");
  const records = text
    .split("\x1e\0")
    .filter((record) => record !== "")
    .map((record) => record.split("\0").slice(0, -1));
  const argv = records.map((words) => words.slice(0, words.lastIndexOf("\x1d")));
  const env = records.map((words) =>
    Object.fromEntries(words.slice(words.lastIndexOf("\x1d") + 1).map((entry) => [entry.slice(0, entry.indexOf("=")), entry.slice(entry.indexOf("=") + 1)])),
  );
  const leftovers = readdirSync(work);
  rmSync(root, { recursive: true, force: true });
  return { argv, env, leftovers, status: result.status, stderr: result.stderr };
}
