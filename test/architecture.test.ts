import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { FLAG_NAMES } from "../src/words/cli-names.js";

/*
 * The layers, checked on the source: src/cli/ is the top floor (nothing
 * imports it), each folder imports only the floors below it (the domain
 * folders too: search above the generators, above apps, above the memory
 * estimate's parts), and no module
 * imports itself through others. Type-only imports count: a loop of types is
 * still two files that must change together. src/build/ is the build's room:
 * run-time code takes only types from it.
 */

const SRC = resolve("src");

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts") ? [path] : [];
  });
}

const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^;]*?from\s*"(\.{1,2}\/[^"]+)"|import\(\s*"(\.{1,2}\/[^"]+)"\s*\)/g;

interface Import {
  target: string;
  /** `import type` / `export type`: erased from the JavaScript. */
  typeOnly: boolean;
}

/** Relative imports of a file, as paths of .ts/.tsx files in src/. */
function importsOf(file: string, known: ReadonlySet<string>): Import[] {
  const text = readFileSync(file, "utf8");
  const found: Import[] = [];
  for (const match of text.matchAll(IMPORT)) {
    const specifier = match[1] ?? match[2]!;
    const base = resolve(dirname(file), specifier).replace(/\.js$/, "");
    const target = [`${base}.ts`, `${base}.tsx`].find((candidate) => known.has(candidate));
    // A relative import that names no .ts/.tsx file of src/ is not followed.
    if (target) found.push({ target, typeOnly: /^\s*(?:import|export) type\s/.test(match[0]) });
  }
  return found;
}

const files = sourceFiles(SRC);
const known = new Set(files);
const imports = new Map(files.map((file) => [file, importsOf(file, known)]));
const graph = new Map([...imports].map(([file, list]) => [file, list.map((item) => item.target)]));
const name = (file: string) => relative(SRC, file);

/**
 * The floors, top first: a file imports its own folder and the floors below,
 * never a folder beside it on its floor. Folders share a floor where neither
 * needs the other.
 */
const FLOORS: readonly (readonly string[])[] = [
  ["cli"],
  // The picker, and the MCP server (`hubref mcp`: the library's functions as tools).
  ["ui", "mcp"],
  // The library: the domain functions over plain data, problems as values.
  ["api"],
  // The words of problems and notes, for any edge: given the edge's names for what the user set.
  ["words"],
  // What one model offers, across sources (hubref model).
  ["offer"],
  // Code blocks from every source: the one way the commands and the picker get code.
  ["blocks"],
  // The hub's model search, whose filters name tasks, libraries, apps and providers.
  ["search"],
  // The local-run owner: the file, the plan and the settings for an app on a machine, for every view above.
  ["local"],
  // The code generators: hosted inference calls, and each library's usage code.
  ["inference", "libraries"],
  // Local apps: GGUF file choice, the --fits plan.
  ["apps"],
  // Servers for safetensors weights (vLLM, SGLang, MLX LM): their start-up as arithmetic, and the plan.
  ["serve"],
  // The memory a machine has, and the memory a model needs at a context size, from its GGUF header.
  ["hardware"],
  ["memory"],
  // A safetensors repository's facts: its shard headers and config.json, read by range from the hub.
  ["safetensors"],
  ["gguf", "tasks"],
  ["quant", "choices"],
  ["model"],
  ["catalogue", "format", "output"],
  ["util"],
  // Problems and notes as records of data, and the keys of what the user set: no words, no exit codes.
  ["outcome"],
  ["errors.ts"],
];
/** The first folder (or file) of src/ a file is in. */
const roomOf = (file: string) => name(file).split("/")[0]!;
const floorOf = (file: string) => FLOORS.findIndex((floor) => floor.includes(roomOf(file)));

/** Whether `file` may import `target`: its own folder, the build's types (checked below), or a floor below its own. */
function importsDownward(file: string, target: string): boolean {
  if (roomOf(target) === roomOf(file) || roomOf(target) === "build") return true;
  return floorOf(target) > floorOf(file);
}

/** Every cycle's files, found by depth-first search (each reported once, from its first file met). */
function cycles(): string[][] {
  const found: string[][] = [];
  const state = new Map<string, "open" | "done">();
  const stack: string[] = [];
  const visit = (file: string) => {
    state.set(file, "open");
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === "open") found.push([...stack.slice(stack.indexOf(next)), next].map(name));
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, "done");
  };
  for (const file of files) if (!state.has(file)) visit(file);
  return found;
}

describe("architecture", () => {
  it("reads the import graph (a check over nothing would pass)", () => {
    expect(files.length).toBeGreaterThan(100);
    expect(graph.get(join(SRC, "cli/program.ts"))?.length).toBeGreaterThan(0);
  });

  it("is drawn in ARCHITECTURE.md as the test holds it: every floor, top first", () => {
    const picture = readFileSync("ARCHITECTURE.md", "utf8").split("```")[1]!;
    const drawn = [...picture.matchAll(/^src\/([\w.]+)\/?\s/gm)].map((match) => match[1]!).filter((room) => room !== "build");
    expect(drawn).toEqual(FLOORS.flat());
  });

  it("has no import loop", () => {
    expect(cycles().map((cycle) => cycle.join(" → "))).toEqual([]);
  });

  it("puts every folder of src/ on a floor, or in the build's room", () => {
    expect(files.filter((file) => floorOf(file) === -1 && roomOf(file) !== "build").map(name)).toEqual([]);
  });

  it("imports only downward: the folder itself or a floor below, never a neighbour on its floor", () => {
    const offenders = [...imports].flatMap(([file, list]) => {
      if (roomOf(file) === "build") return [];
      return list.filter(({ target }) => !importsDownward(file, target)).map(({ target }) => `${name(file)} → ${name(target)}`);
    });
    expect(offenders).toEqual([]);
  });

  it("refuses an import between domain neighbours or upward (the rule above can fail)", () => {
    const at = (path: string) => join(SRC, path);
    expect(importsDownward(at("inference/engine.ts"), at("apps/formats.ts"))).toBe(true);
    expect(importsDownward(at("inference/engine.ts"), at("libraries/registry.ts"))).toBe(false);
    expect(importsDownward(at("hardware/budget.ts"), at("apps/memory.ts"))).toBe(false);
    expect(importsDownward(at("quant/parse.ts"), at("gguf/header.ts"))).toBe(false);
  });

  it("keeps the build in its room: run-time code takes only types from src/build/", () => {
    const offenders = [...imports].flatMap(([file, list]) =>
      roomOf(file) === "build"
        ? []
        : list.filter((item) => roomOf(item.target) === "build" && !item.typeOnly).map(({ target }) => `${name(file)} → ${name(target)}`),
    );
    expect(offenders).toEqual([]);
    expect([...imports].some(([file, list]) => roomOf(file) !== "build" && list.some((item) => roomOf(item.target) === "build"))).toBe(true);
  });

  it("loads no module by a name made at run time: every import() names its file in the source", () => {
    const call = /\bimport\(/g;
    const literal = /^(?:\)|"[^"]+"\)|new URL\("[^"]+", import\.meta\.url\)\.href\)|pathToFileURL\(join\(PROJECT_ROOT(?:, "[^"]+")+\)\)\.href\))/;
    const offenders = files.flatMap((file) => {
      const text = readFileSync(file, "utf8");
      return [...text.matchAll(call)]
        .map((match) => text.slice(match.index + match[0].length, match.index + match[0].length + 80))
        .filter((rest) => !literal.test(rest))
        .map((rest) => `${name(file)}: ${rest.split("\n")[0]}`);
    });
    expect(offenders).toEqual([]);
  });

  it("keeps src/cli/ on top: no file outside it imports it", () => {
    const cli = `${join(SRC, "cli")}/`;
    const offenders = [...graph].flatMap(([file, targets]) =>
      file.startsWith(cli) ? [] : targets.filter((target) => target.startsWith(cli)).map((target) => `${name(file)} → ${name(target)}`),
    );
    expect(offenders).toEqual([]);
  });

  it("keeps src/cli/ to parsing and printing: code blocks come from src/blocks/, never from a generator", () => {
    // The generators below src/blocks/: a command that called one directly could show code the picker does not.
    const generators = ["inference/engine.ts", "apps/generate.ts", "libraries/generator.ts"].map((path) => join(SRC, path));
    const cli = `${join(SRC, "cli")}/`;
    const offenders = [...graph].flatMap(([file, targets]) =>
      file.startsWith(cli) ? targets.filter((target) => generators.includes(target)).map((target) => `${name(file)} → ${name(target)}`) : [],
    );
    expect(offenders).toEqual([]);
  });
});

/*
 * Typed outcomes: below the edges (cli, ui, mcp, api, words) a problem or a
 * note is a record of data. No domain file names one of hubref's own flags
 * or makes an error that carries an exit code: the edges word the records
 * (src/words/) and decide what they mean there.
 */
describe("the domain speaks in records", () => {
  const edges = new Set(["cli", "ui", "mcp", "api", "words", "build"]);
  const domain = files.filter((file) => !edges.has(roomOf(file)) && roomOf(file) !== "errors.ts" && !file.includes("/generated/"));
  const flags = Object.values(FLAG_NAMES).filter((flag) => flag.startsWith("--"));
  /** A file's code without its comments: a comment may say which flag a rule serves. */
  const code = (file: string) =>
    readFileSync(file, "utf8")
      .replace(/\/\*[\s\S]*?\*\//g, "")
      .replace(/(^|[^:"'`\\])\/\/.*$/gm, "$1");
  const offences = (file: string): string[] => {
    const text = code(file);
    const named = flags.filter((flag) => new RegExp(`(?<![\\w-])${flag}(?![\\w-])`).test(text));
    const errors = /\b(usageError|operationalError|HubrefError|ExitCode)\b/.test(text) ? ["an error with an exit code"] : [];
    return [...named, ...errors];
  };
  /** Other tools' flags that are spelled like one of hubref's, in the code hubref writes for them, and why. */
  const OTHER_TOOLS: Readonly<Record<string, string>> = {
    "libraries/snippets/mlx.ts": "mlx_vlm.generate's own --image and --max-tokens",
    "libraries/snippets/phantom-wan.ts": "the Phantom-Wan script's own --task",
    "inference/fields/shell.ts": "a comment in the generated shell code tells the reader which --language writes a whole program",
    "apps/snippets/servers.ts": "vllm serve's own --kv-cache-dtype and --gpu-memory-utilization, in the commands it writes",
    "serve/serve.ts": "vllm serve's own --kv-cache-dtype and --gpu-memory-utilization, which hubref's flags of the same names carry over",
  };
  it("checks the domain (a check over nothing would pass)", () => {
    expect(domain.length).toBeGreaterThan(150);
    expect(offences(join(SRC, "words/cli-names.ts"))).toContain("--fits");
  });

  it("no domain file names a flag of hubref's or makes an error with an exit code", () => {
    const offenders = domain.flatMap((file) => {
      const at = name(file);
      if (OTHER_TOOLS[at] !== undefined) return [];
      const found = offences(file);
      return found.length > 0 ? [`${at}: ${found.join(", ")}`] : [];
    });
    expect(offenders).toEqual([]);
  });

  it("lists no file as another tool's that no longer names such a flag", () => {
    const listed = Object.keys(OTHER_TOOLS);
    expect(listed.filter((at) => !known.has(join(SRC, at)) || offences(join(SRC, at)).length === 0)).toEqual([]);
  });

  it("reads the environment at the edges only: the hub's configuration from it in one place", () => {
    const readers = domain.filter((file) => /\bprocess\.env\b|NodeJS\.ProcessEnv/.test(code(file))).map(name);
    // env.ts makes the hub's configuration from a process's environment; detect.ts runs nvidia-smi and the like with one;
    // output.ts asks NO_COLOR and the like; js.ts writes `process.env.X` into the code it generates.
    expect(readers.sort()).toEqual(["hardware/detect.ts", "inference/fields/js.ts", "model/hub/env.ts", "output/output.ts"]);
  });
});
