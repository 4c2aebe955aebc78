import { defineConfig } from "vitest/config";
import { pathWithRealPython } from "./test/helpers/interpreter-path.js";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts", "test/**/*.test.tsx"],
    // The modules generated into src/ and the catalogue data, redone when their inputs changed. The
    // bundle that bin/hubref runs is built only by the test files that start it (ensureBuilt).
    globalSetup: ["test/helpers/build-once.ts"],
    // Ink renders nothing until exit when CI=true; its tests need a live screen.
    env: { CI: "false", PATH: pathWithRealPython() },
    // Most files wait on child processes (python3, bash, node, tmux): two at a time keep both cores busy.
    maxWorkers: 2,
    // A worker runs its files one after another in one module graph: the sources are loaded and
    // transformed once per worker, not once per file (about a third of the suite's CPU time).
    // So a test file restores what it changes (cwd, timers, mocks), and src/ keeps no per-run state
    // in globals (a command's exit code travels in its CommandContext).
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
