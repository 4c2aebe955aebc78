// Build step, after tsc: bundles the compiled CLI for a fast start.
//
// Node pays for every module file it resolves and loads: the CLI with its dependencies is one CommonJS
// file, dist/bundle/main.cjs, which bin/hubref requires (with Node's own compile cache where Node has
// one). What only some runs need stays out of it and is loaded by the same `import()` the source
// makes, its path unchanged: each such file is bundled here to the path that import names, relative
// to the bundle. So the source, dist/ and the bundle run the same code; nothing is swapped or patched.
//   dist/bundle/snippets/<file>.js  one library's generator (src/libraries/generators.ts)
//   dist/bundle/mount.js            the picker's screen, with Ink and React (src/ui/run-picker.ts)
//   dist/bundle/mount-browser.js    the models browser's screen (src/ui/browser/run-browser.ts)
// The two screens share their code (Ink, React, the picker) through chunks in dist/bundle/chunks/.
// `hubref mcp` imports ../mcp/server.js: tsc's own output in dist/mcp/, unbundled, since a long-lived
// server pays its start-up once and the MCP SDK would otherwise weigh on every other command's start.
import { build } from "esbuild";
import { readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../", import.meta.url));
const out = join(root, "dist/bundle");
rmSync(out, { recursive: true, force: true });

/** The `import()`s of files that are bundles of their own: kept as written (see above). */
const LAZY_FILES = /^(?:\.\/(?:snippets\/[a-z0-9-]+|mount|mount-browser)|\.\.\/mcp\/server)\.js$/;
const lazyFiles = {
  name: "lazy-files",
  setup(build) {
    build.onResolve({ filter: LAZY_FILES }, (args) => (args.kind === "dynamic-import" ? { path: args.path, external: true } : undefined));
  },
};

const shared = {
  absWorkingDir: root,
  bundle: true,
  platform: "node",
  target: "node20",
  logLevel: "error",
  plugins: [lazyFiles],
  // Less to parse at every start; nothing in hubref reads a function's or class's name.
  minify: true,
  // React's production build, as a bundler of an app selects it.
  define: { "process.env.NODE_ENV": '"production"' },
};

await build({
  ...shared,
  entryPoints: ["dist/cli/main.js"],
  outfile: "dist/bundle/main.cjs",
  format: "cjs",
  // The modules' import.meta.url, for paths relative to them: dist/bundle/ sits at the depth of dist/cli/.
  define: { ...shared.define, "import.meta.url": "__hubrefModuleUrl" },
  banner: { js: 'const __hubrefModuleUrl = require("node:url").pathToFileURL(__filename).href;' },
  // zod: loaded only to judge a model file the generated check does not pass, and for hub replies; as a
  // package it costs nothing to the runs that do not. clipboardy runs helper binaries found beside its files.
  external: ["zod", "clipboardy"],
});

// One file per generator: only one is loaded at a time, so what they share is in each.
const generators = readdirSync(join(root, "dist/libraries/snippets")).filter((file) => file.endsWith(".js"));
await build({
  ...shared,
  entryPoints: generators.map((file) => join("dist/libraries/snippets", file)),
  outdir: "dist/bundle/snippets",
  format: "esm",
});

// The screens: ES modules, since Ink's dependency yoga-layout starts its WebAssembly with a top-level await.
await build({
  ...shared,
  entryPoints: ["dist/ui/mount.js", "dist/ui/browser/mount-browser.js"],
  outdir: "dist/bundle",
  entryNames: "[name]",
  chunkNames: "chunks/[name]-[hash]",
  format: "esm",
  splitting: true,
  // An ES module has no `require`; some of Ink's dependencies are CommonJS and require Node's modules.
  banner: { js: 'import { createRequire as __hubrefCreateRequire } from "node:module"; const require = __hubrefCreateRequire(import.meta.url);' },
  // Ink imports its devtools only when DEV=true, and they need this optional package, which hubref does not install.
  external: ["clipboardy", "react-devtools-core"],
});
