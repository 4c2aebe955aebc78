import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative, resolve } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ensureBuilt } from "../helpers/build-once.js";
import { ROOT } from "../helpers/paths.js";

/*
 * The edit-test loop: a unit test runs src/ itself, so an edit of src/ costs it no build. Only the test
 * files that start bin/hubref (or read dist/bundle/) build the bundle first, and they say so by calling
 * ensureBuilt, which test/helpers/cli.ts does on import.
 */

let scratch: string | undefined;
afterEach(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
  scratch = undefined;
});

/** Test files and test helpers, as paths relative to the root. */
function testFiles(folder = "test"): string[] {
  return readdirSync(join(ROOT, folder), { withFileTypes: true }).flatMap((entry) => {
    const path = `${folder}/${entry.name}`;
    if (entry.isDirectory()) return entry.name === "fixtures" ? [] : testFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Whether a test file reaches ensureBuilt: it calls it, or imports (through test helpers) a module that does. */
function buildsFirst(file: string, seen = new Set<string>()): boolean {
  if (seen.has(file) || !existsSync(join(ROOT, file))) return false;
  seen.add(file);
  const text = readFileSync(join(ROOT, file), "utf8");
  if (/^ensureBuilt\(|\bensureBuilt\(\{|beforeAll\(requireBuilt\)|requireBuilt\(\);/m.test(text) && !file.endsWith("build-once.ts")) return true;
  return [...text.matchAll(/from\s*"(\.{1,2}\/[^"]+)\.js"/g)].some((match) => {
    const target = relative(ROOT, resolve(dirname(join(ROOT, file)), match[1]!));
    return target.startsWith("test/") && [`${target}.ts`, `${target}.tsx`].some((candidate) => buildsFirst(candidate, seen));
  });
}

describe("the edit-test loop", () => {
  it("a test file that starts bin/hubref or reads the bundle builds it first; a unit test file does neither", () => {
    const tests = testFiles().filter((file) => /\.test\.tsx?$/.test(file));
    // What starting the built command line looks like in a test: the helpers' BIN, or its path or the bundle's in the project.
    const startsTheBuild = (file: string) =>
      /import\s*\{[^}]*\bBIN\b[^}]*\}\s*from|join\(ROOT,\s*"(?:bin\/hubref|dist\/bundle)|new URL\("(?:\.\.\/)+(?:bin\/hubref|dist\/bundle)/.test(
        readFileSync(join(ROOT, file), "utf8"),
      );
    const unbuilt = tests.filter((file) => startsTheBuild(file) && !buildsFirst(file));
    expect(unbuilt).toEqual([]);
    // The check sees both kinds.
    expect(buildsFirst("test/cli/main.test.ts")).toBe(true);
    expect(buildsFirst("test/ui/state.test.ts")).toBe(false);
    expect(startsTheBuild("test/build/bundle.test.ts") && startsTheBuild("test/mcp/server.test.ts")).toBe(true);
    expect(tests.filter((file) => !buildsFirst(file)).length).toBeGreaterThan(tests.length / 2);
  });

  it("running a unit test file does not call for the build", () => {
    scratch = mkdtempSync(join(tmpdir(), "hubref-loop-"));
    const log = join(scratch, "calls.txt");
    // vitest's own variables would make the child believe it is one of this run's workers.
    const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^(?:VITEST|TEST$|NODE_OPTIONS$)/.test(key)));
    const child = spawnSync(process.execPath, ["node_modules/vitest/vitest.mjs", "run", "test/ui/state.test.ts"], {
      cwd: ROOT,
      env: { ...env, HUBREF_TEST_BUILD_LOG: log },
      encoding: "utf8",
    });
    expect(child.status, child.stdout + child.stderr).toBe(0);
    expect(child.stdout).toMatch(/Test Files\s+.*1 passed/);
    expect(existsSync(log)).toBe(false);
    // And the log is written when the build is called for (here up to date, as the test files above built it).
    process.env.HUBREF_TEST_BUILD_LOG = log;
    try {
      ensureBuilt();
    } finally {
      delete process.env.HUBREF_TEST_BUILD_LOG;
    }
    expect(readFileSync(log, "utf8").trim()).toBe(String(process.pid));
  }, 120_000);
});
