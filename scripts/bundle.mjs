// Build step, after tsc: bundles the compiled CLI for a fast start.
//
// Node 20 pays for every module file it resolves and loads, and for parsing
// and compiling every script. The CLI with its dependencies is one CommonJS
// script, dist/bundle/main.cjs, which bin/hubref runs through vm.Script with
// V8's code cache (written below, by a run of the CLI): Node 20 caches
// compiled code for no ES module, and has no module.enableCompileCache. The
// picker's Ink screen is a second such script with a cache of its own, loaded
// only by `snippet -i`.
//
// Files found at run time by path stay outside the bundles and keep their
// places relative to them: dist/bundle/snippets/*.cjs (one generator per
// library, src/libraries/generators.ts), dist/ui/mount.bundle.cjs, dist/data/, templates/.
import { build } from "esbuild";
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { basename, dirname, join } from "node:path";

const root = fileURLToPath(new URL("../", import.meta.url));
rmSync(new URL("../dist/bundle/", import.meta.url), { recursive: true, force: true });
// The picker's bundle of earlier builds, an ES module, and its code caches of earlier builds (named by build).
rmSync(new URL("../dist/ui/mount.bundle.js", import.meta.url), { force: true });
for (const file of readdirSync(join(root, "dist/ui"))) if (/^mount\.bundle\.cjs\..*cache$/.test(file)) rmSync(join(root, "dist/ui", file));
const shared = {
  absWorkingDir: root,
  bundle: true,
  platform: "node",
  target: "node20",
  logLevel: "error",
};

// The templates, compiled here, take the place of the empty stand-in module.
const { compiledTemplatesModule } = await import("../dist/build/templates.js");
const compiledTemplates = {
  name: "compiled-templates",
  setup(build) {
    build.onLoad({ filter: /[\\/]dist[\\/]inference[\\/]compiled-templates\.js$/ }, () => ({ contents: compiledTemplatesModule(), loader: "js" }));
  },
};

// The quick model check the build generated (dist/data/model-check.cjs) is bundled in, in the place of
// the module that loads it from dist/data/, so the code cache covers it.
const modelCheck = {
  name: "model-check",
  setup(build) {
    build.onLoad({ filter: /[\\/]dist[\\/]model[\\/]model-check\.js$/ }, () => ({
      contents: `import makeCheck from ${JSON.stringify(join(root, "dist/data/model-check.cjs"))};\nexport function loadModelCheck() { return makeCheck; }\n`,
      loader: "js",
    }));
  },
};

// The library generators stay files of their own, loaded when asked for, each bundled below as a CommonJS
// file of its own in dist/bundle/snippets/: inside the bundle, which runs in vm.Script, import() needs a
// Node flag, and the first import() of an ES module graph cost about 12 ms of the picker's start, where a
// require() of one bundled file costs about 1 ms. Each `import("./snippets/<file>.js")` of generators.js
// becomes a requireFile (src/util/import-file.ts) of `./snippets/<file>.cjs` beside the bundle.
const libraryGenerators = {
  name: "library-generators",
  setup(build) {
    build.onLoad({ filter: /[\\/]dist[\\/]libraries[\\/]generators\.js$/ }, (args) => {
      const source = readFileSync(args.path, "utf8");
      const imports = source.match(/\bimport\("/g)?.length ?? 0;
      let rewritten = 0;
      const contents = source.replace(/\bimport\("\.\/snippets\/([a-z0-9-]+)\.js"\)/g, (_call, name) => {
        rewritten++;
        return `Promise.resolve().then(() => requireFile(new URL(${JSON.stringify(`./snippets/${name}.cjs`)}, import.meta.url)))`;
      });
      if (rewritten === 0 || rewritten !== imports)
        throw new Error(`generators.js: ${imports - rewritten} import() calls of another form than import("./snippets/<file>.js")`);
      return { contents: `import { requireFile } from "../util/import-file.js";\n${contents}`, loader: "js", resolveDir: dirname(args.path) };
    });
  },
};

// dist/bundle/ sits at the same depth as dist/cli/, so paths relative to
// import.meta.url ("../../package.json", "../libraries/snippets/") still hold.
const main = "dist/bundle/main.cjs";
// A module object whose first use requires the module (see LAZY_BUILTINS below).
const LAZY_REQUIRE =
  "const __hubrefLazyRequire=(id)=>{let m;const load=()=>m??=require(id);" +
  "return new Proxy({},{get:(_,k)=>load()[k],has:(_,k)=>k in load(),ownKeys:()=>Reflect.ownKeys(load())," +
  "getOwnPropertyDescriptor:(_,k)=>{const d=Reflect.getOwnPropertyDescriptor(load(),k);return d&&{...d,configurable:true}}})};";
await build({
  ...shared,
  entryPoints: ["dist/cli/main.js"],
  outfile: main,
  format: "cjs",
  plugins: [compiledTemplates, libraryGenerators, modelCheck],
  define: { "import.meta.url": "__hubrefModuleUrl" },
  banner: { js: `${LAZY_REQUIRE}const __hubrefModuleUrl = require("node:url").pathToFileURL(__filename).href;` },
  // The interactive path loads its own bundle (below); these stay packages.
  // zod too: the snippet path checks model files without it (a check the build generates, model/read-model.ts); errors and hub replies load it.
  external: ["ink", "react", "clipboardy", "highlight.js", "zod"],
  minifyWhitespace: true,
  minifySyntax: true,
  // Shorter local names: 657 KB to 494 KB of source and 485 KB to 456 KB of code cache, about 4 ms of CPU
  // time at every start. Nothing in hubref reads a function's or class's name.
  minifyIdentifiers: true,
});
// Node's built-in modules that only some commands use load on first use: commander's require of
// child_process alone (for subcommands run as programs, which hubref has none of) loaded net, dgram
// and the streams, about 10 ms of every start. The bundle's requires of them run at its start, so each
// becomes a stand-in whose first property read loads the module.
const LAZY_BUILTINS = ["node:child_process", "node:fs/promises", "node:os", "node:crypto", "node:readline"];
/** Makes the requires of LAZY_BUILTINS lazy, and names the build on the first line. */
function writeBundle(file) {
  let code = readFileSync(file, "utf8");
  for (const id of LAZY_BUILTINS) code = code.replaceAll(`require(${JSON.stringify(id)})`, `__hubrefLazyRequire(${JSON.stringify(id)})`);
  if (code.includes("__hubrefLazyRequire(") && !code.startsWith(LAZY_REQUIRE)) throw new Error(`bundle.mjs: ${file} does not begin with its banner`);
  // The first line names the build, so that a code cache made for another build is never used (V8 checks only the length).
  writeFileSync(file, `// hubref-build ${createHash("sha256").update(code).digest("hex").slice(0, 16)}\n${code}`);
}
writeBundle(main);

// The library generators, one CommonJS file each beside the bundle (see libraryGenerators above). What they
// share (the literal writers, generator.ts) is in each: only one is loaded at a time, and they hold no state.
const generatorFiles = readdirSync(join(root, "dist/libraries/snippets")).filter((file) => file.endsWith(".js"));
await build({
  ...shared,
  entryPoints: generatorFiles.map((file) => join("dist/libraries/snippets", file)),
  outdir: "dist/bundle/snippets",
  outExtension: { ".js": ".cjs" },
  format: "cjs",
  minifyWhitespace: true,
  minifySyntax: true,
  minifyIdentifiers: true,
});

// The picker's screen, with Ink and React, is a second CommonJS bundle that bin/hubref runs the same way,
// with a code cache of its own: Ink's module graph takes ~350 ms to load, an ES module bundle of it ~100 ms
// (Node 20 caches the compiled code of no ES module), this bundle with its cache about a third of that.
// Two of Ink's ES modules await at their top level, which CommonJS cannot: yoga-layout's entry (its
// WebAssembly, started here synchronously by scripts/yoga-sync.mjs) and Ink's reconciler, only under
// DEV=true (the devtools, and Ink's package.json for them), where a require() does the same (INK_PATCHES).
const yogaSync = {
  name: "yoga-sync",
  setup(build) {
    build.onResolve({ filter: /^yoga-layout$/ }, () => ({ path: join(root, "scripts/yoga-sync.mjs") }));
    // The package's own files, which its "exports" do not list.
    build.onResolve({ filter: /^yoga-layout\/dist\// }, (args) => ({ path: join(root, "node_modules", args.path) }));
    // The loader keeps its WebAssembly as a base64 data: URL; it is handed over as a string of its own.
    build.onLoad({ filter: /[\\/]yoga-layout[\\/]dist[\\/]binaries[\\/]yoga-wasm-base64-esm\.js$/ }, (args) => {
      const source = readFileSync(args.path, "utf8");
      const dataUrl = /"data:application\/octet-stream;base64,([A-Za-z0-9+/=]+)"/.exec(source);
      if (!dataUrl || !source.includes("import.meta.url")) throw new Error("bundle.mjs: yoga-layout's loader has changed; see scripts/yoga-sync.mjs");
      const contents = `${source.replace(dataUrl[0], '""').replace("import.meta.url", "undefined")}\nexport const wasmBase64 = ${JSON.stringify(dataUrl[1])};\n`;
      return { contents, loader: "js" };
    });
  },
};
// Ink's error screen (shown only when the screen itself throws) builds stack-utils' list of Node's
// internal files when it loads, ~3 ms of every picker start; it is made on the first error instead.
const INK_PATCHES = {
  "reconciler.js": [
    ["await import('./devtools.js');", "require('./devtools.js');"],
    ["? await loadPackageJson()", "? require('../package.json')"],
  ],
  "ErrorOverview.js": [
    ["const stackUtils = new StackUtils({", "let stackUtilsMade;\nconst makeStackUtils = () => stackUtilsMade ??= new StackUtils({"],
    ["? stackUtils.parseLine(stack[0])", "? makeStackUtils().parseLine(stack[0])"],
    ["const parsedLine = stackUtils.parseLine(line);", "const parsedLine = makeStackUtils().parseLine(line);"],
  ],
};
const inkPatches = {
  name: "ink-patches",
  setup(build) {
    build.onLoad({ filter: /[\\/]ink[\\/]build[\\/](reconciler|components[\\/]ErrorOverview)\.js$/ }, (args) => {
      let source = readFileSync(args.path, "utf8");
      for (const [from, to] of INK_PATCHES[basename(args.path)]) {
        if (!source.includes(from)) throw new Error(`bundle.mjs: Ink's ${basename(args.path)} has changed (no \`${from}\`)`);
        source = source.replace(from, to);
      }
      if (/\bstackUtils\./.test(source)) throw new Error("bundle.mjs: Ink's ErrorOverview.js uses stackUtils in a new place");
      return { contents: source, loader: "js" };
    });
  },
};
// Width and graphemes of the picker's own text without Unicode tables (src/build/narrow-text.ts): every
// import of string-width gets the quick answer first and loads the real package (its version for that
// importer) only for other text; every Intl.Segmenter is a LazySegmenter.
const narrowText = {
  name: "narrow-text",
  setup(build) {
    build.onResolve({ filter: /^string-width$/ }, async (args) => {
      if (args.pluginData?.real) return undefined;
      const real = await build.resolve(args.path, { resolveDir: args.resolveDir, kind: args.kind, importer: args.importer, pluginData: { real: true } });
      if (real.errors.length > 0) return { errors: real.errors };
      return { path: real.path, namespace: "narrow-width" };
    });
    build.onLoad({ filter: /.*/, namespace: "narrow-width" }, (args) => ({
      contents: [
        `import { narrowWidth } from ${JSON.stringify(join(root, "dist/build/narrow-text.js"))};`,
        "export default function stringWidth(text, options) {",
        "  const width = narrowWidth(text, options);",
        `  return width === undefined ? require(${JSON.stringify(args.path)}).default(text, options) : width;`,
        "}",
      ].join("\n"),
      loader: "js",
      resolveDir: root,
    }));
  },
};
// Ink writes each frame's rows through ansi-tokenize's styledCharsToString, which asks diffAnsiCodes for the
// codes between every two neighbouring characters and ansiCodesToString for their text: three Sets and
// five arrays a character, most of a frame's output time while the code is cold. Between two characters
// of the same style the answer is always none, and no codes are always an empty string; both cases are
// answered first (test/build/bundle-patches.test.ts).
const SAME_STYLE_PATCHES = {
  "diff.js": [
    "export function diffAnsiCodes(from, to) {\n",
    "    if (from.length === to.length && from.every((code, i) => code.code === to[i].code && code.endCode === to[i].endCode))\n        return [];\n",
  ],
  "ansiCodes.js": ["export function ansiCodesToString(codes) {\n", '    if (codes.length === 0)\n        return "";\n'],
};
const sameStyleShortcuts = {
  name: "same-style-shortcuts",
  setup(build) {
    build.onLoad({ filter: /[\\/]@alcalzone[\\/]ansi-tokenize[\\/]build[\\/](diff|ansiCodes)\.js$/ }, (args) => {
      const source = readFileSync(args.path, "utf8");
      const [start, shortcut] = SAME_STYLE_PATCHES[basename(args.path)];
      if (!source.includes(start)) throw new Error(`bundle.mjs: ansi-tokenize's ${basename(args.path)} has changed`);
      return { contents: source.replace(start, start + shortcut), loader: "js" };
    });
  },
};
const picker = "dist/ui/mount.bundle.cjs";
await build({
  ...shared,
  format: "cjs",
  entryPoints: ["dist/ui/mount.js"],
  outfile: picker,
  plugins: [yogaSync, inkPatches, narrowText, sameStyleShortcuts],
  define: {
    "import.meta.url": "__hubrefModuleUrl",
    "process.env.NODE_ENV": '"production"',
    fetch: "undefined",
    "Intl.Segmenter": "HubrefLazySegmenter",
  },
  inject: ["./scripts/lazy-segmenter-inject.mjs"],
  banner: { js: `${LAZY_REQUIRE}const __hubrefModuleUrl = require("node:url").pathToFileURL(__filename).href;` },
  // clipboardy runs helper binaries found relative to its own files: keep it a package.
  external: ["clipboardy"],
  // Ink loads its devtools only when DEV=true; the optional package is never installed.
  alias: { "react-devtools-core": "./scripts/empty-module.mjs" },
  minifyWhitespace: true,
  minifySyntax: true,
  minifyIdentifiers: true,
});
writeBundle(picker);

// The models browser's screen, an ES module bundle: loaded by dist/ui/browser/run-browser.js from the project's root.
await build({
  ...shared,
  format: "esm",
  entryPoints: ["dist/ui/browser/mount-browser.js"],
  outfile: "dist/ui/mount-browser.bundle.js",
  banner: { js: 'import { createRequire as __hubrefCreateRequire } from "node:module"; const require = __hubrefCreateRequire(import.meta.url);' },
  external: ["clipboardy"],
  alias: { "react-devtools-core": "./scripts/empty-module.mjs" },
  define: { "process.env.NODE_ENV": '"production"', fetch: "undefined" },
});

// The code caches shipped with the build (bin/hubref writes them at exit): the CLI's, what a `snippet --json`
// run compiled; the picker's, what a picker run compiled up to its first frame, one key and quitting, in a
// terminal that scripts/picker-warm-up.cjs stands in for.
const warmUpModel = "catalogue/models/meta-llama--Llama-3.1-8B-Instruct.json";
for (const [bundle, args] of [
  ["main.cjs", ["bin/hubref", "snippet", warmUpModel, "--json"]],
  ["mount.bundle.cjs", ["--require", "./scripts/picker-warm-up.cjs", "bin/hubref", "snippet", warmUpModel, "-i"]],
]) {
  const warmUp = spawnSync(process.execPath, args, {
    cwd: root,
    // CI=false: under CI, Ink draws nothing until the app exits, and the stand-in terminal waits for a frame.
    env: { ...process.env, HUBREF_WRITE_CODE_CACHE: bundle, CI: "false" },
    encoding: "utf8",
    timeout: 60_000,
  });
  if (warmUp.status !== 0) throw new Error(`the bundled CLI failed while writing the code cache of ${bundle}:\n${warmUp.stderr}${warmUp.error ?? ""}`);
}
