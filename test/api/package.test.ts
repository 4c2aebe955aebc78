import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runInProcess } from "../helpers/in-process.js";

/*
 * The package as a user gets it: `npm pack`, unpacked into a fresh project's
 * node_modules, imported by name, type-checked against its declarations.
 * `npm install` of the tarball needs the registry's package lists for its
 * dependencies, which this machine has no copy of offline, so the tarball is
 * unpacked as npm would place it and its dependencies are linked from this
 * project's node_modules.
 */

const ROOT = resolve(".");
const MODEL = "catalogue/models/meta-llama--Llama-3.1-8B-Instruct.json";
const work = mkdtempSync(join(tmpdir(), "hubref-package-"));
const project = join(work, "consumer");
const installed = join(project, "node_modules", "hubref");
let packed: string[];

beforeAll(() => {
  const out = execFileSync("npm", ["pack", "--ignore-scripts", "--json", "--pack-destination", work], { cwd: ROOT, encoding: "utf8" });
  const [info] = JSON.parse(out) as [{ filename: string; files: { path: string }[] }];
  packed = info.files.map((file) => file.path);
  mkdirSync(installed, { recursive: true });
  execFileSync("tar", ["-xzf", join(work, info.filename), "-C", installed, "--strip-components=1"]);
  symlinkSync(join(ROOT, "node_modules"), join(installed, "node_modules"));
  // A Node program's own type definitions: the declarations name Node's types (NodeJS.ProcessEnv, Buffer).
  symlinkSync(join(ROOT, "node_modules", "@types"), join(project, "node_modules", "@types"));
  writeFileSync(join(project, "package.json"), JSON.stringify({ name: "consumer", private: true, type: "module" }));
  writeFileSync(join(project, "model.json"), readFileSync(MODEL));
}, 120_000);

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
    writeFileSync(join(project, "record.mjs"), `import { register } from "node:module"; register("./hooks.mjs", import.meta.url);`);
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
  it("holds the built library and its declarations, not the sources", () => {
    expect(packed).toContain("dist/api/index.js");
    expect(packed).toContain("dist/api/index.d.ts");
    expect(packed.some((path) => path.startsWith("src/"))).toBe(false);
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
    expect(loaded.some((url) => url.includes("/hubref/dist/api/index.js"))).toBe(true);
    expect(loaded.some((url) => url.includes("/hubref/dist/libraries/snippets/"))).toBe(true);
    const unwanted = loaded.filter((url) => /\/dist\/(cli|ui|bundle)\/|\/node_modules\/(ink|react|commander|chalk|clipboardy|highlight\.js)\//.test(url));
    expect(unwanted).toEqual([]);
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
