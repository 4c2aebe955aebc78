// `npm run pack`: the package as a program that depends on hubref installs it, in a .tgz.
//
// The tarball's package.json is this one without what only a clone uses: no scripts (a clone's
// `npm install` builds through `prepare`, which an installed package must not carry: npm warns about
// it, and there are no sources to build), no devDependencies. What is packed is what `files` names, as
// npm packs it, from the build in dist/ (run `npm run build` first). A plain `npm pack` of the clone
// would carry the clone's scripts: docs/development.md says to pack with this one.
//   node scripts/pack.mjs [--destination DIR]   prints the tarball's path
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../", import.meta.url));
const at = process.argv.indexOf("--destination");
const destination = resolve(at === -1 ? root : process.argv[at + 1]);

if (!existsSync(join(root, "dist/bundle/hubref.cjs")) || !existsSync(join(root, "dist/api/index.d.ts"))) {
  process.stderr.write("error: dist/ is not built\nhint: run `npm run build` first\n");
  process.exit(1);
}

const manifest = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
const { scripts, devDependencies, allowScripts, ...installed } = manifest;

const stage = mkdtempSync(join(tmpdir(), "hubref-pack-"));
try {
  for (const path of [...manifest.files, "README.md"]) cpSync(join(root, path), join(stage, path), { recursive: true });
  writeFileSync(join(stage, "package.json"), `${JSON.stringify(installed, null, 2)}\n`);
  const out = execFileSync("npm", ["pack", "--json", "--pack-destination", destination], { cwd: stage, encoding: "utf8" });
  const [{ filename }] = JSON.parse(out);
  process.stdout.write(`${join(destination, filename)}\n`);
} finally {
  rmSync(stage, { recursive: true, force: true });
}
