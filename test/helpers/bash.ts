import { spawnSync } from "node:child_process";

/** bash's own parser on a script: the error text, or undefined when it parses. */
export function bashSyntaxError(script: string): string | undefined {
  const result = spawnSync("bash", ["-n"], { input: script, encoding: "utf8" });
  return result.status === 0 ? undefined : result.stderr.trim() || `bash -n exited ${result.status}`;
}
