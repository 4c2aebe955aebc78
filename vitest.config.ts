import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts", "test/**/*.test.tsx"],
    // CLI tests launch dist/: rebuild it first when any source is newer.
    globalSetup: ["test/helpers/build-once.ts"],
    // Ink renders nothing until exit when CI=true; its tests need a live screen.
    env: { CI: "false" },
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
