import { spawnSync } from "node:child_process";
import { delimiter, dirname } from "node:path";

/*
 * A version manager's python3 (pyenv's shim) is a bash script that runs
 * `pyenv exec` before the interpreter: several times the interpreter's own
 * start-up. Snippets start python3 on every poll of a queued job, so the tests
 * run them with the interpreter's own folder first on PATH. Same python3, same
 * snippet text; only the detour goes.
 */

/** PATH with the folder of the interpreter `python3` resolves to in front, or PATH unchanged when there is none. */
export function pathWithRealPython(path = process.env.PATH ?? ""): string {
  const result = spawnSync("python3", ["-c", "import sys; print(sys.executable)"], { encoding: "utf8" });
  const executable = result.status === 0 ? result.stdout.trim() : "";
  if (executable === "") return path;
  return [dirname(executable), ...path.split(delimiter).filter((entry) => entry !== dirname(executable))].join(delimiter);
}
