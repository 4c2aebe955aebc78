import { spawnSync } from "node:child_process";
import { appendFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

/*
 * The build's steps, each redone only when one of its inputs is newer than what it wrote last.
 *
 * vitest's global setup (the default export) brings up to date what every test reads: the modules
 * generated into src/ (templates, the quick model check) and the catalogue data in dist/data/. A unit
 * test runs src/ itself, so an edit of src/ costs it no build. The tests that start bin/hubref, or read
 * dist/ otherwise, call ensureBuilt() (test/helpers/cli.ts and test/ui/helpers/tmux.ts do on import),
 * which bundles dist/bundle/ first when src/ changed; a failing step fails them with its output.
 */

const ROOT = fileURLToPath(new URL("../../", import.meta.url));

interface Step {
  name: string;
  /** Files and folders (relative to the root) whose change makes the step's output stale. */
  inputs: (root: string) => string[];
  /** What the step writes, newest-first checked: a missing one makes it stale too. */
  outputs: string[];
  command: string[];
}

/** src/ files a module reaches through relative imports, itself included. */
export function importClosure(root: string, entry: string): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file) || !existsSync(join(root, file))) return;
    seen.add(file);
    const text = readFileSync(join(root, file), "utf8");
    for (const match of text.matchAll(/(?:from|import)\s*\(?\s*"(\.{1,2}\/[^"]+)"/g)) {
      const base = relative(root, resolve(dirname(join(root, file)), match[1]!)).replace(/\.js$/, "");
      for (const candidate of [`${base}.ts`, `${base}.tsx`]) visit(candidate);
    }
  };
  visit(entry);
  return [...seen];
}

const STAMPS = ".tmp/build-stamps";

/** The steps, in the order they run. "generated" writes only the files whose text changed: it leaves a stamp. */
export const STEPS: Record<"generated" | "data" | "bundle" | "declarations", Step> = {
  generated: {
    name: "the modules generated into src/",
    inputs: (root) => ["templates", ...importClosure(root, "src/build/generate.ts")],
    outputs: [`${STAMPS}/generated`],
    command: [process.execPath, "--import", "tsx", "src/build/generate.ts"],
  },
  data: {
    name: "the catalogue data (dist/data/)",
    inputs: (root) => ["catalogue", ...importClosure(root, "src/build/build.ts")],
    outputs: ["dist/data/tasks.json", "dist/data/libraries.json"],
    command: [process.execPath, "--import", "tsx", "src/build/build.ts"],
  },
  bundle: {
    name: "the bundle (dist/bundle/)",
    inputs: () => ["src", "scripts/bundle.mjs", "package.json", "tsconfig.json"],
    outputs: ["dist/bundle/hubref.cjs", "dist/bundle/library.mjs", "dist/bundle/mount.js", "dist/bundle/modules.json"],
    command: [process.execPath, "scripts/bundle.mjs"],
  },
  declarations: {
    name: "the library's declarations (dist/api/*.d.ts)",
    inputs: () => ["src", "tsconfig.json", "tsconfig.api.json"],
    outputs: ["dist/api/index.d.ts"],
    command: [process.execPath, "node_modules/typescript/bin/tsc", "-p", "tsconfig.api.json"],
  },
};

function newestMtime(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((newest, name) => Math.max(newest, newestMtime(join(path, name))), stat.mtimeMs);
}

/** Why a step must run again, or undefined when its output is up to date. */
export function staleReason(step: Step, root = ROOT): string | undefined {
  const missing = step.outputs.find((output) => !existsSync(join(root, output)));
  if (missing) return `${missing} is missing`;
  const built = Math.min(...step.outputs.map((output) => statSync(join(root, output)).mtimeMs));
  const changed = step.inputs(root).filter((input) => existsSync(join(root, input)) && newestMtime(join(root, input)) > built);
  return changed.length > 0 ? `${changed.slice(0, 3).join(", ")}${changed.length > 3 ? " and more" : ""} changed after it` : undefined;
}

function run(step: Step, reason: string): void {
  process.stderr.write(`test setup: building ${step.name}, since ${reason}\n`);
  const [command, ...args] = step.command;
  const result = spawnSync(command!, args, { cwd: ROOT, encoding: "utf8" });
  if (result.status !== 0) throw new Error(`building ${step.name} failed, so no test can run on current code:\n${result.stdout}${result.stderr}`);
  if (step.outputs[0]!.startsWith(STAMPS)) {
    mkdirSync(join(ROOT, STAMPS), { recursive: true });
    writeFileSync(join(ROOT, step.outputs[0]!), "");
  }
}

/** Sleeps without a timer: the callers are synchronous, at a test file's import. */
const sleep = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/**
 * Runs each stale step, one process at a time: test workers that start bin/hubref may ask at once,
 * and the second waits for the first's build rather than writing the same files beside it.
 */
function bringUpToDate(steps: Step[]): void {
  const lock = join(ROOT, ".tmp/build-lock");
  mkdirSync(dirname(lock), { recursive: true });
  const deadline = Date.now() + 10 * 60_000;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      // A lock whose process is gone (killed mid-build) is taken over.
      const owner = Number(existsSync(join(lock, "pid")) ? readFileSync(join(lock, "pid"), "utf8") : Number.NaN);
      if (Number.isInteger(owner) && !processAlive(owner)) rmSync(lock, { recursive: true, force: true });
      else if (Date.now() > deadline) throw new Error(`another test process has held ${lock} for ten minutes`);
      else sleep(200);
    }
  }
  try {
    writeFileSync(join(lock, "pid"), String(process.pid));
    for (const step of steps) {
      const reason = staleReason(step);
      if (reason !== undefined) run(step, reason);
    }
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Set by test/build/test-loop.test.ts: every call of ensureBuilt is written there, one line each. */
const CALL_LOG = "HUBREF_TEST_BUILD_LOG";
let built = false;

/**
 * For a test that starts bin/hubref or reads dist/bundle/: the bundle, built from current sources
 * (and the library's declarations too, with `declarations`, for the packed package's type check).
 */
export function ensureBuilt(options: { declarations?: boolean } = {}): void {
  const log = process.env[CALL_LOG];
  if (log) appendFileSync(log, `${process.pid}\n`);
  if (built && !options.declarations) return;
  bringUpToDate([STEPS.generated, STEPS.data, STEPS.bundle, ...(options.declarations ? [STEPS.declarations] : [])]);
  built = true;
}

/** vitest's global setup: what in-process tests read. No bundle: see ensureBuilt. */
export default function setup(): void {
  bringUpToDate([STEPS.generated, STEPS.data]);
}
