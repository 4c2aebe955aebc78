import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { importClosure, STEPS, staleReason } from "./helpers/build-once.js";

/* The build's steps are redone when one is older than its inputs: a test must not run stale code. */

let root: string;

function write(path: string, seconds: number, text = "x"): void {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
  utimesSync(join(root, path), seconds, seconds);
}

/** Folders take the time of their newest entry here, as an untouched checkout's do not matter. */
function age(path: string, seconds: number): void {
  utimesSync(join(root, path), seconds, seconds);
}

afterEach(() => {
  if (root) rmSync(root, { recursive: true, force: true });
});

describe("when a build step runs again", () => {
  it("not when every output is newer than every input", () => {
    root = mkdtempSync(join(tmpdir(), "hubref-build-"));
    write("src/cli/main.ts", 1_000);
    for (const output of STEPS.bundle.outputs) write(output, 2_000);
    for (const folder of ["src/cli", "src"]) age(folder, 1_000);
    expect(staleReason(STEPS.bundle, root)).toBeUndefined();
  });

  it("when a source changed after the build, or an output is missing", () => {
    root = mkdtempSync(join(tmpdir(), "hubref-build-"));
    for (const output of STEPS.bundle.outputs) write(output, 2_000);
    write("src/cli/main.ts", 3_000);
    expect(staleReason(STEPS.bundle, root)).toContain("src");
    rmSync(join(root, "dist/bundle/hubref.cjs"));
    expect(staleReason(STEPS.bundle, root)).toBe("dist/bundle/hubref.cjs is missing");
  });

  it("the catalogue data: when a catalogue file or a module the build imports changed, not for any other source", () => {
    root = mkdtempSync(join(tmpdir(), "hubref-build-"));
    write("src/build/build.ts", 1_000, 'import { CATALOGUE_PARTS } from "./parts.js";\n');
    write("src/build/parts.ts", 1_000, 'import type { Task } from "../tasks/schema.js";\n');
    write("src/tasks/schema.ts", 1_000);
    write("src/cli/main.ts", 3_000);
    write("catalogue/tasks/a.json", 1_000);
    for (const folder of ["src/build", "src/tasks", "src/cli", "src", "catalogue/tasks", "catalogue"]) age(folder, 1_000);
    for (const output of STEPS.data.outputs) write(output, 2_000);
    expect(importClosure(root, "src/build/build.ts").sort()).toEqual(["src/build/build.ts", "src/build/parts.ts", "src/tasks/schema.ts"]);
    expect(staleReason(STEPS.data, root)).toBeUndefined();
    write("src/tasks/schema.ts", 3_000);
    expect(staleReason(STEPS.data, root)).toContain("src/tasks/schema.ts");
  });

  it("none right after the setup ran: the outputs it checks are the ones the steps write", () => {
    // The global setup ran the steps before this file; an output a step no longer writes would make
    // every run redo it without anyone noticing.
    expect(staleReason(STEPS.generated)).toBeUndefined();
    expect(staleReason(STEPS.data)).toBeUndefined();
  });
});
