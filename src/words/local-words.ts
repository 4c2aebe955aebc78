import type { LOCAL_PROBLEMS } from "../outcome/local-problems.js";
import type { RecordsOf } from "../outcome/kind.js";
import type { LocalNote, LocalNoteOf, NotedSettings, Placement, QuantSummary, RunSettingKey, UntakenAdvice } from "../outcome/local-notes.js";
import type { SettingKey } from "../outcome/settings.js";
import { formatBytes } from "../util/bytes.js";
import { unreadWords } from "./header-words.js";
import type { Names } from "./names.js";
import { said, type Text } from "./text.js";

/*
 * The words of a local run, for any edge: its problems, its notes, where a
 * plan's layers run, and the verdict line. "Where it runs" is worded here
 * once, long for sentences and short for table cells; the counts are
 * llama.cpp's (the output counts as a layer), so a note and the command's
 * -ngl say the same number.
 */

type LocalProblem = RecordsOf<typeof LOCAL_PROBLEMS>;
type Of<K extends LocalProblem["kind"]> = Extract<LocalProblem, { kind: K }>;

function list(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)!}`;
}

const tokens = (count: number) => count.toLocaleString("en-US");
const plural = (count: number, one: string, many: string) => (count === 1 ? one : many);

/** An example of the settings on either edge: `--fits "RTX 4090" --quant Q4_K_M` or `` `fits`: "RTX 4090", `quant`: "Q4_K_M" ``. */
export function example(names: Names, pairs: readonly [SettingKey, string][]): string {
  return names.edge === "cli"
    ? pairs.map(([key, value]) => `${names.setting(key)} ${/\s/.test(value) ? `"${value}"` : value}`).join(" ")
    : pairs.map(([key, value]) => `${names.setting(key)}: ${JSON.stringify(value)}`).join(", ");
}

export const LOCAL_WORDS: { [K in LocalProblem["kind"]]: (problem: Of<K>, names: Names) => Text } = {
  "size-unreadable": ({ setting, text }, names) =>
    said(`${names.setting(setting)} takes a memory size such as 32GB or 16GiB, got '${text}'`, `for example: ${example(names, [[setting, "32GB"]])}`),
  "margin-too-large": ({ margin, device, label }, names) =>
    said(
      `${names.setting("margin")} ${formatBytes(margin)} leaves nothing of ${label}: each device has ${formatBytes(device)}`,
      "the margin is what stays free on each GPU; llama.cpp keeps 1 GiB (--fit-target 1024)",
    ),
  "ram-without-gpu": ({ named }, names) =>
    said(
      named === "size"
        ? `${names.setting("ram")} is the system memory beside a GPU, and a size names all the memory already`
        : named === "apple"
          ? `${names.setting("ram")} is the system memory beside a GPU, and an Apple chip's unified memory is named with it`
          : `${names.setting("ram")} is the system memory beside a GPU, and a CPU's memory is named with it`,
      `for a GPU: ${example(names, [
        ["fits", "RTX 3060:12"],
        ["ram", "32GB"],
      ])}; for an Apple chip or a CPU: ${example(names, [["fits", "M3 Max:64"]])}`,
    ),
  "needs-fits": ({ setting }, names) =>
    said(
      `${names.setting(setting)} goes with ${names.setting("fits")}, the machine it is about`,
      `for example: ${example(names, [
        ["fits", "RTX 3060:12"],
        [setting, setting === "prefer" ? "quality" : setting === "ram" ? "32GB" : "2GB"],
      ])}`,
    ),
  "preference-unknown": ({ text, choices, suggestion }, names) =>
    said(
      `${names.setting("prefer")} takes ${list(choices.map(String)).replace(/ and /, " or ")}, got '${text}'`,
      suggestion ? `did you mean '${suggestion}'?` : "quality: the largest file that fits anywhere; speed: the fastest of Q4_K_M's class",
    ),
  "preference-with-file": ({ named }, names) =>
    said(`${names.setting("prefer")} chooses the file, and ${names.setting(named)} names it already`, "give one of them"),
  "ctx-unreadable": ({ text }, names) =>
    said(`${names.setting("ctx")} takes a number of tokens (32768, 32k, 1M), max or fit; got '${text}'`, `for example: ${example(names, [["ctx", "32k"]])}`),
  "ctx-below-minimum": ({ ctx, minimum }, names) =>
    said(`${names.setting("ctx")} ${ctx} is below ${minimum} tokens, llama.cpp's smallest context`, `for example: ${example(names, [["ctx", "4096"]])}`),
  "ctx-fit-without-budget": (_problem, names) =>
    said(
      `${names.setting("ctx")} fit is the largest context that fits: it needs ${names.setting("fits")}`,
      `for example: ${example(names, [
        ["fits", "RTX 4090"],
        ["quant", "Q4_K_M"],
        ["ctx", "fit"],
      ])}`,
    ),
  "ctx-fit-without-file": (_problem, names) =>
    said(
      `${names.setting("ctx")} fit is the largest context one quant fits: name it with ${names.setting("quant")} or ${names.setting("file")}`,
      `for example: ${example(names, [
        ["fits", "RTX 4090"],
        ["quant", "Q4_K_M"],
        ["ctx", "fit"],
      ])}`,
    ),
  "ctx-needs-trained-length": ({ ctx, model }, names) =>
    said(
      `${names.setting("ctx")} ${ctx} needs the model's trained context length, and neither a GGUF header of ${model} nor the hub's summary gives it`,
      ctx === "max"
        ? `give ${names.setting("ctx")} a number of tokens, for example ${example(names, [["ctx", "32k"]])}`
        : `give ${names.setting("ctx")} a number of tokens`,
    ),
  "cache-type-unknown": ({ setting, text, choices }, names) =>
    said(`${names.setting(setting)} takes ${choices.join(", ")}, got '${text}'`, `for example: ${example(names, [[setting, "q8_0"]])}`),
  "flash-attention-unknown": ({ text }, names) =>
    said(`${names.setting("flashAttn")} takes on, off or auto, got '${text}'`, "auto turns it on where the GPU has it"),
  "quantized-v-without-flash-attention": ({ cacheTypeV }, names) =>
    said(`llama.cpp refuses a ${cacheTypeV} V cache without flash attention`, `use ${names.setting("flashAttn")} on (or auto), or an f16 V cache`),
  "cpu-moe-dense": ({ architecture }) => said(`${architecture} here is a dense model (no expert tensors): there are no experts to keep in system memory`),
  "per-layer-length": ({ architecture, key, values, layers }) =>
    said(`the header's ${architecture}.${key} has ${values} values for ${layers} layers: hubref cannot tell which layer each belongs to`),
  "nothing-fits": ({ model, budget, smallest, memory }, names) =>
    said(
      `no quant of ${model} fits ${budget}: the smallest, ${smallest.label}, needs ${formatBytes(smallest.need)}, and the plan may use ${formatBytes(memory)} (margins kept)`,
      `a smaller ${names.setting("ctx")} or ${example(names, [["cacheType", "q8_0"]])} needs less; with a GPU, ${names.setting("ram")} says how much system memory is beside it`,
    ),
  "no-header-verdict": ({ model, file, ctx, unread }, names) =>
    said(
      `cannot judge whether ${model} fits at ${tokens(ctx)} tokens: the KV cache and compute buffers are sized from its GGUF header, and ${unreadWords(file, unread, names)}`,
      `leave out ${names.setting("fits")} for the commands without a plan, or let hubref reach the hub (the metadata names the repository)`,
    ),
  "no-gguf-to-read": ({ model }) => said(`${model} lists no GGUF model file to read a header from`),
  "vllm-file-list-unknown": ({ model }) =>
    said(`vLLM loads one GGUF file, and the file list of ${model} is unknown`, "pass the hub id, so hubref fetches the file list"),
  "sizes-unknown": ({ model }, names) =>
    said(
      `the file sizes of ${model} are unknown, so ${names.setting("fits")} cannot choose or plan`,
      "sizes come from the hub for a model id; in a metadata file, give each sibling a size",
    ),
  "not-gguf": ({ model, setting }, names) =>
    setting === undefined
      ? said(`${model} has no GGUF files`, "quant types apply to GGUF repositories; run `hubref apps --for MODEL` for what runs it")
      : said(`${names.setting(setting)} picks a GGUF file, and ${model} has no GGUF files`),
  "no-file-list": ({ model, setting, app }, names) =>
    said(
      app !== undefined
        ? `${app} loads one GGUF file, and the file list of ${model} is unknown`
        : setting !== undefined
          ? `the metadata of ${model} lists no files (siblings), so ${names.setting(setting)} cannot pick one`
          : `the metadata of ${model} lists no files (siblings)`,
      "pass the hub id, so hubref fetches the file list",
    ),
  "weights-not-gguf": ({ model, setting, app, format }, names) =>
    said(`${names.setting(setting)} picks a GGUF file, and ${app} runs the ${format} weights of ${model}`),
  "app-picks-the-file": ({ app, setting }, names) => said(`${app} lets you pick the file in the app: ${names.setting(setting)} has no effect there`),
  "app-does-not-run": ({ app, model, runners }) =>
    said(
      `${app} does not run ${model}`,
      runners.length > 0 ? `apps that do: ${runners.join(", ")}` : "no local app runs it: run `hubref snippet MODEL` for hosted inference",
    ),
  "unknown-app": ({ text, suggestion }) => said(`unknown app '${text}'`, suggestion ? `did you mean '${suggestion}'?` : "run `hubref apps` for the list"),
  "no-such-file": ({ model, file, suggestion, files }) =>
    said(`${model} has no GGUF file '${file}'`, suggestion ? `did you mean '${suggestion}'?` : `its GGUF files: ${files.join(", ")}`),
  "projector-file": ({ model, file }) =>
    said(`${file} in ${model} is a projector (mmproj) file, not a model`, "name the model file; the projector is passed along where the app needs it"),
  "split-only": ({ app, model, what, shards, singles }) =>
    said(
      `${app} cannot load ${what ?? "any quant"} of ${model}: it exists only as a file split into ${shards} shards`,
      singles.length > 0 ? `single-file quants: ${singles.join(", ")}` : "none of this repository's quants is a single file; use llama.cpp instead",
    ),
  "not-a-quant": ({ text, suggestion, labels }) =>
    said(`'${text}' is not a quantization type`, suggestion ? `did you mean '${suggestion}'?` : `available: ${labels.join(", ") || "none"}`),
  "quant-missing": ({ model, quant, nearest, available }, names) =>
    said(
      `${model} has no ${quant} file`,
      available.length === 0
        ? `it has no file whose name reads as a quant type; name one with ${names.setting("file")}`
        : `${nearest ? `nearest available: ${nearest}; ` : ""}available: ${available.join(", ")}`,
    ),
  "no-quant-label": ({ model, files }, names) =>
    said(
      `no GGUF file name in ${model} reads as a quant type`,
      files.length > 0 ? `name one with ${names.setting("file")}: ${files.join(", ")}` : "the repository lists no GGUF model files",
    ),
  "unloadable-quant": ({ label, instead }, names) =>
    said(
      /^Q4_0_/.test(label)
        ? `${label} is an ARM repack of Q4_0 that current llama.cpp no longer loads (it repacks Q4_0 itself when it loads it)`
        : `${label} is a type current llama.cpp no longer loads`,
      instead !== undefined ? `use ${example(names, [["quant", instead]])}` : undefined,
    ),
  "label-not-exact": ({ app, model, file, label, byFile }, names) =>
    byFile && label
      ? said(`${app} names a quant by its label, not by file`, `use ${example(names, [["quant", label]])}, which names ${file} alone`)
      : said(
          `${app} names a quant by its label, and ${file} in ${model} has ${label ? `a label the hub reads in other files too (${label})` : "no readable label"}`,
          "use llama.cpp or Ollama, which can name the exact file",
        ),
};

/** What a run shows of a plan's placement: its layers on the GPU, and where the rest and the experts are. */
export type Where = Pick<QuantSummary, "placement" | "gpuLayers" | "layerCount" | "cpuMoeLayers">;

/**
 * Where the layers run, as llama.cpp counts them (the output is a layer, so
 * "21 of 33" is `-ngl 21`). `short` for table cells; `gpu`: whether there is
 * a GPU to name (a bare size has none, nor a CPU).
 */
export function whereItRuns(where: Where, form: "long" | "short" = "long", gpu = true): string {
  const count = where.layerCount + 1;
  const onGpu = where.gpuLayers > 0 ? where.gpuLayers + 1 : 0;
  const placement: Placement = where.placement;
  if (form === "short") {
    switch (placement) {
      case "gpu":
        return "GPU";
      case "layers":
        return `${onGpu}/${count} layers GPU${where.cpuMoeLayers > 0 ? ", experts in RAM" : ""}`;
      case "experts":
        return `GPU, experts of ${where.cpuMoeLayers}/${where.layerCount} layers in RAM`;
      case "system":
        return gpu ? "CPU" : "memory";
    }
  }
  switch (placement) {
    case "gpu":
      return `all ${count} layers on the GPU`;
    case "layers":
      return where.cpuMoeLayers > 0
        ? `${onGpu} of ${count} layers on the GPU (llama.cpp counts the output as one), the experts of every layer and the other ${count - onGpu} layers in system memory`
        : `${onGpu} of ${count} layers on the GPU (llama.cpp counts the output as one), the other ${count - onGpu} in system memory`;
    case "experts":
      return `all ${count} layers on the GPU, the experts of ${where.cpuMoeLayers} of them in system memory`;
    case "system":
      return gpu ? `all ${count} layers in system memory` : `all ${count} layers in memory`;
  }
}

/** `≈ 85 tok/s`: always marked as an estimate; whole numbers from 10 up, one decimal below. */
export function speedWords(tokensPerSecond: number): string {
  const shown = tokensPerSecond >= 10 ? Math.round(tokensPerSecond).toLocaleString("en-US") : tokensPerSecond.toFixed(1);
  return `≈ ${shown} tok/s`;
}

/** A run setting in words, for the notes that say what to set by hand. */
function settingWords(run: NotedSettings, setting: RunSettingKey, layerCount?: number): string {
  switch (setting) {
    case "contextSize":
      return `a context of ${tokens(run.contextSize!)} tokens`;
    case "cache": {
      const k = run.cacheTypeK ?? "f16";
      const v = run.cacheTypeV ?? "f16";
      return k === v ? `a ${k} K/V cache` : `a ${k} K cache and a ${v} V cache`;
    }
    case "flashAttention":
      return `flash attention ${run.flashAttention}`;
    case "gpuLayers":
      // An app's own GPU offload setting counts the repeating layers: the output goes with them.
      if (layerCount !== undefined)
        return run.gpuLayers === "all" ? `all ${layerCount} layers on the GPU` : `${Math.max(0, Number(run.gpuLayers) - 1)} of ${layerCount} layers on the GPU`;
      return run.gpuLayers === "all" ? "every layer on the GPU" : `${run.gpuLayers} layers on the GPU (the output counted)`;
    case "cpuMoeLayers":
      return `the expert tensors of ${run.cpuMoeLayers} layers in system memory`;
  }
}

export function settingsWords(run: NotedSettings, settings: readonly RunSettingKey[], layerCount?: number): string {
  return list(settings.map((setting) => settingWords(run, setting, layerCount)));
}

function adviceWords(advice: UntakenAdvice | { it: string; them: string }, several: boolean, names: Names): string {
  const it = several ? "them" : "it";
  const llamaCpp = `llama.cpp (${example(names, [["app", "llama.cpp"]])})`;
  if (typeof advice === "object") return several ? advice.them : advice.it;
  switch (advice) {
    case "llama-cpp-takes-all":
      return `it has no setting for ${it}; ${llamaCpp} takes every setting`;
    case "llama-cpp-has-moe":
      return `it has no option for ${it}; ${llamaCpp} has --n-cpu-moe`;
    case "docker-vllm":
      return `its vLLM engine for transformers weights takes only the context this way, not ${it}`;
    case "localai-yaml":
      return `set ${it} in a model YAML file for its llama-cpp backend (localai.io/docs/advanced/model-configuration)`;
    case "vllm-own-settings":
      // vLLM's own flags: its KV dtype and its offload, which work otherwise than llama.cpp's.
      return `it has no flag for ${it} (its --kv-cache-dtype takes fp8 types; --cpu-offload-gb moves weights by size, not by layer); ${llamaCpp} takes every setting`;
    case "lemonade-gpu-layers":
      return `Lemonade decides the GPU layers itself and refuses -ngl in --llamacpp-args; ${llamaCpp} takes ${it}`;
  }
}

/** How a quant of a choice note runs: entirely on the GPU, or what it keeps in system memory; `would` for the quant set beside the choice. */
function offloadWords(quant: QuantSummary, gpu: boolean, would = false): string {
  const [run, keep] = would ? ["would run", "would keep"] : ["runs", "keeps"];
  switch (quant.placement) {
    case "gpu":
      return `${run} entirely on the GPU`;
    case "experts":
      return `${keep} the experts of ${quant.cpuMoeLayers} of ${quant.layerCount} layers in system memory`;
    case "layers":
      return `${run} ${quant.gpuLayers > 0 ? quant.gpuLayers + 1 : 0} of ${quant.layerCount + 1} layers on the GPU${quant.cpuMoeLayers > 0 ? ", the experts of every layer in system memory" : ""}`;
    case "system":
      return `${run} in ${gpu ? "system memory" : "memory"}`;
  }
}

/** How a quant of a choice note runs and how fast, or what it needs where it does not fit. */
function howWords(quant: QuantSummary, gpu: boolean, would = false): string {
  if (!quant.fits) return `${would ? "would need" : "needs"} ${formatBytes(quant.need)}`;
  return `${offloadWords(quant, gpu, would)}${quant.speed === undefined ? "" : ` at ${speedWords(quant.speed)}`}`;
}

function quantWords(quant: QuantSummary, gpu: boolean, would = false): string {
  return `${quant.label} ${howWords(quant, gpu, would)}`;
}

const CLASS = "Q4_K_M's class (up to Q8_0)";

function choiceWords(note: LocalNoteOf<"choice">, names: Names): string {
  const gpu = note.gpu !== undefined;
  const { chosen, other, smallestOfClass } = note;
  const floats =
    note.floats.length > 0 && !note.floats.includes(chosen.label)
      ? `; ${list(note.floats)} ${plural(note.floats.length, "runs", "run")} only when asked (${example(names, [["prefer", "quality"]])}, or ${example(names, [["quant", note.floats[0]!]])})`
      : "";
  // A float file set beside the choice is said once, with the other floats.
  const then = other && !note.floats.includes(other.label) ? `; ${quantWords(other, gpu, true)}` : "";
  const at = `at ${tokens(note.ctx)} tokens`;
  switch (note.rule) {
    case "largest-on-gpu":
      return gpu
        ? `${chosen.label} is the largest of ${CLASS} that runs entirely on the GPU ${at} (${formatBytes(chosen.onGpu)} of its ${formatBytes(note.gpu!)})${then}${floats}`
        : `${chosen.label} is the largest of ${CLASS} that fits ${at} (${formatBytes(chosen.need)})${then}${floats}`;
    case "smallest-of-class":
      return `nothing of ${CLASS} fits the GPU's ${formatBytes(note.gpu ?? 0)} alone ${at}; ${chosen.label}, its smallest, ${howWords(chosen, gpu)}${then}`;
    case "below-class":
      return `nothing of ${CLASS} fits ${at}${smallestOfClass ? ` (its smallest, ${smallestOfClass.label}, needs ${formatBytes(smallestOfClass.need)})` : ""}; ${quantWords(chosen, gpu)}`;
    case "outside-class":
      return `the repository has no quant of ${CLASS} or below it; ${quantWords(chosen, gpu)}`;
    case "prefer-quality":
      return `${chosen.label} is the largest quant that fits anywhere (${example(names, [["prefer", "quality"]])}) and ${howWords(chosen, gpu)}${then}`;
    case "prefer-speed":
      return `${chosen.label} is the fastest of ${CLASS} (${example(names, [["prefer", "speed"]])}): it ${howWords(chosen, gpu)}`;
  }
}

/** The words of each note: one line each. */
export const LOCAL_NOTE_WORDS: { [K in LocalNote["kind"]]: (note: LocalNoteOf<K>, names: Names) => string } = {
  choice: (note, names) => choiceWords(note, names),
  "shares-label": (note, names) =>
    `${note.files.join(", ")} also ${plural(note.files.length, "reads", "read")} as ${note.label}: pick one with ${names.setting("file")}`,
  "tag-ambiguous": (note) => `the hub also reads ${note.others.join(", ")} as ${note.label}: the commands name ${note.file} itself`,
  "shard-named": (note) => `${note.given} is a shard of ${note.first}: naming the first shard`,
  "default-fallback": (note) =>
    note.split
      ? `the Q4_K_M file of ${note.model} is split into shards, which ${note.app} cannot load: using ${note.using}`
      : `${note.model} has no Q4_K_M file: using ${note.using}`,
  "unloadable-left-out": (note) =>
    `${list(note.labels)}: current llama.cpp no longer loads ${plural(note.labels.length, "it", "them")}, so no choice names ${plural(note.labels.length, "it", "them")}`,
  "ctx-beyond-trained": (note, names) =>
    `${names.setting("ctx")} ${note.ctx} is beyond the model's trained context length (${tokens(note.trained)}): llama.cpp runs it as asked, with a warning, and past ${tokens(note.trained)} tokens the output degrades unless RoPE scaling extends the model (llama.cpp's --rope-scaling)`,
  "no-trained-length": (note, names) =>
    note.asked
      ? `the header gives no trained context length: ${names.setting("ctx")} ${note.asked} uses ${note.used}`
      : `the header gives no trained context length: using ${note.used}`,
  "tensors-disagree": () =>
    "the header's tensors do not add up to the file's size: the estimate counts the file sizes, spread over the layers as the header has them",
  "mla-uncompressed": () => "this DeepSeek2-style file has no _mla key lengths: llama.cpp keeps its full KV cache, not the compressed one",
  "unknown-cache-rule": (note) =>
    `hubref has no cache rule for the architecture '${note.architecture}': the KV cache is estimated with the grouped-query attention formula`,
  "no-vocab-size": () => "the header gives no vocabulary size: the compute buffers leave out the logits",
  // vllm-project/vllm PR 29431 (vLLM 0.12 and later): `--max-model-len auto` is the largest context the KV cache holds.
  "vllm-auto-context": (_note, names) =>
    `vLLM runs with --max-model-len auto: after loading it fits the context to its KV cache (vLLM 0.12 and later); name the hardware with ${names.setting("fits")} to have it planned before the download`,
  "vllm-tokenizer-from-gguf": (note) => `${note.model} names no base_model: vLLM converts the tokenizer from the GGUF file, which is slow and can fail`,
  "header-from-hub": (note) => `${note.model} was given as a metadata file: its GGUF header (${note.file}) was read from the hub`,
  "auto-found": (note, names) => `${names.setting("fits")} auto: found ${note.found.join("; ")}`,
  "auto-skipped": (note, names) => `${names.setting("fits")} auto: skipped ${note.what}`,
  "auto-speed": (note, names) =>
    note.device === undefined
      ? `${names.setting("fits")} auto: no speed estimate: the hardware list has no memory bandwidth for what was found`
      : `${names.setting("fits")} auto: speeds are estimated for ${note.device}`,
  "whole-layers-only": (note, names) =>
    `${note.app} takes whole layers only, never expert tensors alone: its plan keeps ${note.gpuLayers + 1} of ${note.layerCount + 1} layers on the GPU; llama.cpp (${example(names, [["app", "llama.cpp"]])}) keeps every layer's attention there and moves only experts (--n-cpu-moe)`,
  "all-layers-on-gpu": (note, names) =>
    `${note.app} puts every layer on the GPU itself, and they do not fit there: llama.cpp (${example(names, [["app", "llama.cpp"]])}) can keep layers in system memory`,
  "app-cannot-take": (note, names) =>
    `${note.app} cannot take ${settingsWords(note.run, note.settings)} from this command: ${adviceWords(note.advice, note.settings.length > 1, names)}`,
  "ollama-chat-num-gpu": (note) => `ollama run takes no GPU layer count on its command line: in its chat, type /set parameter num_gpu ${note.layers}`,
  "set-in-app": (note) =>
    `${note.app} opens at the model: in its model settings, set ${settingsWords(note.run, note.settings, note.layerCount)} before loading it${
      note.lmsContext !== undefined ? `, or once it is downloaded: lms load <its key from lms ls> --context-length ${note.lmsContext}` : ""
    }`,
  "file-list-unknown": (note) => `the file list of ${note.model} is unknown: llama.cpp picks the quant itself`,
  "python-flash-auto": () =>
    "llama-cpp-python's flash_attn is on or off, never auto, and off unless set: add flash_attn=True where the GPU has flash attention",
  "python-no-moe": (note, names) =>
    `llama-cpp-python cannot keep the expert tensors of ${note.layers} layers in system memory (llama.cpp's --n-cpu-moe): run llama.cpp's server with it (${example(names, [["app", "llama.cpp"]])}), or lower n_gpu_layers`,
  "library-loads-no-gguf": (note) =>
    `${note.model}: the ${note.library} code loads no GGUF file, so it carries none of: ${settingsWords(note.run, note.settings)}`,
};

/** A note's line in `names`. */
export function localNoteText(note: LocalNote, names: Names): string {
  return (LOCAL_NOTE_WORDS[note.kind] as (note: LocalNote, names: Names) => string)(note, names);
}

/** The pieces of a verdict: the plan, the machine it was made for, its speed. */
interface VerdictOf {
  plan: {
    quant?: string;
    files: readonly string[];
    context: number;
    cacheTypeK: string;
    cacheTypeV: string;
    flashAttention: boolean;
    fits: boolean;
    devices: readonly { device: string; weights: number; kvCache: number; compute: number; total: number; budget?: number }[];
  } & Where;
  machine: {
    budget: { label: string };
    ram?: { bytes: number; source: "given" | "assumed" | "found" | "named" };
    gpuMargin: number;
    systemMargin: number;
    plan: { gpus: readonly number[] };
  };
  speed?: { generation: number };
}

const SYSTEM = "system memory";

/** Memory as it is sold: a whole number of GiB is "32 GB", as the hardware names it; else the bytes in decimal units. */
function soldBytes(bytes: number): string {
  const gib = bytes / 2 ** 30;
  return Number.isInteger(gib) ? `${gib} GB` : formatBytes(bytes);
}

/** The machine as a verdict names it: what was named or found, and the system memory beside a GPU where it was given or assumed (and the setting that changes it). */
export function machineWords(machine: Pick<VerdictOf["machine"], "budget" | "ram">, names: Names): string {
  const { ram } = machine;
  const memory =
    ram?.source === "assumed"
      ? ` with ${soldBytes(ram.bytes)} of system memory (assumed: ${names.setting("ram")} sets it)`
      : ram?.source === "given"
        ? ` with ${soldBytes(ram.bytes)} of system memory`
        : "";
  return `${machine.budget.label}${memory}`;
}

/**
 * The verdict at a terminal: the file, the context, the machine (with the
 * system memory assumed, and the setting that changes it), where it runs,
 * the bytes per device against what each may hold, and the speed; never
 * "fits" for a plan that does not. `verbose` adds one line per device with
 * its terms.
 */
export function verdictLines(verdict: VerdictOf, names: Names, verbose = false): string[] {
  const { plan, machine } = verdict;
  const gpus = plan.devices.filter((device) => device.device !== SYSTEM);
  const system = plan.devices.find((device) => device.device === SYSTEM)!;
  const hasGpu = gpus.length > 0;
  const cache = plan.cacheTypeK === plan.cacheTypeV ? `${plan.cacheTypeK} cache` : `${plan.cacheTypeK}/${plan.cacheTypeV} K/V cache`;
  const head = `${plan.quant ?? plan.files[0] ?? "the model"} at ${tokens(plan.context)} tokens (${cache}, flash attention ${plan.flashAttention ? "on" : "off"})`;

  // System memory matters where it holds layers or experts, or was named; else it holds the token embedding and one batch's buffers.
  const systemMatters = !hasGpu || plan.placement !== "gpu";
  const shown = [...gpus, ...(systemMatters ? [system] : [])];
  const of = (device: (typeof shown)[number]) =>
    `${device.device} ${formatBytes(device.total)}${device.budget === undefined ? "" : ` of ${formatBytes(device.budget)}`}`;
  // A bare size names no device: its one margin is said plainly.
  const kept = [
    ...(hasGpu
      ? [`${formatBytes(machine.gpuMargin)} of ${plural(gpus.length, "the GPU", "each GPU")}`]
      : machine.systemMargin === 0
        ? [formatBytes(machine.gpuMargin)]
        : []),
    ...(machine.systemMargin > 0 && shown.includes(system) ? [`${formatBytes(machine.systemMargin)} of system memory`] : []),
  ];
  const speed = verdict.speed ? `; ${speedWords(verdict.speed.generation)}, estimated from memory bandwidth` : "";
  const verb = plan.fits ? "fits" : "does not fit";
  const lines = [
    `${head} ${verb} ${machineWords(machine, names)}: ${whereItRuns(plan, "long", hasGpu)}; ${shown.map(of).join(", ")}${kept.length > 0 ? ` (${list(kept)} kept free)` : ""}${plan.fits ? speed : ""}`,
  ];
  if (verbose)
    for (const device of plan.devices)
      lines.push(
        `${device.device}: ${formatBytes(device.weights)} weights + ${formatBytes(device.kvCache)} KV cache + ${formatBytes(device.compute)} compute buffers = ${formatBytes(device.total)}${device.budget === undefined ? "" : ` of ${formatBytes(device.budget)}`}`,
      );
  return lines;
}
