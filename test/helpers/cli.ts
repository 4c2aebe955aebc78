import { spawn, spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { ensureBuilt } from "./build-once.js";

import { ROOT } from "./paths.js";

export { ROOT };
export const BIN = fileURLToPath(new URL("../../bin/hubref", import.meta.url));

// Every test file that imports this starts bin/hubref: the bundle it runs is built from current sources first.
ensureBuilt();

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

/**
 * Like runCli, but without blocking the event loop: needed when the test
 * process itself serves what the CLI fetches (a loopback hub).
 */
export function runCliAsync(args: string[], options: { env?: NodeJS.ProcessEnv; cwd?: string } = {}): Promise<CliResult> {
  const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: undefined, FORCE_COLOR: undefined, DEBUG: undefined, ...options.env };
  for (const key of Object.keys(env)) if (env[key] === undefined) delete env[key];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { env, cwd: options.cwd ?? ROOT, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    child.on("error", reject);
    child.on("close", (status) => resolve({ status, stdout, stderr }));
  });
}
