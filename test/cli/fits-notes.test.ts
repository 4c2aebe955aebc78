import { describe, expect, it } from "vitest";
import { ggufHubSuite } from "../helpers/gguf-hub-suite.js";
import { runInProcess } from "../helpers/in-process.js";
import { DENSE, planRepos } from "./plan-repos.js";

/*
 * Every note agrees with the command it describes: the verdict's context,
 * cache type, flash attention and GPU layers are what each GGUF app's
 * command (or llama-cpp-python's code) carries, in that app's own terms, or
 * what the note that says to set them by hand names.
 */

const { env } = ggufHubSuite("fits-notes", planRepos());
const MOE = "unsloth/Qwen3-30B-A3B-GGUF";

/** What the verdict says: the context, the cache, flash attention, and the layers on the GPU as llama.cpp counts them. */
interface Verdict {
  ctx: number;
  cache: string;
  flash: "on" | "off";
  /** Layers on the GPU, the output counted (what -ngl takes), of `total`. */
  gpu: number;
  total: number;
  /** Layers whose experts are in system memory. */
  cpuMoe: number;
}

function verdictOf(stderr: string): Verdict {
  const line = stderr.split("\n").find((text) => /^note: \S+ at [\d,]+ tokens \(/.test(text));
  expect(line, stderr).toBeDefined();
  const head = /^note: \S+ at ([\d,]+) tokens \((\S+) cache, flash attention (on|off)\) (?:fits|does not fit) /.exec(line!);
  expect(head, line).not.toBeNull();
  const whole = /: all (\d+) layers on the GPU(?:, the experts of (\d+) of them in system memory)?/.exec(line!);
  const part = /: (\d+) of (\d+) layers on the GPU \(llama\.cpp counts the output as one\)/.exec(line!);
  expect(whole ?? part, line).not.toBeNull();
  return {
    ctx: Number(head![1]!.replace(/,/g, "")),
    cache: head![2]!,
    flash: head![3] as "on" | "off",
    gpu: Number(whole ? whole[1] : part![1]),
    total: Number(whole ? whole[1] : part![2]),
    cpuMoe: whole?.[2] ? Number(whole[2]) : 0,
  };
}

/** The value after `flag` in `text`, or undefined. */
function after(text: string, flag: string): string | undefined {
  const escaped = flag.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`(?:^|[\\s'"])${escaped}[ =]([^\\s'",}]+)`, "m").exec(text)?.[1];
}

/** llama.cpp's flags, wherever an app passes them on (llama.cpp itself, Docker Model Runner's runtime flags). */
function llamaFlags(text: string, verdict: Verdict, contextFlag = "-c"): void {
  expect(Number(after(text, contextFlag))).toBe(verdict.ctx);
  const ngl = after(text, "-ngl");
  expect(ngl === "all" ? verdict.total : Number(ngl)).toBe(verdict.gpu);
  expect(Number(after(text, "--n-cpu-moe") ?? 0)).toBe(verdict.cpuMoe);
  expect(after(text, "-fa")).toBe(verdict.flash);
  expect(after(text, "-ctk")).toBe(verdict.cache);
  expect(after(text, "-ctv")).toBe(verdict.cache);
}

/** Each app's terms for the verdict's settings, checked against what it printed. */
const CHECKS: Record<string, (stdout: string, stderr: string, verdict: Verdict) => void> = {
  "llama.cpp": (stdout, _stderr, verdict) => llamaFlags(stdout, verdict),
  "docker-model-runner": (stdout, _stderr, verdict) => llamaFlags(stdout, verdict, "--context-size"),
  lemonade: (stdout, _stderr, verdict) => {
    expect(Number(after(stdout, "--ctx-size"))).toBe(verdict.ctx);
    const args = /--llamacpp-args '([^']*)'/.exec(stdout)![1]!;
    expect(Number(after(args, "--n-cpu-moe") ?? 0)).toBe(verdict.cpuMoe);
    expect(after(args, "-fa")).toBe(verdict.flash);
    expect(after(args, "-ctk")).toBe(verdict.cache);
    // Lemonade places every layer itself: the plan is all of them, and a note says so where that is more than fits.
    expect(args).not.toContain("-ngl");
    expect(verdict.gpu).toBe(verdict.total);
  },
  ollama: (stdout, stderr, verdict) => {
    expect(Number(after(stdout, "OLLAMA_CONTEXT_LENGTH"))).toBe(verdict.ctx);
    expect(after(stdout, "OLLAMA_KV_CACHE_TYPE") ?? "f16").toBe(verdict.cache);
    expect(after(stdout, "OLLAMA_FLASH_ATTENTION") === "1" ? "on" : "off").toBe(verdict.flash);
    expect(Number(/"num_ctx":(\d+)/.exec(stdout)?.[1])).toBe(verdict.ctx);
    const numGpu = /"num_gpu":(\d+)/.exec(stdout)?.[1];
    // Whole layers only: num_gpu is the layers on the GPU, or absent where every layer is (llama-server fits them itself).
    if (verdict.gpu === verdict.total && numGpu === undefined) expect(verdict.cpuMoe).toBe(0);
    else expect(Number(numGpu)).toBe(verdict.gpu);
    const chat = /\/set parameter num_gpu (\d+)/.exec(stderr)?.[1];
    if (chat !== undefined) expect(Number(chat)).toBe(verdict.gpu);
  },
  "node-llama-cpp": (stdout, _stderr, verdict) => {
    expect(Number(after(stdout, "--contextSize"))).toBe(verdict.ctx);
    const layers = after(stdout, "--gpuLayers");
    expect(layers === "max" || layers === undefined ? verdict.total : Number(layers)).toBe(verdict.gpu);
    expect(stdout.includes("--flashAttention") ? "on" : "off").toBe(verdict.flash);
    expect((after(stdout, "--kvCacheKeyType") ?? "F16").toLowerCase()).toBe(verdict.cache);
    expect((after(stdout, "--kvCacheValueType") ?? "F16").toLowerCase()).toBe(verdict.cache);
  },
  localai: (stdout, stderr, verdict) => {
    expect(Number(after(stdout, "LOCALAI_CONTEXT_SIZE"))).toBe(verdict.ctx);
    // What its command cannot take, a note names: the same layers, cache and flash attention.
    const byHand = stderr.split("\n").find((line) => line.startsWith("note: LocalAI cannot take "));
    if (byHand) {
      const layers = / (\d+) layers on the GPU \(the output counted\)/.exec(byHand);
      if (layers) expect(Number(layers[1])).toBe(verdict.gpu);
      if (verdict.cache !== "f16") expect(byHand).toContain(`a ${verdict.cache} K/V cache`);
      if (byHand.includes("flash attention ")) expect(byHand).toContain(`flash attention ${verdict.flash}`);
    }
  },
  lmstudio: (_stdout, stderr, verdict) => {
    const byHand = stderr.split("\n").find((line) => line.startsWith("note: LM Studio opens at the model: "))!;
    expect(byHand, stderr).toBeDefined();
    expect(byHand).toContain(`a context of ${verdict.ctx.toLocaleString("en-US")} tokens`);
    expect(byHand).toContain(`--context-length ${verdict.ctx}`);
    if (verdict.cache !== "f16") expect(byHand).toContain(`a ${verdict.cache} K/V cache`);
    expect(byHand).toContain(`flash attention ${verdict.flash}`);
    // LM Studio's slider counts the model's blocks, not the output: one fewer of each than -ngl counts.
    const layers = / (\d+) of (\d+) layers on the GPU/.exec(byHand);
    if (layers) expect([Number(layers[1]) + 1, Number(layers[2]) + 1]).toEqual([verdict.gpu, verdict.total]);
    else expect(verdict.gpu).toBe(verdict.total);
  },
  library: (stdout, _stderr, verdict) => {
    expect(Number(after(stdout, "n_ctx"))).toBe(verdict.ctx);
    const layers = Number(after(stdout, "n_gpu_layers")!.replace(/,$/, ""));
    expect(layers === -1 ? verdict.total : layers).toBe(verdict.gpu);
    expect(after(stdout, "flash_attn")?.replace(/,$/, "")).toBe(verdict.flash === "on" ? "True" : "False");
    const type = (name: string) => /GGML_TYPE_(\w+)/.exec(after(stdout, name) ?? "GGML_TYPE_F16")![1]!.toLowerCase();
    expect(type("type_k")).toBe(verdict.cache);
    expect(type("type_v")).toBe(verdict.cache);
  },
};

const RUNS: [label: string, id: string, flags: string[]][] = [
  ["MoE, experts in system memory, a q8_0 cache", MOE, ["--fits", "RTX 3060:12", "--ctx", "16k", "--cache-type", "q8_0"]],
  ["dense, whole layers in system memory", DENSE, ["--fits", "RTX 3060:8", "--quant", "Q8_0", "--ctx", "16k"]],
  ["dense, all on the GPU, a q4_0 cache", DENSE, ["--fits", "RTX 4090", "--ctx", "32k", "--cache-type", "q4_0"]],
  ["dense, flash attention off", DENSE, ["--fits", "RTX 4090", "--ctx", "8k", "--flash-attn", "off"]],
  ["MoE on a large card, the file chosen", MOE, ["--fits", "RTX 4090", "--ctx", "32k"]],
];

describe.each(RUNS)("%s: the verdict and the command agree", (_label, id, flags) => {
  it.each(Object.keys(CHECKS))("%s", async (app) => {
    const args = app === "library" ? ["snippet", id, "--library", ...flags] : ["snippet", id, "--app", app, ...flags];
    const printed = await runInProcess(args, { env: env() });
    expect(printed.status, printed.stderr).toBe(0);
    const verdict = verdictOf(printed.stderr);
    CHECKS[app]!(printed.stdout, printed.stderr, verdict);
    // The other notes that count layers count them as the verdict does.
    for (const line of printed.stderr.split("\n").filter((text) => text.includes("takes whole layers only"))) {
      expect(Number(/its plan keeps (\d+) of (\d+) layers on the GPU/.exec(line)![1]), line).toBe(verdict.gpu);
      expect(Number(/its plan keeps (\d+) of (\d+) layers on the GPU/.exec(line)![2]), line).toBe(verdict.total);
    }
  });
});
