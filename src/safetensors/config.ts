import type { JsonFault } from "../outcome/serve-problems.js";
import { isRecord } from "./json.js";

/*
 * A model's config.json as a serving plan reads it: the attention of every
 * layer (full, sliding window, MLA latent, Mamba or linear-attention state,
 * or none), heads, dimensions, experts, the trained context and the
 * quantization. Multimodal configs keep the language model's fields in
 * `text_config` (or `llm_config`, `language_config`); those win over the
 * top level. Nothing is trusted: every number must be a whole number in
 * bounds, every array short, every string one of a few known words.
 */

export type LayerKind =
  | { kind: "full" }
  | { kind: "sliding"; window: number }
  /** Multi-head latent attention: one compressed latent of kv_lora_rank + qk_rope_head_dim per token. */
  | { kind: "mla" }
  | { kind: "mamba" }
  /** Gated delta-net (Qwen3-Next): a fixed state per request, like Mamba's. */
  | { kind: "linear" }
  /** No KV cache: an MLP-only layer of Nemotron-H. */
  | { kind: "none" };

export interface MlaShape {
  kvLoraRank: number;
  qkRopeHeadDim: number;
  qkNopeHeadDim: number;
  vHeadDim: number;
}

export interface MambaShape {
  version: 1 | 2;
  dState: number;
  dConv: number;
  /** d_inner: the expanded width (expand × hidden, or heads × head dim). */
  intermediate: number;
  heads: number;
  headDim: number;
  groups: number;
}

export interface LinearAttentionShape {
  keyHeads: number;
  valueHeads: number;
  keyHeadDim: number;
  valueHeadDim: number;
  convKernel: number;
}

export interface QuantizationFacts {
  /** quant_method as the config names it: fp8, awq, gptq, mxfp4, bitsandbytes, compressed-tensors, modelopt, … */
  method: string;
  bits?: number;
  groupSize?: number;
}

export interface ModelArchitecture {
  modelType: string;
  architectures: string[];
  hiddenSize: number;
  layerCount: number;
  heads: number;
  kvHeads: number;
  headDim: number;
  /** The V head dimension where it differs from K's. */
  headDimV: number;
  rotaryDim: number;
  intermediateSize: number;
  vocabSize: number;
  /** max_position_embeddings, stretched by rope scaling as vLLM derives it. */
  trainedContext: number;
  tieWordEmbeddings: boolean;
  /** The weights' float type as stored: float16 or bfloat16 (a float32 model is served in 16 bits). */
  dtype: "float16" | "bfloat16";
  layers: LayerKind[];
  experts?: { count: number; perToken: number; intermediate: number };
  mla?: MlaShape;
  mamba?: MambaShape;
  linear?: LinearAttentionShape;
  quantization?: QuantizationFacts;
}

export class ConfigFaultError extends Error {
  constructor(readonly fault: JsonFault) {
    super(fault.found);
    this.name = "ConfigFaultError";
  }
}

const MAX_LAYERS = 4096;
const shown = (value: unknown) => (typeof value === "string" ? value.slice(0, 60) : (JSON.stringify(value)?.slice(0, 60) ?? String(value)));

/** Reads fields of one config object (the merged language-model view), each checked. */
class Fields {
  constructor(private readonly values: Record<string, unknown>) {}

  has(field: string): boolean {
    return this.values[field] !== undefined && this.values[field] !== null;
  }

  raw(field: string): unknown {
    return this.values[field];
  }

  int(field: string, bounds: { min?: number; max: number }): number | undefined {
    const value = this.values[field];
    if (value === undefined || value === null) return undefined;
    if (typeof value !== "number") throw new ConfigFaultError({ found: "not-number", field, value: shown(value) });
    if (!Number.isInteger(value) || value < (bounds.min ?? 0) || value > bounds.max)
      throw new ConfigFaultError({ found: "out-of-range", field, value: shown(value) });
    return value;
  }

  need(field: string, bounds: { min?: number; max: number }): number {
    const value = this.int(field, bounds);
    if (value === undefined) throw new ConfigFaultError({ found: "missing", field });
    return value;
  }

  /** The first of `fields` present. */
  first(fields: readonly string[], bounds: { min?: number; max: number }): number | undefined {
    for (const field of fields) {
      const value = this.int(field, bounds);
      if (value !== undefined) return value;
    }
    return undefined;
  }

  number(field: string, bounds: { min: number; max: number }): number | undefined {
    const value = this.values[field];
    if (value === undefined || value === null) return undefined;
    if (typeof value !== "number" || !Number.isFinite(value)) throw new ConfigFaultError({ found: "not-number", field, value: shown(value) });
    if (value < bounds.min || value > bounds.max) throw new ConfigFaultError({ found: "out-of-range", field, value: shown(value) });
    return value;
  }

  bool(field: string): boolean | undefined {
    const value = this.values[field];
    return typeof value === "boolean" ? value : undefined;
  }

  word(field: string): string | undefined {
    const value = this.values[field];
    if (value === undefined || value === null) return undefined;
    if (typeof value !== "string" || !/^[\w.-]{1,64}$/.test(value)) throw new ConfigFaultError({ found: "bad-name", field, value: shown(value) });
    return value;
  }

  words(field: string, limit: number): string[] | undefined {
    const value = this.values[field];
    if (value === undefined || value === null) return undefined;
    if (!Array.isArray(value)) throw new ConfigFaultError({ found: "not-object", field });
    if (value.length > limit) throw new ConfigFaultError({ found: "too-many", field, limit });
    return value.map((item, index) => {
      if (typeof item !== "string" || !/^[\w.-]{1,64}$/.test(item))
        throw new ConfigFaultError({ found: "bad-name", field: `${field}[${index}]`, value: shown(item) });
      return item;
    });
  }

  object(field: string): Fields | undefined {
    const value = this.values[field];
    if (value === undefined || value === null) return undefined;
    if (!isRecord(value)) throw new ConfigFaultError({ found: "not-object", field });
    return new Fields(value);
  }
}

/** The keys vLLM reads for the trained length, in its order (vllm/config/model.py, _get_and_verify_max_len). */
const LENGTH_KEYS = [
  "max_position_embeddings",
  "n_positions",
  "max_seq_len",
  "seq_length",
  "model_max_length",
  "max_sequence_length",
  "max_seq_length",
  "seq_len",
];

/** The language model's view: a multimodal config's text part over the top level. */
function languageView(config: Record<string, unknown>): Fields {
  for (const part of ["text_config", "llm_config", "language_config"]) {
    const inner = config[part];
    if (inner === undefined || inner === null) continue;
    if (!isRecord(inner)) throw new ConfigFaultError({ found: "not-object", field: part });
    return new Fields({ ...config, ...inner });
  }
  return new Fields(config);
}

function trainedContext(fields: Fields): number {
  const lengths = LENGTH_KEYS.map((key) => fields.int(key, { min: 1, max: 1e9 })).filter((value): value is number => value !== undefined);
  if (lengths.length === 0) throw new ConfigFaultError({ found: "missing", field: "max_position_embeddings" });
  let derived = Math.min(...lengths);
  const scaling = fields.object("rope_scaling");
  if (scaling) {
    const type = scaling.word("rope_type") ?? scaling.word("type");
    // Linear scaling (Gemma 3's global layers) stretches positions within the trained length; yarn and dynamic extend it.
    if (type === "yarn" || type === "dynamic") {
      const factor = scaling.number("factor", { min: 0, max: 1024 });
      if (factor !== undefined) {
        if (type === "yarn") derived = scaling.int("original_max_position_embeddings", { min: 1, max: 1e9 }) ?? derived;
        derived = Math.floor(derived * factor);
      }
    }
  }
  return derived;
}

const LAYER_WORDS: Record<string, LayerKind["kind"]> = {
  full_attention: "full",
  attention: "full",
  global: "full",
  sliding_attention: "sliding",
  sliding: "sliding",
  local: "sliding",
  chunked_attention: "full",
  linear_attention: "linear",
  mamba: "mamba",
  mamba2: "mamba",
  mlp: "none",
};

function layerKinds(fields: Fields, count: number, window: number | undefined): LayerKind[] {
  const sliding = (): LayerKind => (window === undefined ? { kind: "full" } : { kind: "sliding", window });
  const types = fields.words("layer_types", MAX_LAYERS) ?? fields.words("layers_block_type", MAX_LAYERS);
  if (types) {
    return Array.from({ length: count }, (_, index) => {
      const word = types[index] ?? types.at(-1)!;
      const kind = LAYER_WORDS[word];
      if (kind === undefined) throw new ConfigFaultError({ found: "bad-name", field: `layer_types[${index}]`, value: word });
      return kind === "sliding" ? sliding() : ({ kind } as LayerKind);
    });
  }
  const pattern = fields.raw("hybrid_override_pattern");
  if (typeof pattern === "string") {
    if (pattern.length > MAX_LAYERS || !/^[M*\-E]*$/.test(pattern))
      throw new ConfigFaultError({ found: "bad-name", field: "hybrid_override_pattern", value: shown(pattern) });
    return Array.from({ length: count }, (_, index) => {
      const c = pattern[index] ?? "-";
      return c === "M" ? { kind: "mamba" } : c === "*" ? { kind: "full" } : { kind: "none" };
    });
  }
  const period = fields.int("attn_layer_period", { min: 1, max: MAX_LAYERS });
  if (period !== undefined) {
    const offset = fields.int("attn_layer_offset", { max: MAX_LAYERS }) ?? 0;
    return Array.from({ length: count }, (_, index) => (index % period === offset ? { kind: "full" } : { kind: "mamba" }));
  }
  const interval = fields.int("full_attention_interval", { min: 1, max: MAX_LAYERS });
  if (interval !== undefined && fields.has("linear_num_value_heads"))
    return Array.from({ length: count }, (_, index) => ((index + 1) % interval === 0 ? { kind: "full" } : { kind: "linear" }));
  const modelType = fields.word("model_type") ?? "";
  if (window !== undefined) {
    // Gemma 3: every N-th layer global (sliding_window_pattern, 6 by default); Gemma 2: every other one.
    if (modelType.startsWith("gemma3")) {
      const every = fields.int("sliding_window_pattern", { min: 1, max: MAX_LAYERS }) ?? 6;
      return Array.from({ length: count }, (_, index) => ((index + 1) % every === 0 ? { kind: "full" } : sliding()));
    }
    if (modelType.startsWith("gemma2")) return Array.from({ length: count }, (_, index) => (index % 2 === 0 ? sliding() : { kind: "full" }));
    // Qwen2-style: the window is off unless use_sliding_window, and then only below max_window_layers.
    if (fields.has("use_sliding_window")) {
      if (fields.bool("use_sliding_window") !== true) return Array.from({ length: count }, () => ({ kind: "full" }));
      const below = fields.int("max_window_layers", { max: MAX_LAYERS }) ?? count;
      return Array.from({ length: count }, (_, index) => (index < below ? sliding() : { kind: "full" }));
    }
    return Array.from({ length: count }, sliding);
  }
  return Array.from({ length: count }, () => ({ kind: "full" }));
}

function quantization(fields: Fields): QuantizationFacts | undefined {
  const config = fields.object("quantization_config");
  if (!config) return undefined;
  const method = config.word("quant_method") ?? "unknown";
  const bits = config.int("bits", { min: 1, max: 64 }) ?? config.int("w_bit", { min: 1, max: 64 });
  const groupSize = config.int("group_size", { min: 0, max: 1 << 20 }) ?? config.int("q_group_size", { min: 0, max: 1 << 20 });
  return { method, ...(bits !== undefined && { bits }), ...(groupSize !== undefined && { groupSize }) };
}

function dtypeOf(fields: Fields): "float16" | "bfloat16" {
  const stated = fields.word("torch_dtype") ?? fields.word("dtype");
  return stated === "float16" || stated === "half" ? "float16" : "bfloat16";
}

/** The architecture of a parsed config.json. Throws a ConfigFaultError. */
export function parseModelConfig(config: unknown): ModelArchitecture {
  if (!isRecord(config)) throw new ConfigFaultError({ found: "not-object" });
  const fields = languageView(config);
  const big = { min: 1, max: 1 << 30 };
  const hiddenSize = fields.first(["hidden_size", "d_model", "n_embd"], big);
  if (hiddenSize === undefined) throw new ConfigFaultError({ found: "missing", field: "hidden_size" });
  const layerCount = fields.first(["num_hidden_layers", "n_layer", "num_layers"], { min: 1, max: MAX_LAYERS });
  if (layerCount === undefined) throw new ConfigFaultError({ found: "missing", field: "num_hidden_layers" });
  const heads = fields.first(["num_attention_heads", "n_head"], { min: 1, max: 1 << 16 });
  if (heads === undefined) throw new ConfigFaultError({ found: "missing", field: "num_attention_heads" });
  const kvHeads = fields.first(["num_key_value_heads", "num_kv_heads", "multi_query_group_num"], { min: 1, max: 1 << 16 }) ?? heads;
  const headDim = fields.int("head_dim", big) ?? Math.floor(hiddenSize / heads);
  const vocabSize = fields.need("vocab_size", { min: 1, max: 100_000_000 });
  const intermediateSize = fields.first(["intermediate_size", "ffn_hidden_size", "n_inner"], big) ?? 4 * hiddenSize;
  const partial = fields.number("partial_rotary_factor", { min: 0, max: 1 }) ?? 1;
  const window = fields.int("sliding_window", { min: 1, max: 1e9 });
  const modelType = fields.word("model_type") ?? "unknown";
  const architecture: ModelArchitecture = {
    modelType,
    architectures: (fields.words("architectures", 16) ?? []).slice(0, 16),
    hiddenSize,
    layerCount,
    heads,
    kvHeads,
    headDim,
    headDimV: headDim,
    rotaryDim: Math.floor(headDim * partial),
    intermediateSize,
    vocabSize,
    trainedContext: trainedContext(fields),
    tieWordEmbeddings: fields.bool("tie_word_embeddings") ?? false,
    dtype: dtypeOf(fields),
    layers: layerKinds(fields, layerCount, window),
  };
  const kvLoraRank = fields.int("kv_lora_rank", big);
  if (kvLoraRank !== undefined) {
    const qkRopeHeadDim = fields.need("qk_rope_head_dim", big);
    architecture.mla = {
      kvLoraRank,
      qkRopeHeadDim,
      qkNopeHeadDim: fields.int("qk_nope_head_dim", big) ?? headDim,
      vHeadDim: fields.int("v_head_dim", big) ?? headDim,
    };
    architecture.layers = architecture.layers.map(() => ({ kind: "mla" }));
    architecture.rotaryDim = qkRopeHeadDim;
  }
  const experts = fields.first(["num_local_experts", "num_experts", "n_routed_experts", "moe_num_experts"], { min: 1, max: 1 << 16 });
  if (experts !== undefined && experts > 1) {
    architecture.experts = {
      count: experts,
      perToken: fields.first(["num_experts_per_tok", "experts_per_token", "moe_top_k", "top_k"], { min: 1, max: 1 << 16 }) ?? 1,
      intermediate: fields.first(["moe_intermediate_size", "expert_intermediate_size"], big) ?? intermediateSize,
    };
  }
  if (architecture.layers.some((layer) => layer.kind === "mamba")) architecture.mamba = mambaShape(fields, hiddenSize);
  if (architecture.layers.some((layer) => layer.kind === "linear")) {
    architecture.linear = {
      keyHeads: fields.need("linear_num_key_heads", { min: 1, max: 1 << 16 }),
      valueHeads: fields.need("linear_num_value_heads", { min: 1, max: 1 << 16 }),
      keyHeadDim: fields.need("linear_key_head_dim", big),
      valueHeadDim: fields.need("linear_value_head_dim", big),
      convKernel: fields.int("linear_conv_kernel_dim", { min: 1, max: 64 }) ?? 4,
    };
  }
  const quant = quantization(new Fields(config));
  if (quant) architecture.quantization = quant;
  return architecture;
}

function mambaShape(fields: Fields, hiddenSize: number): MambaShape {
  const big = { min: 1, max: 1 << 30 };
  const dState = fields.first(["mamba_d_state", "ssm_state_size", "state_size", "d_state"], big);
  if (dState === undefined) throw new ConfigFaultError({ found: "missing", field: "mamba_d_state" });
  const dConv = fields.first(["mamba_d_conv", "conv_kernel", "d_conv", "mamba_conv_kernel"], { min: 1, max: 64 }) ?? 4;
  const heads = fields.first(["mamba_n_heads", "mamba_num_heads"], { min: 1, max: 1 << 16 });
  const headDim = fields.first(["mamba_d_head", "mamba_head_dim"], big);
  const expand = fields.first(["mamba_expand", "expand"], { min: 1, max: 64 }) ?? 2;
  if (heads !== undefined && headDim !== undefined) {
    return {
      version: 2,
      dState,
      dConv,
      intermediate: heads * headDim,
      heads,
      headDim,
      groups: fields.first(["mamba_n_groups", "n_groups"], { min: 1, max: 1 << 16 }) ?? 1,
    };
  }
  // Jamba's Mamba 1: one state of d_inner × d_state per layer.
  return { version: 1, dState, dConv, intermediate: expand * hiddenSize, heads: 0, headDim: 0, groups: 0 };
}
