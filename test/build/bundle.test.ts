import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import module from "node:module";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { BIN, ROOT, runCli } from "../helpers/cli.js";

/*
 * scripts/bundle.mjs keeps every import() of a lazily loaded file as the source wrote it, and bundles
 * that file to the path it names; bin/hubref requires the CLI's bundle with Node's own compile cache.
 */

const BUNDLE = join(ROOT, "dist/bundle");
/** Node 22.1 and later (@types/node is Node 20's, the engines floor). */
const HAS_COMPILE_CACHE = typeof (module as { enableCompileCache?: unknown }).enableCompileCache === "function";
const MODEL = "catalogue/models/meta-llama--Llama-3.1-8B-Instruct.json";

function bundleFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? bundleFiles(join(folder, entry.name)) : /\.c?js$/.test(entry.name) ? [join(folder, entry.name)] : [],
  );
}

let scratch: string | undefined;
afterEach(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
  scratch = undefined;
});

describe("the bundles", () => {
  it("find every file they import() by a relative path beside them", () => {
    const missing: string[] = [];
    let relative = 0;
    for (const file of bundleFiles(BUNDLE)) {
      for (const match of readFileSync(file, "utf8").matchAll(/\bimport\("(\.{1,2}\/[^"]+)"\)/g)) {
        relative++;
        if (!existsSync(resolve(dirname(file), match[1]!))) missing.push(`${file.slice(BUNDLE.length + 1)} → ${match[1]}`);
      }
    }
    expect(missing).toEqual([]);
    // The library generators, the picker's and the browser's screens at least.
    expect(relative).toBeGreaterThan(3);
  });

  it("hold neither eta nor ajv: the templates and the model check are generated modules of the source", () => {
    // A message of each package's own code, which a minified bundle keeps.
    const marks: Record<string, [mark: string, file: string]> = {
      eta: ["Bad template syntax", "node_modules/eta/dist/index.mjs"],
      ajv: ["Pass empty schema with $id that should be ignored", "node_modules/ajv/dist/core.js"],
    };
    const main = readFileSync(join(BUNDLE, "main.cjs"), "utf8");
    for (const [name, [mark, file]] of Object.entries(marks)) {
      expect(readFileSync(join(ROOT, file), "utf8"), `${name} still says it`).toContain(mark);
      expect(main, name).not.toContain(mark);
      expect(main, name).not.toMatch(new RegExp(`require\\("${name}[/"]`));
    }
  });
});

describe("bin/hubref", () => {
  // TMPDIR moves the default cache folder (os.tmpdir()/node-compile-cache) into a scratch folder.
  function runWithTmp(): { status: number | null; stdout: string; cache: string } {
    scratch = mkdtempSync(join(tmpdir(), "hubref-compile-cache-"));
    const env: NodeJS.ProcessEnv = { ...process.env, TMPDIR: scratch, NODE_COMPILE_CACHE: undefined, NODE_DISABLE_COMPILE_CACHE: undefined };
    for (const key of Object.keys(env)) if (env[key] === undefined) delete env[key];
    const result = spawnSync(process.execPath, [BIN, "snippet", MODEL, "--json"], { cwd: ROOT, env, encoding: "utf8" });
    return { status: result.status, stdout: result.stdout, cache: join(scratch, "node-compile-cache") };
  }

  it.runIf(HAS_COMPILE_CACHE)("keeps Node's compile cache where this Node has one", () => {
    const run = runWithTmp();
    expect(run.status).toBe(0);
    expect(run.stdout).toBe(runCli(["snippet", MODEL, "--json"]).stdout);
    expect(existsSync(run.cache)).toBe(true);
    expect(readdirSync(run.cache, { recursive: true }).length).toBeGreaterThan(0);
  });

  it.runIf(!HAS_COMPILE_CACHE)("runs without one on a Node that has none", () => {
    const run = runWithTmp();
    expect(run.status).toBe(0);
    expect(JSON.parse(run.stdout).length).toBeGreaterThan(0);
    expect(existsSync(run.cache)).toBe(false);
  });
});
