import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

export const ROOT = fileURLToPath(new URL("../../", import.meta.url));
export const BIN = fileURLToPath(new URL("../../bin/hubref", import.meta.url));

export interface CliResult {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the built CLI as a user would, with stdout and stderr captured (so neither is a TTY). */
export function runCli(args: string[], options: { input?: string | Buffer; env?: NodeJS.ProcessEnv; cwd?: string } = {}): CliResult {
  const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: undefined, FORCE_COLOR: undefined, DEBUG: undefined, ...options.env };
  for (const key of Object.keys(env)) if (env[key] === undefined) delete env[key];
  const result = spawnSync(process.execPath, [BIN, ...args], {
    input: options.input ?? "",
    env,
    cwd: options.cwd ?? ROOT,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}
