// Build step, after tsc: bundles the compiled CLI for a fast start.
//
// Node 20 pays for every module file it resolves and loads. The CLI with its
// dependencies is ~150 files; one bundle (plus a few chunks for what loads
// lazily) starts ~100 ms faster. The Ink screen is bundled on its own: Ink's
// module graph takes ~350 ms to load, the bundle ~90 ms.
//
// Files found at run time by path stay outside the bundles and keep their
// places relative to them: dist/libraries/snippets/*.js (one generator per
// library, loaded by name), dist/ui/mount.bundle.js, dist/data/, templates/.
import { build } from "esbuild";
import { rmSync } from "node:fs";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../", import.meta.url));
// Chunk names carry content hashes: without this, old chunks pile up.
rmSync(new URL("../dist/bundle/", import.meta.url), { recursive: true, force: true });
const shared = {
  absWorkingDir: root,
  bundle: true,
  format: "esm",
  platform: "node",
  target: "node20",
  logLevel: "error",
  // Bundled CommonJS code calls require(); give the ES module one.
  banner: { js: 'import { createRequire as __hubrefCreateRequire } from "node:module"; const require = __hubrefCreateRequire(import.meta.url);' },
};

// The templates, compiled here, take the place of the empty stand-in module.
const { compiledTemplatesModule } = await import("../dist/inference/template-compiler.js");
const compiledTemplates = {
  name: "compiled-templates",
  setup(build) {
    build.onLoad({ filter: /[\\/]dist[\\/]inference[\\/]compiled-templates\.js$/ }, () => ({ contents: compiledTemplatesModule(), loader: "js" }));
  },
};

// dist/bundle/ sits at the same depth as dist/cli/, so paths relative to
// import.meta.url ("../../package.json", "../libraries/snippets/") still hold.
await build({
  ...shared,
  entryPoints: ["dist/cli/main.js"],
  outdir: "dist/bundle",
  splitting: true,
  plugins: [compiledTemplates],
  // The interactive path loads its own bundle (below); these stay packages.
  external: ["ink", "react", "clipboardy", "highlight.js"],
});

await build({
  ...shared,
  entryPoints: ["dist/ui/mount.js"],
  outfile: "dist/ui/mount.bundle.js",
  // clipboardy runs helper binaries found relative to its own files: keep it a package.
  external: ["clipboardy"],
  // Ink loads its devtools only when DEV=true; the optional package is never installed.
  alias: { "react-devtools-core": "./scripts/empty-module.mjs" },
  define: { "process.env.NODE_ENV": '"production"' },
});
