import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import module from "node:module";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import ts from "typescript";
import { afterEach, describe, expect, it, vi } from "vitest";
import { BIN, ROOT, runCli } from "../helpers/cli.js";
import { startHubServer } from "../helpers/hub-server.js";

/*
 * scripts/bundle.mjs: one module graph. The command line, the library and the MCP server run one file,
 * dist/bundle/hubref.cjs, so that each module of src/ has one identity in a process (one class of each
 * error, one cache); the screens, ES modules beside it, hold copies only of helpers that keep no state.
 * bin/hubref requires the bundle with Node's own compile cache.
 */

const BUNDLE = join(ROOT, "dist/bundle");
/** Node 22.1 and later (@types/node is Node 20's, the engines floor). */
const HAS_COMPILE_CACHE = typeof (module as { enableCompileCache?: unknown }).enableCompileCache === "function";
const MODEL = "catalogue/models/meta-llama--Llama-3.1-8B-Instruct.json";
/** Which modules of src/ each file of dist/bundle/ holds, as the build wrote it. */
const modules = JSON.parse(readFileSync(join(BUNDLE, "modules.json"), "utf8")) as Record<string, string[]>;

function bundleFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? bundleFiles(join(folder, entry.name)) : /\.[cm]?js$/.test(entry.name) ? [join(folder, entry.name)] : [],
  );
}

/** The files of dist/bundle/ that hold a module of src/. */
function filesHolding(source: string): string[] {
  return Object.keys(modules).filter((file) => modules[file]!.includes(source));
}

/**
 * What in a module's top level could tell one copy from another: a class it exports, a mutable binding
 * (`let`, `var`), an object it keeps that it made with `new` (a Map, a class's instance), or code that
 * runs when it loads. Empty for a module of functions and constants. Regular expressions pass: a copy's
 * lastIndex is its own, and these modules use theirs with replace and test only.
 */
function stateOf(source: string): string[] {
  const file = ts.createSourceFile(source, readFileSync(join(ROOT, source), "utf8"), ts.ScriptTarget.ES2022, true);
  // The value kept, past `as`, `satisfies` and parentheses: an object made with `new` (what a call makes is used, not kept, here).
  const made = (node: ts.Expression): boolean =>
    ts.isAsExpression(node) || ts.isSatisfiesExpression(node) || ts.isParenthesizedExpression(node)
      ? made(node.expression)
      : ts.isNewExpression(node) && !(ts.isIdentifier(node.expression) && node.expression.text === "RegExp");
  const found: string[] = [];
  for (const statement of file.statements) {
    if (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement) || ts.isFunctionDeclaration(statement)) continue;
    if (ts.isTypeAliasDeclaration(statement) || ts.isInterfaceDeclaration(statement)) continue;
    if (ts.isClassDeclaration(statement)) {
      const exported = statement.modifiers?.some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword);
      // A class of its own, thrown and caught inside the module, is the same in either copy; one that leaves it is not.
      if (exported) found.push(`exports class ${statement.name?.text}`);
      continue;
    }
    if (ts.isVariableStatement(statement)) {
      if (!(statement.declarationList.flags & ts.NodeFlags.Const)) found.push(`a mutable binding: ${statement.getText().slice(0, 60)}`);
      else
        for (const declaration of statement.declarationList.declarations)
          if (declaration.initializer && made(declaration.initializer)) found.push(`keeps ${declaration.getText().slice(0, 60)}`);
      continue;
    }
    found.push(`runs at load: ${statement.getText().slice(0, 60)}`);
  }
  return found;
}

let scratch: string | undefined;
afterEach(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
  scratch = undefined;
});

describe("the bundles", () => {
  it("find every file they import() by a relative path beside them", () => {
    const missing: string[] = [];
    const found = new Set<string>();
    for (const file of bundleFiles(BUNDLE)) {
      for (const match of readFileSync(file, "utf8").matchAll(/\bimport\("(\.{1,2}\/[^"]+)"\)/g)) {
        found.add(match[1]!);
        if (!existsSync(resolve(dirname(file), match[1]!))) missing.push(`${file.slice(BUNDLE.length + 1)} → ${match[1]}`);
      }
    }
    expect(missing).toEqual([]);
    // The picker's and the browser's screens.
    expect([...found].sort()).toEqual(expect.arrayContaining(["./mount-browser.js", "./mount.js"]));
  });

  it("hold no template engine and no ajv: the templates and the model check are generated modules of the source", () => {
    // The templates are compiled by hubref's own compiler: no template engine is even installed.
    const manifest = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { devDependencies: Record<string, string> };
    expect(Object.keys(manifest.devDependencies)).not.toContain("eta");
    // A message of ajv's own code, which a minified bundle keeps.
    const marks: Record<string, [mark: string, file: string]> = {
      ajv: ["Pass empty schema with $id that should be ignored", "node_modules/ajv/dist/core.js"],
    };
    const core = readFileSync(join(BUNDLE, "hubref.cjs"), "utf8");
    for (const [name, [mark, file]] of Object.entries(marks)) {
      expect(readFileSync(join(ROOT, file), "utf8"), `${name} still says it`).toContain(mark);
      expect(core, name).not.toContain(mark);
      expect(core, name).not.toMatch(new RegExp(`require\\("${name}[/"]`));
    }
  });
});

describe("one module graph", () => {
  it("the command line, the library, the MCP server and every library generator are in one file", () => {
    const generators = readdirSync(join(ROOT, "src/libraries/snippets")).map((name) => `src/libraries/snippets/${name}`);
    expect(generators.length).toBeGreaterThan(100);
    for (const source of ["src/cli/main.ts", "src/api/index.ts", "src/mcp/server.ts", "src/errors.ts", ...generators]) {
      expect(filesHolding(source), source).toEqual(["hubref.cjs"]);
    }
  });

  it("reaches each library generator, each screen and the MCP server only by import(): the bundle starts none until called", () => {
    // A static import would start the module (and what it loads) with the bundle, at every command's start.
    const lazy = /(?:^|\/)(?:libraries\/snippets\/[^/]+|ui\/mount|ui\/browser\/mount-browser|mcp\/server)$/;
    const sources = (folder: string): string[] =>
      readdirSync(join(ROOT, folder), { withFileTypes: true }).flatMap((entry) =>
        entry.isDirectory() ? sources(`${folder}/${entry.name}`) : /\.tsx?$/.test(entry.name) ? [`${folder}/${entry.name}`] : [],
      );
    // The screens' own files import each other (the browser's screen holds the picker's mount): they load together.
    const inScreens = new Set(Object.entries(modules).flatMap(([file, held]) => (file === "hubref.cjs" ? [] : held)));
    const offenders = sources("src")
      .filter((file) => !inScreens.has(file) || filesHolding(file).includes("hubref.cjs"))
      .flatMap((file) =>
        [...readFileSync(join(ROOT, file), "utf8").matchAll(/^(?:import|export)(?!\s+type\s)[^;]*?from\s*"(\.{1,2}\/[^"]+)\.js"/gm)]
          .map((match) => join(dirname(file), match[1]!))
          .filter((target) => lazy.test(target))
          .map((target) => `${file} → ${target}`),
      );
    expect(offenders).toEqual([]);
  });

  it("puts every module of src/ in one file, but for the screens' copies of helpers that keep no state", () => {
    const inScreens = (file: string) => file !== "hubref.cjs";
    const copies = [...new Set(Object.values(modules).flat())].filter((source) => filesHolding(source).length > 1);
    // Copies are only ever between the core and the screens, never two screens' files or two cores.
    for (const source of copies)
      expect(
        filesHolding(source).filter((file) => !inScreens(file)),
        source,
      ).toEqual(["hubref.cjs"]);
    expect(Object.fromEntries(copies.map((source) => [source, stateOf(source)]).filter(([, state]) => state!.length > 0))).toEqual({});
    // And the check above sees what it must refuse.
    expect(stateOf("src/errors.ts")).toContain("exports class HubrefError");
    expect(stateOf("src/catalogue/compiled.ts")).toEqual([expect.stringMatching(/^keeps cache = new Map/)]);
  });

  it("`hubref mcp` and a program that imports the library load hubref from that one file", async () => {
    scratch = mkdtempSync(join(tmpdir(), "hubref-graph-"));
    const log = join(scratch, "loaded.txt");
    // Every file Node loads, ES modules through a hook and CommonJS ones from require's cache, written at exit.
    writeFileSync(
      join(scratch, "hooks.mjs"),
      `import { appendFileSync } from "node:fs";\nexport async function load(url, context, next) { appendFileSync(${JSON.stringify(log)}, url + "\\n"); return next(url, context); }\n`,
    );
    writeFileSync(
      join(scratch, "record.mjs"),
      `import { createRequire, register } from "node:module";\nimport { appendFileSync } from "node:fs";\nregister(${JSON.stringify(`file://${join(scratch, "hooks.mjs")}`)});\nconst cache = createRequire(import.meta.url).cache;\nprocess.on("exit", () => appendFileSync(${JSON.stringify(log)}, Object.keys(cache).join("\\n") + "\\n"));\n`,
    );
    // One process: the library imported by its name (from inside the package, as its own files may), then
    // the command line's `hubref mcp`, started as bin/hubref starts it.
    const script = join(ROOT, `.tmp/graph-check-${process.pid}.mjs`);
    writeFileSync(
      script,
      `import { createRequire } from "node:module";
const library = await import("hubref");
const require = createRequire(import.meta.url);
const core = require("../dist/bundle/hubref.cjs");
if ((await core.loadLibrary()).inferenceSnippets !== library.inferenceSnippets) throw new Error("two copies of the library");
process.argv = [process.argv[0], ${JSON.stringify(BIN)}, "mcp"];
require(${JSON.stringify(BIN)});
`,
    );
    const model = JSON.parse(readFileSync(join(ROOT, MODEL), "utf8")) as { id: string };
    const hub = await startHubServer({ [model.id]: { body: model } });
    try {
      const transport = new StdioClientTransport({
        command: process.execPath,
        args: ["--import", join(scratch, "record.mjs"), script],
        cwd: ROOT,
        env: { PATH: process.env.PATH ?? "", HOME: scratch, HF_ENDPOINT: hub.endpoint },
        stderr: "pipe",
      });
      const client = new Client({ name: "hubref-test", version: "1.0.0" });
      await client.connect(transport);
      // The model's library's code (one generator) and its hosted-inference calls.
      for (const library of [true, false]) {
        const answer = (await client.callTool({ name: "get_snippet", arguments: { model: model.id, language: "python", library } })) as { isError?: boolean };
        expect(answer.isError, `library: ${library}`).not.toBe(true);
      }
      await client.close();
    } finally {
      await hub.close();
      rmSync(script, { force: true });
    }
    // The child writes its list at exit, which may come a moment after the client closed its pipes.
    await vi.waitFor(() => expect(readFileSync(log, "utf8")).toContain("hubref.cjs"), { timeout: 20_000 });
    const hubrefFiles = new Set(
      readFileSync(log, "utf8")
        .split("\n")
        .map((entry) => entry.replace(/^file:\/\//, ""))
        .filter((path) => path.startsWith(ROOT) && !path.includes("/node_modules/") && !path.startsWith(join(ROOT, ".tmp")))
        .map((path) => path.slice(ROOT.length)),
    );
    expect([...hubrefFiles].sort()).toEqual(["bin/hubref", "dist/bundle/hubref.cjs", "dist/bundle/library.mjs"]);
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

  it(HAS_COMPILE_CACHE ? "keeps Node's compile cache where this Node has one" : "runs without a compile cache on a Node that has none", () => {
    const run = runWithTmp();
    expect(run.status).toBe(0);
    expect(run.stdout).toBe(runCli(["snippet", MODEL, "--json"]).stdout);
    expect(existsSync(run.cache)).toBe(HAS_COMPILE_CACHE);
    if (HAS_COMPILE_CACHE) expect(readdirSync(run.cache, { recursive: true }).length).toBeGreaterThan(0);
  });
});
