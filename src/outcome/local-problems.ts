import type { HubProblem } from "./hub-problems.js";
import { problemKind } from "./kind.js";
import type { SettingKey } from "./settings.js";

/*
 * Running a model locally: what the request, the repository's files or the
 * machine named make impossible. Sizes are bytes, contexts tokens; the
 * settings a problem names are keys, worded by each edge.
 */

/** Why a GGUF header was not read: the hub's problem, or what is wrong with the bytes. */
export type HeaderUnread = { kind: "hub"; problem: HubProblem } | { kind: "format"; detail: string };

/** Which setting picked the GGUF file, for the problems that say it cannot. */
export type FileSetting = Extract<SettingKey, "quant" | "file" | "fits">;

export const LOCAL_PROBLEMS = {
  /** A setting that takes a memory size (`--ram`, `--margin`) got something else. */
  "size-unreadable": problemKind<{ setting: Extract<SettingKey, "ram" | "margin">; text: string }>("usage"),
  /** The margin leaves nothing of a device: `device` is the smallest device's memory. */
  "margin-too-large": problemKind<{ margin: number; device: number; label: string }>("usage"),
  /** --ram names the memory beside a discrete GPU; a size, a CPU or an Apple chip names all of it already. */
  "ram-without-gpu": problemKind<{ named: "size" | "cpu" | "apple" }>("usage"),
  /** A setting of the machine or of the choice, given without a machine (`fits`). */
  "needs-fits": problemKind<{ setting: Extract<SettingKey, "ram" | "margin" | "prefer"> }>("usage"),
  "preference-unknown": problemKind<{ text: string; choices: readonly string[]; suggestion?: string }>("usage"),
  /** A preference chooses the file; a file named leaves nothing to choose. */
  "preference-with-file": problemKind<{ named: Extract<SettingKey, "quant" | "file"> }>("usage"),
  "ctx-unreadable": problemKind<{ text: string }>("usage"),
  "ctx-below-minimum": problemKind<{ ctx: number; minimum: number }>("usage"),
  /** `--ctx fit` fits the context to a budget: it needs one. */
  "ctx-fit-without-budget": problemKind("usage"),
  /** `--ctx fit` fits the context to one file: it needs the file named. */
  "ctx-fit-without-file": problemKind("usage"),
  /** `--ctx max` or `fit` without the trained length (no header, and the hub's summary lacks it). */
  "ctx-needs-trained-length": problemKind<{ ctx: "max" | "fit"; model: string }>("usage"),
  "cache-type-unknown": problemKind<{ setting: Extract<SettingKey, "cacheType" | "cacheTypeK" | "cacheTypeV">; text: string; choices: readonly string[] }>(
    "usage",
  ),
  "flash-attention-unknown": problemKind<{ text: string }>("usage"),
  /** llama.cpp refuses a quantized V cache without flash attention. */
  "quantized-v-without-flash-attention": problemKind<{ cacheTypeV: string }>("usage"),
  /** Experts asked to stay in system memory, in a model that has none. */
  "cpu-moe-dense": problemKind<{ architecture: string }>("usage"),
  /** A per-layer header array whose length is not the layer count: no layer can be placed. */
  "per-layer-length": problemKind<{ architecture: string; key: string; values: number; layers: number }>("usage"),
  /** No quant fits GPU and system memory together; `smallest` is the least any needs. */
  "nothing-fits": problemKind<{ model: string; budget: string; smallest: { label: string; need: number }; memory: number }>("usage"),
  /** A verdict needs the KV cache, which needs the GGUF header; `unread` is why the reader has none. */
  "no-header-verdict": problemKind<{ model: string; file: string; ctx: number; unread: HeaderUnread }>("unavailable"),
  "no-gguf-to-read": problemKind<{ model: string }>("usage"),
  "sizes-unknown": problemKind<{ model: string }>("usage"),
  /** vLLM loads one GGUF file by name, and a metadata file without the file list names none. */
  "vllm-file-list-unknown": problemKind<{ model: string }>("usage"),

  // The file: named, or the repository's.
  /** `setting` picked a GGUF file; without one, a listing of quants was asked. */
  "not-gguf": problemKind<{ model: string; setting?: FileSetting }>("usage"),
  "no-file-list": problemKind<{ model: string; setting?: FileSetting; app?: string }>("usage"),
  "weights-not-gguf": problemKind<{ model: string; setting: FileSetting; app: string; format: string }>("usage"),
  "app-picks-the-file": problemKind<{ app: string; setting: FileSetting }>("usage"),
  "app-does-not-run": problemKind<{ app: string; model: string; runners: readonly string[] }>("usage"),
  "unknown-app": problemKind<{ text: string; suggestion?: string }>("usage"),
  "no-such-file": problemKind<{ model: string; file: string; suggestion?: string; files: readonly string[] }>("usage"),
  "projector-file": problemKind<{ model: string; file: string }>("usage"),
  /** The app cannot load shards, and `what` exists only as a split file. */
  "split-only": problemKind<{ app: string; model: string; what: string | null; shards: number; singles: readonly string[] }>("usage"),
  "not-a-quant": problemKind<{ text: string; suggestion?: string; labels: readonly string[] }>("usage"),
  "quant-missing": problemKind<{ model: string; quant: string; nearest?: string; available: readonly string[] }>("usage"),
  "no-quant-label": problemKind<{ model: string; files: readonly string[] }>("usage"),
  /** ARM repacks (Q4_0_4_4, …) that current llama.cpp no longer loads: it repacks Q4_0 itself. */
  "unloadable-quant": problemKind<{ label: string; instead?: string }>("usage"),
  /** An app that names a quant by its label only, for a file whose label is not its own. */
  "label-not-exact": problemKind<{ app: string; model: string; file: string; label: string | null; byFile: boolean }>("usage"),
} as const;
