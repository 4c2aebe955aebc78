import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureBuilt } from "../helpers/build-once.js";
import { runInProcess } from "../helpers/in-process.js";

/*
 * The package as a user gets it: `npm run pack` (scripts/pack.mjs), unpacked into a fresh project's
 * node_modules with the packages npm would install beside it, imported by name, run, and type-checked
 * against its declarations. `npm install` of the tarball needs the registry's package lists, which a
 * test machine may not reach: the tarball is unpacked as npm places it, and each package of its
 * dependencies' closure (as package-lock.json resolves it) is linked from this project's node_modules.
 */

const ROOT = resolve(".");
const MODEL = "catalogue/models/meta-llama--Llama-3.1-8B-Instruct.json";
const work = mkdtempSync(join(tmpdir(), "hubref-package-"));
const project = join(work, "consumer");
const installed = join(project, "node_modules", "hubref");
let packed: string[];
let manifest: Record<string, unknown> & { dependencies?: Record<string, string> };
/** The packages npm installs with hubref: its dependencies and theirs, not its optional peers. */
let pulled: string[];

/** The dependencies' closure, as package-lock.json resolved this project's tree. */
function dependencyClosure(names: string[]): string[] {
  const lock = JSON.parse(readFileSync(join(ROOT, "package-lock.json"), "utf8")) as {
    packages: Record<string, { dependencies?: Record<string, string> }>;
  };
  const found = new Set<string>();
  const visit = (name: string) => {
    if (found.has(name)) return;
    found.add(name);
    for (const next of Object.keys(lock.packages[`node_modules/${name}`]?.dependencies ?? {})) visit(next);
  };
  for (const name of names) visit(name);
  return [...found].sort();
}

beforeAll(() => {
  ensureBuilt({ declarations: true });
  const tarball = execFileSync(process.execPath, [join(ROOT, "scripts/pack.mjs"), "--destination", work], { cwd: ROOT, encoding: "utf8" }).trim();
  packed = execFileSync("tar", ["-tzf", tarball], { encoding: "utf8" })
    .trim()
    .split("\n")
    .map((path) => path.replace(/^package\//, ""));
  mkdirSync(installed, { recursive: true });
  execFileSync("tar", ["-xzf", tarball, "-C", installed, "--strip-components=1"]);
  manifest = JSON.parse(readFileSync(join(installed, "package.json"), "utf8"));
  pulled = dependencyClosure(Object.keys(manifest.dependencies ?? {}));
  for (const name of pulled) {
    mkdirSync(join(project, "node_modules", name, ".."), { recursive: true });
    symlinkSync(join(ROOT, "node_modules", name), join(project, "node_modules", name));
  }
  // A Node program's own type definitions: the declarations name Node's types (NodeJS.ProcessEnv, Buffer).
  symlinkSync(join(ROOT, "node_modules", "@types"), join(project, "node_modules", "@types"));
  writeFileSync(join(project, "package.json"), JSON.stringify({ name: "consumer", private: true, type: "module" }));
  writeFileSync(join(project, "model.json"), readFileSync(MODEL));
}, 300_000);

afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Runs a script in the consumer project; with `record`, every module loaded is written to a file, one URL a line. */
function runConsumer(script: string, record?: string): string {
  writeFileSync(join(project, "main.mjs"), script);
  const args = ["main.mjs"];
  if (record) {
    writeFileSync(
      join(project, "hooks.mjs"),
      `import { appendFileSync } from "node:fs";
export async function load(url, context, next) { appendFileSync(${JSON.stringify(record)}, url + "\\n"); return next(url, context); }`,
    );
    writeFileSync(
      join(project, "record.mjs"),
      `import { createRequire, register } from "node:module";
import { appendFileSync } from "node:fs";
register("./hooks.mjs", import.meta.url);
// The hook sees ES modules; CommonJS files (the bundle is one) are in require's cache, Node's own modules in its load list.
const cache = createRequire(import.meta.url).cache;
process.on("exit", () => appendFileSync(${JSON.stringify(record)}, [...Object.keys(cache), ...process.moduleLoadList].join("\\n") + "\\n"));`,
    );
    args.unshift("--import", "./record.mjs");
  }
  return execFileSync(process.execPath, args, { cwd: project, encoding: "utf8", env: { PATH: process.env.PATH } });
}

/**
 * docs/api.md's TypeScript examples as one module: each in a function of its own (so each may name its own
 * `model`), their imports gathered at the top, and what an example takes as given declared.
 */
function docsExamples(): string {
  const text = readFileSync(join(ROOT, "docs", "api.md"), "utf8");
  const blocks = [...text.matchAll(/```ts\n([\s\S]*?)```/g)].map((match) => match[1]!);
  const names = new Set<string>();
  const bodies = blocks.map((block) =>
    block
      .split("\n")
      .filter((line) => {
        const imported = /^import \{ (.*) \} from "hubref";$/.exec(line);
        for (const name of imported?.[1]?.split(", ") ?? []) names.add(name);
        return imported === null;
      })
      .join("\n"),
  );
  return [
    `import * as hubref from "hubref";`,
    `const { ${["inferenceSnippets", "libraryCode", "localAppCommands", "describeModel", "memoryPlan", "tasks", "libraries", "hardware", "parseQuant", "searchModels", "getModel", "getGgufHeader", ...names].filter((name, index, all) => all.indexOf(name) === index).join(", ")} } = hubref;`,
    "declare const model: hubref.ModelData;",
    "declare const firstBytes: Uint8Array;",
    "declare const myFetch: typeof fetch;",
    ...bodies.map((body, index) => `export async function example${index}() {\n${body}}`),
  ].join("\n");
}

describe("the packed package", () => {
  it("holds the one bundle and the library's declarations, not the sources nor tsc's JavaScript", () => {
    for (const file of ["dist/bundle/hubref.cjs", "dist/bundle/library.mjs", "dist/bundle/mount.js", "dist/api/index.d.ts", "bin/hubref"])
      expect(packed).toContain(file);
    expect(packed.filter((path) => path.startsWith("src/") || path.startsWith("test/"))).toEqual([]);
    expect(packed.filter((path) => path.startsWith("dist/") && !path.startsWith("dist/bundle/") && /\.[cm]?js$/.test(path))).toEqual([]);
  });

  it("installs without running a script, and pulls only what the library needs: zod", () => {
    // npm runs a dependency's preinstall, install and postinstall, and warns about a prepare it will not run.
    expect(manifest.scripts).toBeUndefined();
    expect(manifest.devDependencies).toBeUndefined();
    expect(manifest.dependencies).toEqual({ zod: expect.any(String) });
    expect(pulled).toEqual(["zod"]);
    // The command line's screens (Ink, React), its parser and its colours are in the bundle; the MCP server's
    // SDK and clipboardy are optional peers, installed by whoever wants `hubref mcp` or the picker's copy.
    expect(Object.keys(manifest.peerDependencies as object).sort()).toEqual(["@modelcontextprotocol/sdk", "clipboardy"]);
    expect(manifest.peerDependenciesMeta).toEqual({ "@modelcontextprotocol/sdk": { optional: true }, clipboardy: { optional: true } });
  });

  it("runs the command line with only those installed, and says what `hubref mcp` lacks", async () => {
    const bin = join(installed, "bin", "hubref");
    const run = (...args: string[]) => {
      try {
        return {
          status: 0,
          stdout: execFileSync(process.execPath, [bin, ...args], { cwd: project, encoding: "utf8", env: { PATH: process.env.PATH }, stdio: "pipe" }),
          stderr: "",
        };
      } catch (error) {
        const failed = error as { status: number; stdout: string; stderr: string };
        return { status: failed.status, stdout: failed.stdout, stderr: failed.stderr };
      }
    };
    const cli = await runInProcess(["snippet", MODEL, "--json"]);
    expect(run("snippet", "model.json", "--json").stdout).toBe(cli.stdout);
    const mcp = run("mcp");
    expect(mcp.status).toBe(1);
    expect(mcp.stderr).toMatch(
      /^error: hubref mcp needs the package @modelcontextprotocol\/sdk, which is not installed\nhint: .*npm install @modelcontextprotocol\/sdk/,
    );
    expect(mcp.stderr.split("\n").filter(Boolean)).toHaveLength(2);
  });

  it("imports by name and gives the command line's snippet", async () => {
    const out = runConsumer(`
import { readFileSync } from "node:fs";
import { blocksJson, inferenceSnippets, tasks } from "hubref";
const snippets = inferenceSnippets(JSON.parse(readFileSync("model.json", "utf8")), { language: "python", client: "openai" });
const result = snippets.ok ? { ok: true, value: blocksJson(snippets.value) } : snippets;
process.stdout.write(JSON.stringify({ result, tasks: tasks().length }));
`);
    const { result, tasks } = JSON.parse(out);
    const cli = await runInProcess(["snippet", MODEL, "--language", "python", "--client", "openai", "--json"]);
    expect(result.ok).toBe(true);
    expect(result.value).toEqual(JSON.parse(cli.stdout));
    expect(tasks).toBeGreaterThan(0);
  });

  it("loads no command-line or terminal-UI code, even once its functions ran", () => {
    const log = join(work, "loaded.txt");
    runConsumer(
      `
import { readFileSync } from "node:fs";
import { inferenceSnippets, libraryCode } from "hubref";
const model = JSON.parse(readFileSync("model.json", "utf8"));
inferenceSnippets(model);
await libraryCode(model);
`,
      log,
    );
    const loaded = readFileSync(log, "utf8").trim().split("\n");
    // The library's one file and the bundle it takes its functions from, each library's generator inside it.
    const hubrefFiles = [
      ...new Set(loaded.filter((entry) => entry.includes("/node_modules/hubref/")).map((entry) => entry.replace(/^.*\/node_modules\/hubref\//, ""))),
    ];
    expect(hubrefFiles.sort()).toEqual(["dist/bundle/hubref.cjs", "dist/bundle/library.mjs"]);
    const packages = new Set(
      loaded.flatMap((entry) => /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(entry.replace(/^.*\/node_modules\/hubref\//, ""))?.[1] ?? []),
    );
    expect([...packages]).toEqual(["zod"]);
    // commander, the command line's parser bundled in, requires child_process when its code runs: it did not.
    expect(loaded).not.toContain("NativeModule child_process");
  });

  it("type-checks a program and docs/api.md's examples against the declarations, and refuses a wrong one", () => {
    writeFileSync(
      join(project, "tsconfig.json"),
      JSON.stringify({
        compilerOptions: { module: "NodeNext", moduleResolution: "NodeNext", target: "ES2022", strict: true, noEmit: true, types: ["node"] },
        files: ["use.ts", "docs.ts"],
      }),
    );
    writeFileSync(
      join(project, "use.ts"),
      `import { inferenceSnippets, memoryPlan, parseQuant, type ModelData, type Problem, type Snippet } from "hubref";
const model = { id: "acme/tiny", pipeline_tag: "text-generation", tags: ["conversational"] } as ModelData;
const result = inferenceSnippets(model, { language: "python", provider: "auto", stream: true });
if (result.ok) {
  const first: Snippet | undefined = result.value[0];
  const content: string | undefined = first?.content;
  void content;
} else {
  const problem: Problem = result.problem;
  const code: "invalid-input" | "unavailable" | "no-code" = problem.code;
  void code;
}
const label: string | null = parseQuant("x-Q4_K_M.gguf");
void label;
void memoryPlan(new Uint8Array(8), { weights: { files: ["a.gguf"], bytes: 1 }, budget: { gpus: [24e9] } });
// @ts-expect-error: no such language
inferenceSnippets(model, { language: "cobol" });
// @ts-expect-error: a result is not a snippet list until its ok is checked
const wrong: Snippet[] = inferenceSnippets(model).value;
void wrong;
`,
    );
    writeFileSync(join(project, "docs.ts"), docsExamples());
    const tsc = join(ROOT, "node_modules", "typescript", "bin", "tsc");
    const run = (...flags: string[]) => {
      try {
        execFileSync(process.execPath, [tsc, "-p", "tsconfig.json", ...flags], { cwd: project, encoding: "utf8" });
      } catch (error) {
        throw new Error(String((error as { stdout?: string }).stdout));
      }
    };
    expect(() => run()).not.toThrow();
    // And the check can fail: a program misusing a type is refused. The declarations were checked whole above, so
    // this run checks only the program (skipLibCheck, which saves most of tsc's time).
    writeFileSync(join(project, "use.ts"), `import { parseQuant } from "hubref";\nconst n: number = parseQuant("x");\nvoid n;\n`);
    writeFileSync(join(project, "docs.ts"), "export {};\n");
    expect(() => run("--skipLibCheck")).toThrow(/TS2322/);
  }, 300_000);
});
