import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { OUTPUTS, staleReason } from "./helpers/build-once.js";

/* The test setup rebuilds dist/ when it is older than its sources: CLI tests must not run stale code. */

let root: string;

function write(path: string, seconds: number): void {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), "x");
  utimesSync(join(root, path), seconds, seconds);
}

afterEach(() => {
  if (root) rmSync(root, { recursive: true, force: true });
});

describe("when the test setup rebuilds", () => {
  it("not when every output is newer than every source", () => {
    root = mkdtempSync(join(tmpdir(), "hubref-build-"));
    write("src/cli/main.ts", 1_000);
    write("templates/python/requests/a.eta", 1_000);
    for (const output of OUTPUTS) write(output, 2_000);
    utimesSync(join(root, "src"), 1_000, 1_000);
    utimesSync(join(root, "src/cli"), 1_000, 1_000);
    utimesSync(join(root, "templates"), 1_000, 1_000);
    utimesSync(join(root, "templates/python"), 1_000, 1_000);
    utimesSync(join(root, "templates/python/requests"), 1_000, 1_000);
    expect(staleReason(root)).toBeUndefined();
  });

  it("when a source or template changed after the build, or an output is missing", () => {
    root = mkdtempSync(join(tmpdir(), "hubref-build-"));
    for (const output of OUTPUTS) write(output, 2_000);
    write("templates/python/requests/a.eta", 3_000);
    expect(staleReason(root)).toContain("templates");
    rmSync(join(root, "dist/bundle/main.cjs"));
    expect(staleReason(root)).toBe("dist/bundle/main.cjs is missing");
  });

  it("not again right after the build it ran: the outputs it checks are the ones the build writes", () => {
    // The setup ran the real build before this file; a name that the build no longer writes
    // would make every run rebuild (and cost its 7 s) without anyone noticing.
    expect(staleReason()).toBeUndefined();
  });
});
