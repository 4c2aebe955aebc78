// Build step, after the generated modules and the catalogue data: bundles src/ for Node, straight from
// the TypeScript (tsc only type-checks and writes the library's declarations).
//
// One module graph. The command line, the library and the MCP server run one file,
// dist/bundle/hubref.cjs (entry src/cli/entry.ts), so that every module of src/ they use is in it once:
// one class of each error, one cache of each kind, in any process that loads more than one of them.
// Every library generator is in it too, each run only when its library is asked for (an import() inside
// a bundle starts the module's code when called, not when the file loads). It is CommonJS because
// Node starts a CommonJS file faster than the same code as ES modules (docs/performance.md measures
// the two other ways, an ES-module build split into chunks and tsc's files unbundled).
//   dist/bundle/hubref.cjs       bin/hubref calls its runCommandLine(); the library calls loadLibrary()
//   dist/bundle/library.mjs      package.json's "exports": the library's functions, by name
//   dist/bundle/mount.js         the picker's screen, with Ink and React (src/ui/run-picker.ts)
//   dist/bundle/mount-browser.js the models browser's screen (src/ui/browser/run-browser.ts)
//   dist/bundle/screens-*.js     what the two screens share
// The screens are ES modules: Ink's dependency yoga-layout starts its WebAssembly with a top-level
// await, which no CommonJS file can hold or require. The core loads them by the `import()` the source
// wrote, its path unchanged, relative to the bundle. They hold their own copies of the few helpers of
// src/ they call (literal writers, labels, byte counts): test/build/bundle.test.ts checks that each of
// those keeps no state and exports no class, so that a copy cannot be told from the original. package.json's
// "sideEffects": false lets esbuild leave out a module none of whose exports a bundle uses (importing any
// module of src/ only defines things): without it the screens would hold every problem table a helper's
// module imports, and with them the Failure class.
//
// Nothing is swapped or patched: packages the bundle does not hold are loaded from node_modules by the
// name the source imports them by, each only on the path that needs it.
import { build } from "esbuild";
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../", import.meta.url));
const out = join(root, "dist/bundle");
rmSync(out, { recursive: true, force: true });

/** The screens, kept as the import() the source wrote: each is a bundle of its own, beside the core. */
const SCREENS = /^\.\/(?:mount|mount-browser)\.js$/;
const screens = {
  name: "screens",
  setup(build) {
    build.onResolve({ filter: SCREENS }, (args) => (args.kind === "dynamic-import" ? { path: args.path, external: true } : undefined));
  },
};

/*
 * Packages loaded from node_modules at run time, not bundled:
 * - zod: the library's schemas, and hub replies and model files the generated check does not pass;
 * - the MCP SDK: only `hubref mcp` loads it, an optional peer dependency of the package;
 * - clipboardy: the picker's copy; it runs helper binaries found beside its own files.
 */
const RUN_TIME_PACKAGES = ["zod", "zod/*", "@modelcontextprotocol/sdk", "@modelcontextprotocol/sdk/*", "clipboardy"];

const shared = {
  absWorkingDir: root,
  bundle: true,
  platform: "node",
  target: "node20",
  logLevel: "error",
  // Less to parse at every start; nothing in hubref reads a function's or class's name.
  minify: true,
  // React's production build, as a bundler of an app selects it.
  define: { "process.env.NODE_ENV": '"production"' },
  metafile: true,
};

const core = await build({
  ...shared,
  entryPoints: { hubref: "src/cli/entry.ts" },
  outdir: "dist/bundle",
  outExtension: { ".js": ".cjs" },
  format: "cjs",
  plugins: [screens],
  // The modules' import.meta.url, for paths relative to them: dist/bundle/ sits at the depth of src/cli/.
  define: { ...shared.define, "import.meta.url": "__hubrefModuleUrl" },
  banner: { js: 'const __hubrefModuleUrl = require("node:url").pathToFileURL(__filename).href;' },
  external: RUN_TIME_PACKAGES,
});

const screenBuild = await build({
  ...shared,
  entryPoints: ["src/ui/mount.tsx", "src/ui/browser/mount-browser.tsx"],
  outdir: "dist/bundle",
  entryNames: "[name]",
  // Beside the entries, not in a folder of their own: a module's import.meta.url is two levels below the project.
  chunkNames: "screens-[hash]",
  format: "esm",
  splitting: true,
  // An ES module has no `require`; some of Ink's dependencies are CommonJS and require Node's modules.
  banner: { js: 'import { createRequire as __hubrefCreateRequire } from "node:module"; const require = __hubrefCreateRequire(import.meta.url);' },
  // Ink imports its devtools only when DEV=true, and they need this optional package, which hubref does not install.
  external: ["clipboardy", "react-devtools-core"],
});

// The library's names, as src/api/index.ts exports them (types aside), for an ES module to export from the core.
const api = await build({
  ...shared,
  entryPoints: ["src/api/index.ts"],
  write: false,
  outdir: "dist/bundle",
  format: "esm",
  minify: false,
  packages: "external",
});
const names = Object.values(api.metafile.outputs).flatMap((output) => output.exports ?? []);
if (names.length === 0) throw new Error("bundle: src/api/index.ts exports nothing");
writeFileSync(
  join(out, "library.mjs"),
  `// The library (package.json "exports"): src/api/index.ts's functions, from the bundle the command line runs too.
import core from "./hubref.cjs";
const library = await core.loadLibrary();
export const { ${names.join(", ")} } = library;
`,
);

// Which module of src/ went into which file: test/build/bundle.test.ts reads it.
const inputsOf = (metafile) =>
  Object.fromEntries(
    Object.entries(metafile.outputs)
      .filter(([file]) => !file.endsWith(".map"))
      .map(([file, output]) => [
        file.slice("dist/bundle/".length),
        Object.entries(output.inputs)
          .filter(([input, { bytesInOutput }]) => input.startsWith("src/") && bytesInOutput > 0)
          .map(([input]) => input)
          .sort(),
      ]),
  );
writeFileSync(join(out, "modules.json"), `${JSON.stringify({ ...inputsOf(core.metafile), ...inputsOf(screenBuild.metafile) }, null, 1)}\n`);
