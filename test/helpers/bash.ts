import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** bash's own parser on a script: the error text, or undefined when it parses. */
export function bashSyntaxError(script: string): string | undefined {
  const result = spawnSync("bash", ["-n"], { input: script, encoding: "utf8" });
  return result.status === 0 ? undefined : result.stderr.trim() || `bash -n exited ${result.status}`;
}

/** Runs `driver` in bash with each script written to `<dir>/<index>.sh`; returns the read-back function. */
function withScripts<T>(scripts: string[], driver: string, env: Record<string, string>, read: (dir: string, index: number) => T): T[] {
  if (scripts.length === 0) return [];
  const dir = mkdtempSync(join(tmpdir(), "hubref-sh-"));
  try {
    scripts.forEach((script, index) => {
      writeFileSync(join(dir, `${index}.sh`), script);
    });
    // A hang guard only: a batch of hundreds of scripts takes seconds.
    const result = spawnSync("/bin/bash", ["-c", driver, "driver", dir, String(scripts.length)], {
      encoding: "utf8",
      env: { ...env, DIR: dir },
      stdio: ["ignore", "pipe", "pipe"],
      timeout: 600_000,
    });
    if (result.status !== 0) throw new Error(`bash batch failed: ${result.stderr || result.error}`);
    return scripts.map((_, index) => read(dir, index));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * `bashSyntaxError` for many scripts at once. bash -n reads them all in one
 * file, each as a function body (it runs nothing); only when that fails does
 * each script get its own bash -n, to say which one is wrong.
 */
export function bashSyntaxErrors(scripts: string[]): (string | undefined)[] {
  const together = scripts.map((script, index) => `check_${index}() {\n:\n${script}\n}\n`).join("");
  if (bashSyntaxError(together) === undefined) return scripts.map(() => undefined);
  const driver = String.raw`for ((i = 0; i < $2; i++)); do /bin/bash -n "$1/$i.sh" 2> "$1/$i.err" || echo "bash -n failed" >> "$1/$i.err"; done`;
  return withScripts(scripts, driver, { PATH: "/usr/bin:/bin" }, (dir, index) => {
    const errors = readFileSync(join(dir, `${index}.err`), "utf8").trim();
    return errors === "" ? undefined : errors;
  });
}

/** One command a script ran: its words after the shell expanded them, what it read on stdin, and its environment. */
export interface RecordedCommand {
  argv: string[];
  stdin: string;
  /** `NAME=value` for every exported variable, `VAR=value command` assignments included. */
  env: string[];
}

/*
 * Every command lookup fails (PATH names an empty folder), so bash hands each
 * command to command_not_found_handle, which records it instead of running it.
 * A script that lets metadata escape its quotes shows it in the words recorded,
 * and can run nothing but builtins in an empty folder of its own.
 */
const RECORDER = String.raw`command_not_found_handle() {
  local input=""
  IFS= read -r -d '' input || true
  local name
  {
    printf 'CMD\0'; printf '%s\0' "$@"; printf 'STDIN\0%s\0' "$input"; printf 'ENV\0'
    for name in $(compgen -e); do printf '%s=%s\0' "$name" "${"$"}{!name}"; done
    printf 'END\0'
  } >> "$RECORD"
  return 0
}`;

/** Runs each script with every command recorded, not run: the commands each script would run, in order. */
export function recordShell(scripts: string[]): RecordedCommand[][] {
  const driver = String.raw`printf '%s\n' "$RECORDER_SOURCE" > "$1/recorder.bash"
for ((i = 0; i < $2; i++)); do
  mkdir -p "$1/work-$i/home"
  : > "$1/$i.rec"
  (cd "$1/work-$i" && env -i HOME="$1/work-$i/home" PATH="$1/empty" RECORD="$1/$i.rec" BASH_ENV="$1/recorder.bash" /bin/bash "$1/$i.sh" < /dev/null > /dev/null 2>&1) || true
done`;
  return withScripts(scripts, driver, { PATH: "/usr/bin:/bin", RECORDER_SOURCE: RECORDER }, (dir, index) =>
    parseRecord(readFileSync(join(dir, `${index}.rec`), "utf8")),
  );
}

function parseRecord(text: string): RecordedCommand[] {
  const fields = text.split("\0");
  const commands: RecordedCommand[] = [];
  for (let at = fields.indexOf("CMD"); at !== -1; at = fields.indexOf("CMD", at)) {
    const stdinAt = fields.indexOf("STDIN", at + 1);
    const endAt = fields.indexOf("END", stdinAt + 3);
    commands.push({ argv: fields.slice(at + 1, stdinAt), stdin: fields[stdinAt + 1]!, env: fields.slice(stdinAt + 3, endAt) });
    at = endAt + 1;
  }
  return commands;
}
