import { readFileSync } from "node:fs";
import { noteWords } from "../helpers/worded.js";
import { describe, expect, it } from "vitest";
import { appBlocks, libraryBlocks } from "../../src/blocks/model-blocks.js";
import { ModelDataSchema } from "../../src/model/schema.js";

/*
 * Code for a gated or private model says, in its own language and in a note,
 * that a login is needed, where to accept the terms, and how to log in; so
 * does code that loads a gated base model (a LoRA of FLUX.1-dev).
 */

const fixture = (name: string) => ModelDataSchema.parse(JSON.parse(readFileSync(`test/fixtures/library/${name}.json`, "utf8")));

async function library(name: string) {
  const notes: string[] = [];
  const blocks = await libraryBlocks(fixture(name), undefined, { notes });
  return { blocks, notes, code: blocks.filter((block) => block.language === "python").map((block) => block.content) };
}

describe("gated and private models", () => {
  it.each([
    ["meta-llama--Llama-3.2-1B-Instruct", "meta-llama/Llama-3.2-1B-Instruct"],
    ["google--gemma-3-4b-it", "google/gemma-3-4b-it"],
  ])(
    "regression: %s's --library code opens with a comment saying it is gated, where to accept the terms and how to log in, and a note says so",
    async (name, id) => {
      const { code, notes } = await library(name);
      expect(code.length).toBeGreaterThan(0);
      const line = `# ${id} is gated: accept its terms at https://huggingface.co/${id}, then log in with \`hf auth login\` or set HF_TOKEN to a token of that account`;
      for (const block of code) expect(block.split("\n")[0]).toBe(line);
      expect(notes).toContain(line.slice(2));
    },
  );

  it("regression: a LoRA of FLUX.1-dev says its gated base needs the terms accepted and a login", async () => {
    const { code, notes } = await library("XLabs-AI--flux-RealismLora");
    expect(code.join("\n")).toContain(
      "# its base model black-forest-labs/FLUX.1-dev is gated: accept its terms at https://huggingface.co/black-forest-labs/FLUX.1-dev, then log in with `hf auth login`",
    );
    expect(notes.some((note) => note.startsWith("its base model black-forest-labs/FLUX.1-dev is gated"))).toBe(true);
  });

  it("a private model says only accounts with access can download it", async () => {
    const model = ModelDataSchema.parse({ ...fixture("meta-llama--Llama-3.2-1B-Instruct"), id: "acme/secret", gated: false, private: true });
    const notes: string[] = [];
    const blocks = await libraryBlocks(model, "python", { notes });
    expect(blocks[0]!.content).toMatch(/^# acme\/secret is private: only accounts with access to it can download it; log in with `hf auth login`/);
    expect(notes).toHaveLength(1);
  });

  it("an open model gets no such comment or note", async () => {
    const model = ModelDataSchema.parse({ ...fixture("meta-llama--Llama-3.2-1B-Instruct"), id: "acme/open", gated: false, cardData: {} });
    const notes: string[] = [];
    const blocks = await libraryBlocks(model, "python", { notes });
    expect(blocks.map((block) => block.content).join("\n")).not.toMatch(/gated|private/);
    expect(notes).toEqual([]);
  });

  it("--app: a gated GGUF repository's first command says so, and a note too", () => {
    const gguf = JSON.parse(readFileSync("catalogue/models/ggml-org--gemma-3-4b-it-GGUF.json", "utf8")) as Record<string, unknown>;
    const model = ModelDataSchema.parse({ ...gguf, gated: "manual" });
    const result = appBlocks(model, "llama.cpp");
    expect(result.blocks[0]!.content).toContain(`# ${model.id} is gated: accept its terms at https://huggingface.co/${model.id}`);
    expect(result.notes.some((note) => noteWords(note).includes("is gated"))).toBe(true);
  });
});
