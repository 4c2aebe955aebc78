import { describe, expect, it } from "vitest";
import { generateAppSnippets, renderAppSnippets } from "../../src/apps/generate.js";
import { appEntries } from "../../src/apps/registry.js";
import { appsForModel } from "../../src/apps/formats.js";
import type { RunSettings } from "../../src/memory/run-settings.js";
import type { ModelData } from "../../src/model/schema.js";
import { bashSyntaxError } from "../helpers/bash.js";
import { runRecorded, type Recorded } from "./recorder.js";
import { noteLines } from "../../src/cli/local-words.js";
import { GGUF_CHAT, MLX, TRANSFORMERS_CHAT } from "./models.js";

/*
 * Every app's printed command, run under bash with the app replaced by a
 * recorder, carries the run settings it can take; what it cannot take is in a
 * note. With no settings, every command is what it was without them.
 */

const FULL: RunSettings = { contextSize: 32768, cacheTypeK: "q8_0", cacheTypeV: "q8_0", flashAttention: "on", gpuLayers: 30, cpuMoeLayers: 12 };
const REF = `${GGUF_CHAT.id}:Q4_K_M`;

function generated(model: ModelData, app: string, run: RunSettings) {
  return generateAppSnippets(model, app, { run });
}

function recorded(model: ModelData, app: string, run: RunSettings): { run: Recorded; notes: string[] } {
  const result = generated(model, app, run);
  const text = renderAppSnippets(result.snippets);
  expect(bashSyntaxError(text)).toBeUndefined();
  const recording = runRecorded(text);
  expect(recording.stderr).toBe("");
  expect(recording.status).toBe(0);
  return { run: recording, notes: noteLines(result.notes) };
}

/** The one recorded call whose words start with `prefix`. */
function call(recording: Recorded, ...prefix: string[]): { argv: string[]; env: Record<string, string> } {
  const index = recording.argv.findIndex((argv) => prefix.every((word, at) => argv[at] === word));
  expect(index, `no call starting ${prefix.join(" ")} in ${JSON.stringify(recording.argv)}`).toBeGreaterThanOrEqual(0);
  return { argv: recording.argv[index]!, env: recording.env[index]! };
}

/** Whether `words` holds `run` as consecutive words. */
function holds(words: string[], ...run: string[]): boolean {
  return words.some((_, start) => run.every((word, at) => words[start + at] === word));
}

const LLAMA_FLAGS = ["-c", "32768", "-ngl", "30", "--n-cpu-moe", "12", "-fa", "on", "-ctk", "q8_0", "-ctv", "q8_0"];

/** For each command app that runs GGUF files: what the recorder must see with FULL, and what the notes must say. */
const GGUF_EXPECTATIONS: Record<string, (recording: Recorded, notes: string[]) => void> = {
  "llama.cpp": (recording, notes) => {
    expect(holds(call(recording, "llama", "serve").argv, ...LLAMA_FLAGS)).toBe(true);
    expect(notes).toEqual([]);
  },
  pi: (recording) => expect(holds(call(recording, "llama", "serve").argv, ...LLAMA_FLAGS)).toBe(true),
  "hermes-agent": (recording) => expect(holds(call(recording, "llama", "serve").argv, ...LLAMA_FLAGS)).toBe(true),
  openclaw: (recording) => expect(holds(call(recording, "llama", "serve").argv, ...LLAMA_FLAGS)).toBe(true),
  "node-llama-cpp": (recording, notes) => {
    expect(call(recording, "npx").argv).toEqual([
      "npx",
      "-y",
      "node-llama-cpp",
      "chat",
      "--contextSize",
      "32768",
      "--gpuLayers",
      "30",
      "--flashAttention",
      "--kvCacheKeyType",
      "Q8_0",
      "--kvCacheValueType",
      "Q8_0",
      `hf:${REF}`,
    ]);
    expect(notes.join("\n")).toContain("the expert tensors of 12 layers in system memory");
  },
  ollama: (recording, notes) => {
    const serve = call(recording, "ollama", "serve");
    expect(serve.env).toEqual({ OLLAMA_CONTEXT_LENGTH: "32768", OLLAMA_FLASH_ATTENTION: "1", OLLAMA_KV_CACHE_TYPE: "q8_0" });
    const curl = recording.argv.find((argv) => argv[0] === "curl" && argv.includes("-d"))!;
    expect(curl[1]).toBe("http://localhost:11434/api/chat");
    const body = JSON.parse(curl[curl.indexOf("-d") + 1]!) as { model: string; options: Record<string, number> };
    expect(body.model).toBe(`hf.co/${REF}`);
    expect(body.options).toEqual({ num_ctx: 32768, num_gpu: 30 });
    // The script asks the server until it answers before it pulls anything. The server runs in the background,
    // so its own call may be logged after the foreground's; the foreground calls' order is the script's.
    const asked = recording.argv.findIndex((argv) => argv[0] === "curl" && argv.some((word) => word.endsWith("/api/version")));
    const pulled = recording.argv.findIndex((argv) => argv[0] === "ollama" && argv[1] === "pull");
    expect(asked).toBeGreaterThanOrEqual(0);
    expect(asked).toBeLessThan(pulled);
    expect(notes.join("\n")).toContain("the expert tensors of 12 layers in system memory");
    expect(notes.join("\n")).toContain("/set parameter num_gpu 30");
  },
  "docker-model-runner": (recording) => {
    expect(call(recording, "docker", "model", "configure").argv).toEqual([
      "docker",
      "model",
      "configure",
      "--context-size",
      "32768",
      `hf.co/${REF}`,
      "--",
      ...LLAMA_FLAGS.slice(2),
    ]);
    const order = recording.argv.map((argv) => argv.slice(0, 3).join(" "));
    expect(order.indexOf("docker model configure")).toBeLessThan(order.indexOf("docker model run"));
  },
  localai: (recording, notes) => {
    expect(holds(call(recording, "docker", "run").argv, "-e", "LOCALAI_CONTEXT_SIZE=32768")).toBe(true);
    const said = notes.join("\n");
    for (const text of ["a q8_0 K/V cache", "flash attention on", "30 layers on the GPU", "the expert tensors of 12 layers"]) expect(said).toContain(text);
  },
  lemonade: (recording, notes) => {
    const run = call(recording, "lemonade", "run").argv;
    expect(holds(run, "--ctx-size", "32768")).toBe(true);
    expect(holds(run, "--llamacpp-args", "--n-cpu-moe 12 -fa on -ctk q8_0 -ctv q8_0")).toBe(true);
    expect(notes.join("\n")).toContain("30 layers on the GPU");
  },
  vllm: (recording, notes) => {
    expect(holds(call(recording, "vllm", "serve").argv, "--max-model-len", "32768")).toBe(true);
    const said = notes.join("\n");
    for (const text of ["a q8_0 K/V cache", "flash attention on", "30 layers on the GPU", "the expert tensors of 12 layers"]) expect(said).toContain(text);
  },
};

const ggufCommandApps = appEntries().filter((app) => app.kind === "snippet" && app.runs.includes("gguf"));

describe("a full plan in every GGUF app's command", () => {
  it("every command app that runs GGUF files has its expectation here", () => {
    expect(Object.keys(GGUF_EXPECTATIONS).sort()).toEqual(ggufCommandApps.map((app) => app.key).sort());
  });

  it.each(ggufCommandApps.map((app) => app.key))("%s carries the settings it takes and names the others", (app) => {
    const { run, notes } = recorded(GGUF_CHAT, app, FULL);
    GGUF_EXPECTATIONS[app]!(run, notes);
  });

  it.each(ggufCommandApps.map((app) => app.key))("%s prints what it printed before when no setting is given", (app) => {
    const before = generateAppSnippets(GGUF_CHAT, app);
    expect(generated(GGUF_CHAT, app, {})).toEqual(before);
  });
});

describe("settings for transformers and MLX servers", () => {
  it.each([
    ["vllm", ["vllm", "serve"], ["--max-model-len", "32768"]],
    ["sglang", ["python3", "-m"], ["--context-length", "32768"]],
    ["tgi", ["docker", "run"], ["--max-input-tokens", "32767", "--max-total-tokens", "32768"]],
    ["docker-model-runner", ["docker", "model", "configure"], ["--context-size", "32768"]],
  ])("%s takes the context; the llama.cpp settings are in a note", (app, prefix, words) => {
    const { run, notes } = recorded(TRANSFORMERS_CHAT, app, FULL);
    expect(holds(call(run, ...prefix).argv, ...words)).toBe(true);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toContain("a q8_0 K/V cache");
    expect(notes[0]).not.toContain("32,768");
  });

  it("MLX LM takes no setting, and says so for each", () => {
    const { run, notes } = recorded(MLX, "mlx-lm", FULL);
    expect(call(run, "mlx_lm.server").argv).not.toContain("32768");
    expect(notes).toHaveLength(1);
    for (const text of ["a context of 32,768 tokens", "a q8_0 K/V cache", "flash attention on", "30 layers on the GPU"]) expect(notes[0]).toContain(text);
  });

  it.each(["vllm", "sglang", "tgi", "mlx-lm"])("%s prints what it printed before when no setting is given", (app) => {
    const model = app === "mlx-lm" ? MLX : TRANSFORMERS_CHAT;
    expect(generated(model, app, {})).toEqual(generateAppSnippets(model, app));
  });
});

describe("each setting's other values", () => {
  it("every layer on the GPU: llama.cpp's `all`, the model's own count (the output one of them) elsewhere, never more", () => {
    const run: RunSettings = { gpuLayers: "all", layerCount: 81 };
    expect(holds(call(recorded(GGUF_CHAT, "llama.cpp", run).run, "llama", "serve").argv, "-ngl", "all")).toBe(true);
    expect(holds(call(recorded(GGUF_CHAT, "node-llama-cpp", run).run, "npx").argv, "--gpuLayers", "81")).toBe(true);
    const ollama = recorded(GGUF_CHAT, "ollama", run).run;
    const curl = ollama.argv.find((argv) => argv[0] === "curl" && argv.includes("-d"))!;
    expect((JSON.parse(curl[curl.indexOf("-d") + 1]!) as { options: unknown }).options).toEqual({ num_gpu: 81 });
    // GPU servers keep every layer on the GPU anyway: nothing to say of it (vLLM's note is of its context).
    expect(recorded(TRANSFORMERS_CHAT, "vllm", run).notes.filter((note) => !note.includes("--max-model-len auto"))).toEqual([]);
  });

  it("flash attention off and auto", () => {
    expect(holds(call(recorded(GGUF_CHAT, "llama.cpp", { flashAttention: "off" }).run, "llama", "serve").argv, "-fa", "off")).toBe(true);
    expect(holds(call(recorded(GGUF_CHAT, "llama.cpp", { flashAttention: "auto" }).run, "llama", "serve").argv, "-fa", "auto")).toBe(true);
    expect(call(recorded(GGUF_CHAT, "node-llama-cpp", { flashAttention: "off" }).run, "npx").argv).toContain("--no-fa");
    expect(call(recorded(GGUF_CHAT, "ollama", { flashAttention: "off" }).run, "ollama", "serve").env).toEqual({ OLLAMA_FLASH_ATTENTION: "0" });
    // Auto is node-llama-cpp's and Ollama's own default: their commands stay as they were, with nothing to note.
    for (const app of ["node-llama-cpp", "ollama"]) expect(generated(GGUF_CHAT, app, { flashAttention: "auto" })).toEqual(generateAppSnippets(GGUF_CHAT, app));
  });

  it("Ollama takes one cache type for K and V: different ones are a note, not half a setting", () => {
    const { run, notes } = recorded(GGUF_CHAT, "ollama", { contextSize: 8192, cacheTypeK: "q8_0", cacheTypeV: "q4_0" });
    expect(call(run, "ollama", "serve").env).toEqual({ OLLAMA_CONTEXT_LENGTH: "8192" });
    expect(notes.join("\n")).toContain("a q8_0 K cache and a q4_0 V cache");
  });

  it("the context alone, as --ctx gives it without a plan", () => {
    const { run } = recorded(GGUF_CHAT, "llama.cpp", { contextSize: 4096 });
    const server = call(run, "llama", "serve").argv;
    expect(server.slice(server.indexOf("-c"))).toEqual(["-c", "4096", "--port", "8080"]);
    expect(call(recorded(GGUF_CHAT, "docker-model-runner", { contextSize: 4096 }).run, "docker", "model", "configure").argv).toEqual([
      "docker",
      "model",
      "configure",
      "--context-size",
      "4096",
      `hf.co/${REF}`,
    ]);
  });
});

describe("deep links", () => {
  const linkApps = appEntries().filter((app) => app.kind === "deeplink" && app.runs.includes("gguf"));

  it.each(linkApps.map((app) => app.key))("%s: the link is unchanged, and a note lists every setting to set in the app", (app) => {
    const result = generated(GGUF_CHAT, app, FULL);
    expect(result.snippets).toEqual(generateAppSnippets(GGUF_CHAT, app).snippets);
    const said = noteLines(result.notes).join("\n");
    for (const text of ["a context of 32,768 tokens", "a q8_0 K/V cache", "flash attention on", "30 layers on the GPU", "the expert tensors of 12 layers"]) {
      expect(said).toContain(text);
    }
  });

  it("LM Studio's note gives the lms command for the context", () => {
    expect(noteLines(generated(GGUF_CHAT, "lmstudio", { contextSize: 16384 }).notes).join("\n")).toContain(
      "lms load <its key from lms ls> --context-length 16384",
    );
  });

  it("the apps shown for a GGUF repository are all covered by these tests", () => {
    const shown = appsForModel(appEntries(), GGUF_CHAT).map((app) => app.key);
    expect(shown.every((key) => key in GGUF_EXPECTATIONS || linkApps.some((app) => app.key === key))).toBe(true);
  });
});
