import { noteKind, type RecordsOf } from "./kind.js";

/*
 * What a local run says beside its commands: why this file, what the
 * estimate could not count, what an app cannot be told. Records of data;
 * the words are src/words/local-words.ts's.
 */

/** Where a plan puts the layers: all on the GPU, some layers in system memory, some layers' experts there, or no GPU. */
export type Placement = "gpu" | "layers" | "experts" | "system";

/** One quant as a choice note names it: its need, where it runs, how fast (estimated, where the bandwidths are known). */
export interface QuantSummary {
  label: string;
  /** Bytes on every device together, and on the GPUs alone. */
  need: number;
  onGpu: number;
  /** Whether it fits the budget, margins kept. */
  fits: boolean;
  placement: Placement;
  gpuLayers: number;
  layerCount: number;
  cpuMoeLayers: number;
  /** Generated tokens a second, estimated. */
  speed?: number;
}

/**
 * Why the file was chosen:
 * - `largest-on-gpu`: the largest of the default class (Q4_K_M's peers up to Q8_0) that runs entirely on the GPU;
 * - `smallest-of-class`: none of the class fits the GPU alone, so its smallest, which keeps the least in system memory;
 * - `below-class`: nothing of the class fits at all, so the largest below it that does (or its smallest that spills);
 * - `outside-class`: the repository has no file of the class or below it;
 * - `prefer-quality`: the largest that fits anywhere; `prefer-speed`: the fastest of the class.
 */
export type ChoiceRule = "largest-on-gpu" | "smallest-of-class" | "below-class" | "outside-class" | "prefer-quality" | "prefer-speed";

/** The run settings a note can name (src/apps/steps.ts words each). */
export type RunSettingKey = "contextSize" | "cache" | "flashAttention" | "gpuLayers" | "cpuMoeLayers";

/** Where an app's note sends the settings it cannot take. */
export type UntakenAdvice = "llama-cpp-takes-all" | "llama-cpp-has-moe" | "docker-vllm" | "localai-yaml" | "lemonade-gpu-layers" | "vllm-own-settings";

/** The settings a note describes, as the run settings hold them. */
export interface NotedSettings {
  contextSize?: number;
  cacheTypeK?: string;
  cacheTypeV?: string;
  flashAttention?: string;
  gpuLayers?: number | "all";
  cpuMoeLayers?: number;
}

export const LOCAL_NOTES = {
  choice: noteKind<{
    rule: ChoiceRule;
    chosen: QuantSummary;
    /** The quant the note sets beside the chosen one: the next larger, or the largest of the class that fits anywhere. */
    other?: QuantSummary;
    /** The smallest of the class, where nothing of it fits (`below-class`). */
    smallestOfClass?: QuantSummary;
    ctx: number;
    /** GPU memory the plan may use, margins kept; absent without a GPU. */
    gpu?: number;
    /** Files of the repository in float types, which run only when asked. */
    floats: readonly string[];
  }>("note"),
  /** Other files that read as the same label: `--file` picks one. */
  "shares-label": noteKind<{ label: string; files: readonly string[] }>("note"),
  /** The hub reads `label` as the name of other files too: the command names the file. */
  "tag-ambiguous": noteKind<{ label: string; file: string; others: readonly string[] }>("note"),
  "shard-named": noteKind<{ given: string; first: string }>("note"),
  /** No Q4_K_M file (or only a split one, for an app that loads single files): `using` instead. */
  "default-fallback": noteKind<{ model: string; using: string; split: boolean; app: string }>("note"),
  /** Files that current llama.cpp cannot load, left out of the choice. */
  "unloadable-left-out": noteKind<{ labels: readonly string[] }>("note"),
  "ctx-beyond-trained": noteKind<{ ctx: number; trained: number }>("warning"),
  "no-trained-length": noteKind<{ asked?: "max" | "fit"; used: number }>("note"),
  "tensors-disagree": noteKind("note"),
  "mla-uncompressed": noteKind("note"),
  "unknown-cache-rule": noteKind<{ architecture: string }>("note"),
  "no-vocab-size": noteKind("note"),
  /** A metadata file's repository, read from the hub for its header. */
  "header-from-hub": noteKind<{ model: string; file: string }>("note"),
  /** vLLM without a machine named: `--max-model-len auto` fits the context to its KV cache after loading. */
  "vllm-auto-context": noteKind("note"),
  /** A GGUF repository without base_model: vLLM converts the tokenizer from the file. */
  "vllm-tokenizer-from-gguf": noteKind<{ model: string }>("note"),
  /** What measuring this machine (`fits` auto) found: the GPUs and the system memory, described by the detector. */
  "auto-found": noteKind<{ found: readonly string[] }>("note"),
  /** A tool the detector could not use, and why (`tool` and `why` as it describes them). */
  "auto-skipped": noteKind<{ what: string }>("note"),
  /** The device whose figures the speed estimate of the machine found uses; absent: no speed, the hardware list has no bandwidth for it. */
  "auto-speed": noteKind<{ device?: string }>("note"),
  /** An app that takes whole layers only (no expert tensors kept in system memory): its plan is of layers. */
  "whole-layers-only": noteKind<{ app: string; gpuLayers: number; layerCount: number }>("note"),
  /** An app that puts every layer on the GPU itself: a plan that needs layers in system memory cannot run in it. */
  "all-layers-on-gpu": noteKind<{ app: string }>("warning"),
  /** `advice` is where to set them instead: one of hubref's ways, or an app's own sentence (given "it" or "them"). */
  "app-cannot-take": noteKind<{ app: string; settings: readonly RunSettingKey[]; run: NotedSettings; advice: UntakenAdvice | { it: string; them: string } }>(
    "note",
  ),
  "ollama-chat-num-gpu": noteKind<{ layers: number }>("note"),
  /** A deep link carries no settings: they are set in the app (`lmsContext`: LM Studio's `lms load` takes the context). */
  "set-in-app": noteKind<{ app: string; settings: readonly RunSettingKey[]; run: NotedSettings; layerCount?: number; lmsContext?: number }>("note"),
  "file-list-unknown": noteKind<{ model: string }>("note"),
  "python-flash-auto": noteKind("note"),
  "python-no-moe": noteKind<{ layers: number }>("note"),
  /** A library's code that loads no GGUF file carries none of the settings. */
  "library-loads-no-gguf": noteKind<{ model: string; library: string; settings: readonly RunSettingKey[]; run: NotedSettings }>("note"),
} as const;

export type LocalNote = RecordsOf<typeof LOCAL_NOTES>;
export type LocalNoteOf<K extends LocalNote["kind"]> = Extract<LocalNote, { kind: K }>;
