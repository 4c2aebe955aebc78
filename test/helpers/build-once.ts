import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/*
 * vitest globalSetup. CLI tests launch dist/, and in-process tests read the
 * catalogue compiled into dist/data/: a build older than its sources lets a
 * test pass on code that no longer exists. So before any test runs, the
 * build is redone when any source is newer than what it produced, and a
 * failing build fails the run. An up-to-date build is not redone, so
 * `npm test` builds at most once and a single test file starts at once.
 */

const ROOT = fileURLToPath(new URL("../../", import.meta.url));

/** What the build reads: a change to any of them makes dist/ stale. */
const INPUTS = ["src", "templates", "catalogue", "scripts", "tsconfig.json", "tsconfig.api.json", "package.json"];

/** What the build writes last in each of its steps (tsc, catalogue build, bundles). */
export const OUTPUTS = ["dist/cli/main.js", "dist/api/index.d.ts", "dist/data/tasks.json", "dist/bundle/main.cjs", "dist/bundle/mount.js"];

function newestMtime(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((newest, name) => Math.max(newest, newestMtime(join(path, name))), stat.mtimeMs);
}

/** Why dist/ must be rebuilt, or undefined when it is up to date. */
export function staleReason(root = ROOT): string | undefined {
  const missing = OUTPUTS.find((output) => !existsSync(join(root, output)));
  if (missing) return `${missing} is missing`;
  const built = Math.min(...OUTPUTS.map((output) => statSync(join(root, output)).mtimeMs));
  const changed = INPUTS.filter((input) => existsSync(join(root, input)) && newestMtime(join(root, input)) > built);
  return changed.length > 0 ? `${changed.join(", ")} changed after the last build` : undefined;
}

export default function setup(): void {
  const reason = staleReason();
  if (reason === undefined) return;
  process.stderr.write(`test setup: building, since ${reason}\n`);
  const result = spawnSync("npm", ["run", "--silent", "build"], { cwd: ROOT, encoding: "utf8" });
  if (result.status !== 0) {
    throw new Error(`the build failed, so no test can run on current code:\n${result.stdout}${result.stderr}`);
  }
}
