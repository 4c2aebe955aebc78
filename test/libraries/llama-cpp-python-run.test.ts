import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { libraryBlocks } from "../../src/blocks/model-blocks.js";
import type { RunSettings } from "../../src/memory/run-settings.js";
import type { LocalRun } from "../../src/local/run.js";
import type { AppNote } from "../../src/apps/steps.js";
import type { ModelData } from "../../src/model/schema.js";
import { noteLines } from "../../src/cli/local-words.js";
import { GGUF_CHAT, TRANSFORMERS_CHAT } from "../apps/models.js";

/** A local run of llama-cpp-python that carries `run` (the default file), as the local-run owner would hand it over. */
function carrying(model: ModelData, run: RunSettings): LocalRun {
  return { model: model.id, runner: "llama-cpp-python", appLabel: "llama-cpp-python", run, notes: [] };
}

/*
 * llama-cpp-python's code for a GGUF repository, run by python3 against a
 * stand-in `llama_cpp` module that records what Llama.from_pretrained was
 * given: the run's settings must arrive as Llama()'s own arguments. The
 * stand-in's type ids are llama-cpp-python's (llama_cpp/llama_cpp.py), so the
 * code must name the constants, not numbers of its own.
 */

const STAND_IN = `import json, os

GGML_TYPE_F16 = 1
GGML_TYPE_Q4_0 = 2
GGML_TYPE_Q8_0 = 8


class Llama:
    @classmethod
    def from_pretrained(cls, repo_id, filename, additional_files=None, **kwargs):
        with open(os.environ["LLAMA_RECORD"], "w") as out:
            json.dump({"repo_id": repo_id, "filename": filename, "kwargs": kwargs}, out)
        return cls()

    def create_chat_completion(self, messages, **kwargs):
        return {"choices": [{"message": {"content": "ok"}}]}

    def __call__(self, prompt, **kwargs):
        return {"choices": [{"text": "ok"}]}
`;

const hasPython = spawnSync("python3", ["--version"], { stdio: "ignore" }).status === 0;
const root = mkdtempSync(join(tmpdir(), "hubref-llama-cpp-python-"));
mkdirSync(join(root, "llama_cpp"));
writeFileSync(join(root, "llama_cpp", "__init__.py"), STAND_IN);
afterAll(() => rmSync(root, { recursive: true, force: true }));

interface Loaded {
  repo_id: string;
  filename: string;
  kwargs: Record<string, unknown>;
}

async function loaded(run: RunSettings | undefined): Promise<{ loaded: Loaded; notes: string[] }> {
  const said: AppNote[] = [];
  const blocks = await libraryBlocks(GGUF_CHAT, "python", { ...(run ? { local: carrying(GGUF_CHAT, run) } : {}), notes: said });
  const notes = noteLines(said);
  expect(blocks).toHaveLength(1);
  const record = join(root, `record-${Math.random().toString(36).slice(2)}.json`);
  const result = spawnSync("python3", ["-c", blocks[0]!.content], {
    env: { PATH: process.env.PATH, PYTHONPATH: root, LLAMA_RECORD: record },
    encoding: "utf8",
  });
  expect(result.stderr).toBe("");
  expect(result.status).toBe(0);
  return { loaded: JSON.parse(readFileSync(record, "utf8")) as Loaded, notes };
}

describe.skipIf(!hasPython)("llama-cpp-python code with run settings, under python3 (skipped where python3 is missing)", () => {
  it("a full plan: n_ctx, n_gpu_layers, flash_attn and the cache types as ggml type ids", async () => {
    const { loaded: call, notes } = await loaded({
      contextSize: 32768,
      cacheTypeK: "q8_0",
      cacheTypeV: "q4_0",
      flashAttention: "on",
      gpuLayers: 30,
      cpuMoeLayers: 12,
    });
    expect(call.repo_id).toBe(GGUF_CHAT.id);
    expect(call.filename).toBe("Meta-Llama-3.1-70B-Instruct-Q4_K_M.gguf");
    expect(call.kwargs).toEqual({ n_ctx: 32768, n_gpu_layers: 30, flash_attn: true, type_k: 8, type_v: 2 });
    expect(notes.join("\n")).toContain("cannot keep the expert tensors of 12 layers in system memory");
  });

  it("every layer on the GPU is -1; flash attention off is False", async () => {
    const { loaded: call } = await loaded({ gpuLayers: "all", flashAttention: "off", cacheTypeK: "f16" });
    expect(call.kwargs).toEqual({ n_gpu_layers: -1, flash_attn: false, type_k: 1 });
  });

  it("flash attention auto, which llama-cpp-python lacks, is a note and no argument", async () => {
    const { loaded: call, notes } = await loaded({ contextSize: 4096, flashAttention: "auto" });
    expect(call.kwargs).toEqual({ n_ctx: 4096 });
    expect(notes.join("\n")).toContain("flash_attn=True");
  });

  it("no settings: the code passes no argument beyond the file, as before", async () => {
    const { loaded: call, notes } = await loaded(undefined);
    expect(call.kwargs).toEqual({});
    expect(notes).toEqual([]);
    const [block] = await libraryBlocks(GGUF_CHAT, "python");
    expect(block!.content).not.toContain("import llama_cpp\n");
  });
});

describe("run settings for a library that loads no GGUF file", () => {
  it("transformers code is as before, and a note says it carries none of them", async () => {
    const said: AppNote[] = [];
    const withSettings = await libraryBlocks(TRANSFORMERS_CHAT, "python", {
      local: carrying(TRANSFORMERS_CHAT, { contextSize: 8192, gpuLayers: "all" }),
      notes: said,
    });
    expect(withSettings).toEqual(await libraryBlocks(TRANSFORMERS_CHAT, "python"));
    expect(noteLines(said)).toEqual([
      "meta-llama/Llama-3.1-8B-Instruct: the 'transformers' code loads no GGUF file, so it carries none of: a context of 8,192 tokens and every layer on the GPU",
    ]);
  });
});
