// Build step: bundles the Ink screen with ink and react into dist/ui/mount.bundle.js.
// Loading Ink's own module graph takes ~350 ms on Node 20 (most of it a utility library
// it imports whole); one bundled file loads in ~90 ms, which keeps the picker's first
// paint well under 300 ms.
import { build } from "esbuild";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../", import.meta.url));
await build({
  absWorkingDir: root,
  entryPoints: ["dist/ui/mount.js"],
  outfile: "dist/ui/mount.bundle.js",
  bundle: true,
  format: "esm",
  platform: "node",
  target: "node20",
  logLevel: "error",
  // clipboardy runs helper binaries found relative to its own files: keep it a package.
  external: ["clipboardy"],
  // Ink loads its devtools only when DEV=true; the optional package is never installed.
  alias: { "react-devtools-core": "./scripts/empty-module.mjs" },
  define: { "process.env.NODE_ENV": '"production"' },
  // Some bundled CommonJS code calls require(); give the ES module one.
  banner: { js: 'import { createRequire as __hubrefCreateRequire } from "node:module"; const require = __hubrefCreateRequire(import.meta.url);' },
});
