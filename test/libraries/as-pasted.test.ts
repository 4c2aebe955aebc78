import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { libraryBlocks } from "../../src/blocks/model-blocks.js";
import { isUsageFailure } from "../../src/outcome/problems.js";
import type { LibrarySnippet } from "../../src/libraries/generator.js";
import { PYTHON_MODULES } from "../../src/libraries/python-modules.js";
import { hasSnippetGenerator, libraryEntries, librarySnippets } from "../../src/libraries/registry.js";
import { ModelDataSchema, type ModelData } from "../../src/model/schema.js";
import { installed, provides } from "../helpers/pip-installs.js";
import { parsePython, pythonStdlib, type PythonParse } from "../helpers/python.js";
import { CASES } from "./snippet-cases.js";
import { fileNeeds } from "../helpers/tools.js";

/*
 * "Runs as pasted": every library block hubref prints, for a plain model of
 * each library, the realistic cases of snippet-cases.ts, the catalogue's
 * example models and the regression fixtures of test/fixtures/library/, is
 * judged by Python's own parser (one python3 for all of them): its imports
 * are installed by the install lines printed with it, and it ends with a
 * result a person sees.
 */

interface Sample {
  label: string;
  library: string;
  model: ModelData;
  blocks: Pick<LibrarySnippet, "language" | "content" | "fallback" | "title">[];
}

const parse = (json: unknown) => ModelDataSchema.parse(json);
const readJson = (path: string) => JSON.parse(readFileSync(path, "utf8")) as unknown;
const jsonFiles = (dir: string) =>
  readdirSync(dir)
    .filter((file) => file.endsWith(".json"))
    .map((file) => join(dir, file));

/** The model files whose printed blocks are checked as the command prints them. */
const MODEL_FILES = [...jsonFiles("catalogue/models"), ...jsonFiles("test/fixtures/library")];

/** The libraries whose loaders take trust_remote_code, each on a model tagged custom_code. */
const TRUSTING = ["transformers", "sentence-transformers", "setfit", "peft", "multimolecule", "mobilint", "mlx"] as const;
const remoteCodeModel = (library: string) =>
  parse({
    id: "acme/remote-code-model",
    library_name: library,
    pipeline_tag: library === "sentence-transformers" ? "sentence-similarity" : "text-generation",
    tags: [library, "custom_code", "conversational"],
    config: { peft: { base_model_name_or_path: "acme/base", task_type: "CAUSAL_LM" } },
    transformersInfo: { auto_model: "AutoModelForCausalLM", processor: "AutoTokenizer" },
  });

async function samples(): Promise<Sample[]> {
  const all: Sample[] = [];
  for (const library of TRUSTING) {
    const model = remoteCodeModel(library);
    all.push({ label: `${library} (custom_code)`, library, model, blocks: (await librarySnippets(library, model)) ?? [] });
  }
  for (const entry of libraryEntries().filter((candidate) => hasSnippetGenerator(candidate.key))) {
    const model = parse({ id: "acme/model", library_name: entry.key, pipeline_tag: "text-generation", tags: [entry.key] });
    all.push({ label: `${entry.key} (plain model)`, library: entry.key, model, blocks: (await librarySnippets(entry.key, model)) ?? [] });
  }
  for (const one of CASES) {
    const model = parse(one.model);
    all.push({ label: `${one.library}: ${one.name}`, library: one.library, model, blocks: (await librarySnippets(one.library, model)) ?? [] });
  }
  for (const file of MODEL_FILES) {
    const model = parse(readJson(file));
    let blocks: Awaited<ReturnType<typeof libraryBlocks>>;
    try {
      blocks = await libraryBlocks(model);
    } catch (error) {
      // A model with no library code is refused, as --library refuses it.
      if (isUsageFailure(error)) continue;
      throw error;
    }
    for (const library of new Set(blocks.map((block) => block.library))) {
      all.push({ label: `${library} for ${file}`, library, model, blocks: blocks.filter((block) => block.library === library) });
    }
  }
  return all;
}

const SAMPLES = await samples();
/** Every Python block that holds code (a fallback says what is missing and runs nothing), with what its sample installs. */
const PYTHON = SAMPLES.flatMap((sample) => {
  const packages = new Set(
    installed(
      sample.blocks
        .filter((block) => block.language === "sh")
        .map((block) => block.content)
        .join("\n"),
    ),
  );
  return sample.blocks
    .filter((block) => block.language === "python" && !block.fallback)
    .map((block) => ({ sample, content: block.content, title: block.title, packages }));
});
let parsed: PythonParse[] = [];

/** Every check here reads what Python's parser found: without python3, this file is a named skip. */
const HERE = fileNeeds("the library code as pasted, read by Python's parser", "python3");

beforeAll(() => {
  if (HERE) parsed = parsePython(PYTHON.map((block) => block.content));
}, 120_000);

function each(check: (block: (typeof PYTHON)[number], parse: Extract<PythonParse, { ok: true }>) => string[]): string[] {
  return PYTHON.flatMap((block, index) => {
    const result = parsed[index]!;
    if (!result.ok) return [`${block.sample.label}: does not parse: ${result.error}`];
    return check(block, result).map((problem) => `${block.sample.label}${block.title ? ` (${block.title})` : ""}: ${problem}`);
  });
}

/** Calls that show a result: a print, or a file written (its name printed before, or the call names it). */
const OUTPUT_CALL = /^print$|(^|[._])(save|write|export)\w*$|(^|\.)(to_file|imwrite|dump)$/;

/*
 * The versions whose public names the blocks are checked against: the wheels
 * of the wheels folder (HUBREF_WHEELS, /opt/pypi/files by default). A name
 * counts as public when the package defines it at the top level of one of its
 * modules (class, def or assignment): transformers exports its classes through
 * a lazy-import table built from its modules, so importing is not needed (nor
 * torch, which is not installable here).
 */
const PINNED = {
  transformers: "transformers-5.17.0-py3-none-any.whl",
  sentence_transformers: "sentence_transformers-6.0.1-py3-none-any.whl",
  peft: "peft-0.21.0-py3-none-any.whl",
  timm: "timm-1.0.29-py3-none-any.whl",
} as const;
const WHEELS = process.env.HUBREF_WHEELS ?? "/opt/pypi/files";

const DEFINED = String.raw`
import json, re, sys, zipfile
wanted = json.load(sys.stdin)
missing = []
for module, (wheel, names) in wanted.items():
    archive = zipfile.ZipFile(wheel)
    text = "\n".join(archive.read(n).decode("utf8", "replace") for n in archive.namelist() if n.startswith(module + "/") and n.endswith(".py"))
    for name in names:
        if not re.search(r"^(class|def) " + re.escape(name) + r"\b|^" + re.escape(name) + r"\s*[:=]", text, re.M):
            missing.append(module + "." + name)
json.dump(missing, sys.stdout)
`;

describe("library code runs as pasted", () => {
  it("checks the blocks of every library, the cases, the example models and the regression fixtures", () => {
    expect(new Set(SAMPLES.map((sample) => sample.library)).size).toBeGreaterThanOrEqual(libraryEntries().filter((entry) => entry.hasSnippets).length);
    expect(PYTHON.length).toBeGreaterThan(SAMPLES.length / 2);
  });

  it("every module a block imports is in the standard library or installed by its install line (src/libraries/python-modules.ts)", () => {
    const problems = each((block, result) =>
      result.imports.flatMap(({ module }) => {
        const top = module.split(".")[0]!;
        if (pythonStdlib.has(top)) return [];
        const covered = provides(block.packages, top);
        if (covered === undefined) return [`${top} is not in PYTHON_MODULES`];
        return covered ? [] : [`${top} (${PYTHON_MODULES[top as keyof typeof PYTHON_MODULES].package}) is not installed by: ${[...block.packages].join(" ")}`];
      }),
    );
    expect([...new Set(problems)]).toEqual([]);
  });
  it("every name a block reads is imported or defined in it", () => {
    const problems = each((_block, result) => result.undefined.map((name) => `${name} is never imported or defined`));
    expect([...new Set(problems)]).toEqual([]);
  });

  it("a model tagged custom_code gets trust_remote_code=True, under a comment saying what it runs, and einops installed, in every library that takes the flag", () => {
    const remote = SAMPLES.filter((sample) => sample.model.tags.includes("custom_code") && (TRUSTING as readonly string[]).includes(sample.library));
    expect(remote.map((sample) => sample.library)).toEqual(expect.arrayContaining([...TRUSTING]));
    for (const sample of remote) {
      const code = sample.blocks.filter((block) => block.language === "python");
      expect(code.length, sample.label).toBeGreaterThan(0);
      for (const block of code) {
        expect(block.content, sample.label).toContain("trust_remote_code");
        expect(block.content, sample.label).toContain("# trust_remote_code=True runs the Python code of the model's repository on this machine");
      }
      // mlx-lm ports the architectures itself: only the tokenizer's code is trusted.
      if (sample.library !== "mlx")
        expect(installed(sample.blocks.map((block) => (block.language === "sh" ? block.content : "")).join("\n")), sample.label).toContain("einops");
    }
  });

  it("regression: nomic-embed-text-v1.5 (custom_code) with sentence-transformers trusts its remote code and installs einops", () => {
    const nomic = SAMPLES.find((sample) => sample.model.id === "nomic-ai/nomic-embed-text-v1.5" && sample.library === "sentence-transformers")!;
    expect(nomic.blocks.map((block) => block.content).join("\n")).toContain("pip install -U sentence-transformers einops");
    expect(nomic.blocks.map((block) => block.content).join("\n")).toContain(
      'model = SentenceTransformer("nomic-ai/nomic-embed-text-v1.5", trust_remote_code=True)',
    );
  });

  it.skipIf(!existsSync(WHEELS))(
    "every name a block imports from transformers, sentence-transformers, peft and timm exists at the pinned version",
    () => {
      const wanted: Record<string, [string, string[]]> = {};
      each((_block, result) => {
        for (const { module, names } of result.imports) {
          const top = module.split(".")[0]! as keyof typeof PINNED;
          if (!Object.hasOwn(PINNED, top) || module !== top) continue;
          wanted[top] ??= [join(WHEELS, PINNED[top]), []];
          wanted[top][1].push(...names.filter((name) => !wanted[top]![1].includes(name)));
        }
        return [];
      });
      expect(Object.keys(wanted).length).toBeGreaterThan(0);
      const run = spawnSync("python3", ["-c", DEFINED], { input: JSON.stringify(wanted), encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
      expect(run.status, run.stderr).toBe(0);
      expect(JSON.parse(run.stdout)).toEqual([]);
    },
    120_000,
  );

  it("every block ends with a visible result: a print, or a file saved", () => {
    const problems = each((_block, result) =>
      result.lastCall !== null && OUTPUT_CALL.test(result.lastCall) ? [] : [`ends with ${result.lastCall ?? "no call"}`],
    );
    expect([...new Set(problems)]).toEqual([]);
  });
});
