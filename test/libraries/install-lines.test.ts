import { describe, expect, it } from "vitest";
import { hasSnippetGenerator, libraryEntries, librarySnippets } from "../../src/libraries/registry.js";
import { ModelDataSchema } from "../../src/model/schema.js";
import { CASES } from "./snippet-cases.js";
import { installed, provides } from "../helpers/pip-installs.js";

/*
 * What library code needs at run time beyond its imports is installed with it
 * (the imports themselves: test/libraries/as-pasted.test.ts), and the install
 * lines are read as pip reads them.
 */

/*
 * What code needs at run time beyond its imports: a Keras backend named in
 * KERAS_BACKEND, the framework transformers runs on (it brings none: its
 * pipelines and models need torch, or TensorFlow/JAX for their own classes),
 * PyTorch tensors asked for by name, accelerate for device_map.
 */
const FRAMEWORKS = ["torch", "tensorflow", "jax"];
const RUNTIME: { needs: (code: string, modules: readonly string[]) => string[]; what: string }[] = [
  {
    what: "the Keras backend",
    needs: (code) => [...code.matchAll(/KERAS_BACKEND"\]\s*=\s*"(\w+)"/g)].map((match) => match[1]!),
  },
  {
    what: "a framework for transformers",
    // A tokenizer alone runs without one; a pipeline or a model class does not.
    needs: (code, modules) => (modules.includes("transformers") && /\bpipeline\(|AutoModel\w*\.from_pretrained/.test(code) ? [FRAMEWORKS.join("|")] : []),
  },
  {
    what: "Pillow for an image pipeline",
    needs: (code, modules) =>
      modules.includes("transformers") &&
      /pipeline\("(image-|object-detection|depth-estimation|zero-shot-(image|object)|mask-generation|visual-question|document-question|keypoint)/.test(code)
        ? ["PIL"]
        : [],
  },
  { what: "PyTorch tensors", needs: (code) => (/return_tensors="pt"/.test(code) ? ["torch"] : []) },
  { what: "device_map", needs: (code) => (/device_map=/.test(code) ? ["accelerate"] : []) },
  // Keras and KerasHub read hf:// paths through huggingface_hub, which neither depends on.
  {
    what: "an hf:// path",
    needs: (code, modules) => ((modules.includes("keras") || modules.includes("keras_hub")) && /["']hf:\/\//.test(code) ? ["huggingface_hub"] : []),
  },
];

/** Modules the code needs at run time; `a|b` is met by either. */
function runtimeNeeds(code: string): string[] {
  const modules = importsOf(code);
  return RUNTIME.flatMap((rule) => rule.needs(code, modules));
}

function importsOf(code: string): string[] {
  const modules: string[] = [];
  for (const line of code.split("\n")) {
    const match = /^(?:from\s+([A-Za-z0-9_.]+)\s+import\b|import\s+([A-Za-z0-9_., ]+))/.exec(line);
    if (!match) continue;
    if (match[1] !== undefined) modules.push(match[1].split(".")[0]!);
    else for (const part of match[2]!.split(",")) modules.push(part.trim().split(/[.\s]/)[0]!);
  }
  return modules;
}

/** Each library on a plain model, and on its realistic case (snippet-cases.ts). */
function models(): { library: string; model: ReturnType<typeof ModelDataSchema.parse> }[] {
  const plain = libraryEntries()
    .filter((entry) => hasSnippetGenerator(entry.key))
    .map((entry) => ({
      library: entry.key,
      model: ModelDataSchema.parse({ id: "acme/model", library_name: entry.key, pipeline_tag: "text-generation", tags: [entry.key] }),
    }));
  return [...plain, ...CASES.map((one) => ({ library: one.library, model: ModelDataSchema.parse(one.model) }))];
}

async function installedFor(library: string, model: ReturnType<typeof ModelDataSchema.parse>) {
  const blocks = (await librarySnippets(library, model)) ?? [];
  const packages = new Set(
    installed(
      blocks
        .filter((block) => block.language === "sh")
        .map((block) => block.content)
        .join("\n"),
    ),
  );
  return { blocks, available: { has: (module: string) => provides(packages, module) === true } };
}

describe("library install lines", () => {
  it("what a library's python code uses at run time (a Keras backend, transformers' framework, torch tensors, accelerate) is installed too", async () => {
    const missing: string[] = [];
    for (const { library, model } of models()) {
      const { blocks, available } = await installedFor(library, model);
      // A block that only says what is missing runs nothing.
      for (const block of blocks.filter((candidate) => candidate.language === "python" && !candidate.fallback)) {
        for (const need of runtimeNeeds(block.content)) {
          if (!need.split("|").some((module) => available.has(module))) missing.push(`${library} (${model.id}): ${need}`);
        }
      }
    }
    expect([...new Set(missing)]).toEqual([]);
  });

  it("reads what code needs at run time", () => {
    expect(runtimeNeeds('os.environ["KERAS_BACKEND"] = "jax"\nimport keras')).toEqual(["jax"]);
    expect(runtimeNeeds('from transformers import pipeline\npipe = pipeline("x")\ninputs = tok("x", return_tensors="pt")')).toEqual([
      "torch|tensorflow|jax",
      "torch",
    ]);
    expect(runtimeNeeds('from transformers import AutoTokenizer\ntok = AutoTokenizer.from_pretrained("x")')).toEqual([]);
    expect(runtimeNeeds('from transformers import pipeline\npipe = pipeline("image-text-to-text", model="x")')).toEqual(["torch|tensorflow|jax", "PIL"]);
    expect(runtimeNeeds('pipe = DiffusionPipeline.from_pretrained("x", device_map="cuda")')).toEqual(["accelerate"]);
    expect(runtimeNeeds('import keras\nmodel = keras.saving.load_model("hf://acme/model")')).toEqual(["huggingface_hub"]);
  });

  it("reads installs the way pip names them", () => {
    expect(installed("pip install -U 'huggingface_hub[fastai]' \"keras>=3\"")).toEqual(["huggingface-hub", "keras"]);
    expect(installed("git clone https://github.com/A/B.git\npip install -r requirements.txt")).toEqual(["clone:github.com/a/b", "github.com/a/b"]);
    expect(installed("pip install 'x @ git+https://github.com/O/x' git+https://github.com/O/y.git#egg=y")).toEqual(["github.com/o/x", "github.com/o/y"]);
    expect(importsOf("import os, numpy as np\nfrom PIL.Image import open\n    import late")).toEqual(["os", "numpy", "PIL"]);
  });
});
