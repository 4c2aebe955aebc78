import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { libraryBlocks } from "../../src/blocks/model-blocks.js";
import { ModelDataSchema, type ModelData } from "../../src/model/schema.js";
import { localRun } from "../helpers/local-runs.js";
import { rejected } from "../helpers/errors.js";

/** llama-cpp-python's run of the file named, as `snippet --library --quant Q` makes it. */
const named = async (model: ModelData, file: { quant?: string; file?: string }) => ({ local: await localRun(model, file, undefined, "llama-cpp-python") });

/*
 * A repository's GGUF files get llama-cpp-python's code, chosen as --app
 * chooses the file; a repository of GGUF files only never gets its
 * library_name's code, which could not load it.
 */

const unsloth = ModelDataSchema.parse(JSON.parse(readFileSync("test/fixtures/library/unsloth--Llama-3.2-1B-Instruct-GGUF.json", "utf8")));

/** A repository with both safetensors weights and GGUF files (as some publishers ship them together). */
const both = ModelDataSchema.parse({
  id: "acme/chat-model",
  library_name: "transformers",
  pipeline_tag: "text-generation",
  tags: ["transformers", "safetensors", "gguf", "conversational"],
  transformersInfo: { auto_model: "AutoModelForCausalLM", processor: "AutoTokenizer" },
  siblings: [{ rfilename: "config.json" }, { rfilename: "model.safetensors" }, { rfilename: "chat-model-Q4_K_M.gguf" }, { rfilename: "chat-model-Q8_0.gguf" }],
});

describe("library code for GGUF repositories", () => {
  it("regression: a GGUF-only repository whose library_name says transformers gets llama-cpp-python's code, never transformers'", async () => {
    const blocks = await libraryBlocks(unsloth);
    expect(new Set(blocks.map((block) => block.library))).toEqual(new Set(["llama-cpp-python"]));
    const code = blocks.find((block) => block.language === "python")!.content;
    expect(code).toContain('filename="Llama-3.2-1B-Instruct-Q4_K_M.gguf"');
    expect(code).not.toContain("from transformers");
  });

  it("--quant, --file and --fits choose its file as --app does", async () => {
    const quant = await libraryBlocks(unsloth, "python", await named(unsloth, { quant: "Q8_0" }));
    expect(quant[0]!.content).toContain('filename="Llama-3.2-1B-Instruct-Q8_0.gguf"');
    const file = await libraryBlocks(unsloth, "python", await named(unsloth, { file: "Llama-3.2-1B-Instruct-Q6_K.gguf" }));
    expect(file[0]!.content).toContain('filename="Llama-3.2-1B-Instruct-Q6_K.gguf"');
    expect((await rejected(named(unsloth, { quant: "Q7_K" }))).exitCode).toBe(2);
  });

  it("a repository with both safetensors and GGUF files gets both, the GGUF file's code titled as such", async () => {
    const blocks = await libraryBlocks(both, "python");
    expect(blocks.map((block) => [block.library, block.title])).toEqual([
      ["transformers", "pipeline"],
      ["transformers", "direct load"],
      ["llama-cpp-python", "GGUF file"],
    ]);
    const quant = await libraryBlocks(both, "python", await named(both, { quant: "Q8_0" }));
    expect(quant.at(-1)!.content).toContain('filename="chat-model-Q8_0.gguf"');
  });

  it("a repository with weights for its own library only gets that library's code alone", async () => {
    const plain = ModelDataSchema.parse({ ...both, tags: ["transformers"], siblings: [{ rfilename: "config.json" }, { rfilename: "model.safetensors" }] });
    const blocks = await libraryBlocks(plain);
    expect(new Set(blocks.map((block) => block.library))).toEqual(new Set(["transformers"]));
    expect((await rejected(libraryBlocks(plain, undefined, await named(plain, { quant: "Q4_K_M" })))).message).toMatch(/--quant picks a GGUF file/);
  });

  it("a block that would only be a fallback comment is not printed; with nothing left, a usage error gives its reason", async () => {
    const noClass = ModelDataSchema.parse({ id: "acme/m", library_name: "transformers", pipeline_tag: "text-classification", tags: ["transformers"] });
    const blocks = await libraryBlocks(noClass, "python");
    expect(blocks.map((block) => block.title)).toEqual(["pipeline"]);
    expect(blocks.map((block) => block.content).join("\n")).not.toContain("Type of model unknown");
    const nothing = ModelDataSchema.parse({ id: "acme/m", library_name: "transformers", tags: ["transformers"] });
    expect(await rejected(libraryBlocks(nothing))).toMatchObject({
      exitCode: 2,
      message: expect.stringContaining("no 'transformers' usage code from its metadata"),
    });
  });
});
