import { groupTensors, weightFacts, type WeightFacts } from "../../src/safetensors/facts.js";
import { DTYPE_BITS, type SafetensorsDtype, type TensorEntry } from "../../src/safetensors/header.js";

/*
 * Safetensors checkpoints of real architectures, as their config.json and
 * the tensors their shards hold (names, dtypes and shapes as the published
 * repositories have them), for the stand-in hub and the plan's tests: Llama,
 * Qwen2/3, Qwen3-MoE, Gemma 3, DeepSeek-V2/V3 (MLA), gpt-oss (MXFP4), a
 * Granite 4 hybrid (Mamba 2 and attention), and quantized forms (FP8 per
 * channel and per block, AWQ int4). Only headers are ever written: the data
 * is never there.
 */

export interface Tensor {
  name: string;
  dtype: SafetensorsDtype;
  shape: number[];
}

export interface Checkpoint {
  id: string;
  config: Record<string, unknown>;
  tensors: Tensor[];
}

type Quant = "none" | "fp8-channel" | "fp8-block" | "awq";

const bytesOf = (tensor: Tensor) => Math.ceil((tensor.shape.reduce((product, dimension) => product * dimension, 1) * DTYPE_BITS[tensor.dtype]) / 8);

/** A linear layer's tensors (`out` × `in`), in the checkpoint's quantized form. */
function linear(name: string, out: number, inputs: number, quant: Quant, dtype: SafetensorsDtype = "BF16", bias = false): Tensor[] {
  const tensors: Tensor[] = [];
  switch (quant) {
    case "none":
      tensors.push({ name: `${name}.weight`, dtype, shape: [out, inputs] });
      break;
    case "fp8-channel":
      tensors.push({ name: `${name}.weight`, dtype: "F8_E4M3", shape: [out, inputs] }, { name: `${name}.weight_scale`, dtype: "BF16", shape: [out, 1] });
      break;
    case "fp8-block":
      tensors.push(
        { name: `${name}.weight`, dtype: "F8_E4M3", shape: [out, inputs] },
        { name: `${name}.weight_scale_inv`, dtype: "F32", shape: [Math.ceil(out / 128), Math.ceil(inputs / 128)] },
      );
      break;
    case "awq":
      tensors.push(
        { name: `${name}.qweight`, dtype: "I32", shape: [inputs, out / 8] },
        { name: `${name}.qzeros`, dtype: "I32", shape: [inputs / 128, out / 8] },
        { name: `${name}.scales`, dtype: "F16", shape: [inputs / 128, out] },
      );
      break;
  }
  if (bias) tensors.push({ name: `${name}.bias`, dtype, shape: [out] });
  return tensors;
}

const vector = (name: string, size: number, dtype: SafetensorsDtype = "BF16"): Tensor => ({ name, dtype, shape: [size] });

export interface DenseShape {
  hidden: number;
  layers: number;
  heads: number;
  kvHeads: number;
  headDim?: number;
  intermediate: number;
  vocab: number;
  context: number;
  tied?: boolean;
  /** Qwen3's per-head q and k norms; Qwen2's q, k, v biases. */
  qkNorm?: boolean;
  qkvBias?: boolean;
  experts?: { count: number; perToken: number; intermediate: number };
  quant?: Quant;
  modelType?: string;
  architectures?: string[];
  extraConfig?: Record<string, unknown>;
  /** Where the language model's tensors live (a multimodal checkpoint's `language_model.`). */
  prefix?: string;
}

/** A Llama-family checkpoint: Llama, Mistral, Qwen2 and Qwen3 (dense and MoE). */
export function llamaFamily(id: string, shape: DenseShape): Checkpoint {
  const headDim = shape.headDim ?? shape.hidden / shape.heads;
  const quant = shape.quant ?? "none";
  const p = shape.prefix ?? "";
  const tensors: Tensor[] = [{ name: `${p}model.embed_tokens.weight`, dtype: "BF16", shape: [shape.vocab, shape.hidden] }];
  for (let layer = 0; layer < shape.layers; layer++) {
    const at = `${p}model.layers.${layer}`;
    tensors.push(vector(`${at}.input_layernorm.weight`, shape.hidden), vector(`${at}.post_attention_layernorm.weight`, shape.hidden));
    tensors.push(...linear(`${at}.self_attn.q_proj`, shape.heads * headDim, shape.hidden, quant, "BF16", shape.qkvBias));
    tensors.push(...linear(`${at}.self_attn.k_proj`, shape.kvHeads * headDim, shape.hidden, quant, "BF16", shape.qkvBias));
    tensors.push(...linear(`${at}.self_attn.v_proj`, shape.kvHeads * headDim, shape.hidden, quant, "BF16", shape.qkvBias));
    tensors.push(...linear(`${at}.self_attn.o_proj`, shape.hidden, shape.heads * headDim, quant));
    if (shape.qkNorm) tensors.push(vector(`${at}.self_attn.q_norm.weight`, headDim), vector(`${at}.self_attn.k_norm.weight`, headDim));
    if (shape.experts) {
      tensors.push({ name: `${at}.mlp.gate.weight`, dtype: "BF16", shape: [shape.experts.count, shape.hidden] });
      for (let expert = 0; expert < shape.experts.count; expert++) {
        const e = `${at}.mlp.experts.${expert}`;
        tensors.push(...linear(`${e}.gate_proj`, shape.experts.intermediate, shape.hidden, quant));
        tensors.push(...linear(`${e}.up_proj`, shape.experts.intermediate, shape.hidden, quant));
        tensors.push(...linear(`${e}.down_proj`, shape.hidden, shape.experts.intermediate, quant));
      }
    } else {
      tensors.push(...linear(`${at}.mlp.gate_proj`, shape.intermediate, shape.hidden, quant));
      tensors.push(...linear(`${at}.mlp.up_proj`, shape.intermediate, shape.hidden, quant));
      tensors.push(...linear(`${at}.mlp.down_proj`, shape.hidden, shape.intermediate, quant));
    }
  }
  tensors.push(vector(`${p}model.norm.weight`, shape.hidden));
  if (!shape.tied) tensors.push({ name: `${p}lm_head.weight`, dtype: "BF16", shape: [shape.vocab, shape.hidden] });
  const config: Record<string, unknown> = {
    architectures: shape.architectures ?? ["LlamaForCausalLM"],
    model_type: shape.modelType ?? "llama",
    hidden_size: shape.hidden,
    num_hidden_layers: shape.layers,
    num_attention_heads: shape.heads,
    num_key_value_heads: shape.kvHeads,
    head_dim: headDim,
    intermediate_size: shape.intermediate,
    vocab_size: shape.vocab,
    max_position_embeddings: shape.context,
    tie_word_embeddings: shape.tied ?? false,
    torch_dtype: "bfloat16",
    rms_norm_eps: 1e-6,
    ...(shape.experts && { num_experts: shape.experts.count, num_experts_per_tok: shape.experts.perToken, moe_intermediate_size: shape.experts.intermediate }),
    ...(quant === "fp8-channel" && { quantization_config: { quant_method: "compressed-tensors", format: "float-quantized" } }),
    ...(quant === "fp8-block" && { quantization_config: { quant_method: "fp8", weight_block_size: [128, 128] } }),
    ...(quant === "awq" && { quantization_config: { quant_method: "awq", bits: 4, group_size: 128 } }),
    ...shape.extraConfig,
  };
  return { id, config, tensors };
}

export const LLAMA_3_1_8B = (): Checkpoint =>
  llamaFamily("meta-llama/Llama-3.1-8B-Instruct", {
    hidden: 4096,
    layers: 32,
    heads: 32,
    kvHeads: 8,
    intermediate: 14336,
    vocab: 128256,
    context: 131072,
    extraConfig: { rope_scaling: { rope_type: "llama3", factor: 8, original_max_position_embeddings: 8192 } },
  });

/** Meta-Llama-3-8B: Llama 3.1 8B's shapes, trained to 8,192 tokens without rope scaling. */
export const LLAMA_3_8B = (): Checkpoint =>
  llamaFamily("meta-llama/Meta-Llama-3-8B", { hidden: 4096, layers: 32, heads: 32, kvHeads: 8, intermediate: 14336, vocab: 128256, context: 8192 });

export const LLAMA_3_3_70B_FP8 = (): Checkpoint =>
  llamaFamily("RedHatAI/Llama-3.3-70B-Instruct-FP8-dynamic", {
    hidden: 8192,
    layers: 80,
    heads: 64,
    kvHeads: 8,
    intermediate: 28672,
    vocab: 128256,
    context: 131072,
    quant: "fp8-channel",
    extraConfig: { rope_scaling: { rope_type: "llama3", factor: 8, original_max_position_embeddings: 8192 } },
  });

export const LLAMA_3_1_8B_AWQ = (): Checkpoint =>
  llamaFamily("hugging-quants/Meta-Llama-3.1-8B-Instruct-AWQ-INT4", {
    hidden: 4096,
    layers: 32,
    heads: 32,
    kvHeads: 8,
    intermediate: 14336,
    vocab: 128256,
    context: 131072,
    quant: "awq",
  });

const qwen3 = (id: string, shape: Omit<DenseShape, "vocab" | "qkNorm" | "modelType" | "architectures">): Checkpoint =>
  llamaFamily(id, {
    vocab: 151936,
    qkNorm: true,
    modelType: shape.experts ? "qwen3_moe" : "qwen3",
    architectures: [shape.experts ? "Qwen3MoeForCausalLM" : "Qwen3ForCausalLM"],
    ...shape,
  });

export const QWEN3_0_6B = () =>
  qwen3("Qwen/Qwen3-0.6B", { hidden: 1024, layers: 28, heads: 16, kvHeads: 8, headDim: 128, intermediate: 3072, context: 40960, tied: true });
export const QWEN3_1_7B = () =>
  qwen3("Qwen/Qwen3-1.7B", { hidden: 2048, layers: 28, heads: 16, kvHeads: 8, headDim: 128, intermediate: 6144, context: 40960, tied: true });
export const QWEN3_8B = () => qwen3("Qwen/Qwen3-8B", { hidden: 4096, layers: 36, heads: 32, kvHeads: 8, headDim: 128, intermediate: 12288, context: 40960 });
export const QWEN3_32B = () => qwen3("Qwen/Qwen3-32B", { hidden: 5120, layers: 64, heads: 64, kvHeads: 8, headDim: 128, intermediate: 25600, context: 40960 });
export const QWEN3_30B_A3B = () =>
  qwen3("Qwen/Qwen3-30B-A3B", {
    hidden: 2048,
    layers: 48,
    heads: 32,
    kvHeads: 4,
    headDim: 128,
    intermediate: 6144,
    context: 40960,
    experts: { count: 128, perToken: 8, intermediate: 768 },
  });
export const QWEN3_235B_A22B_FP8 = () =>
  qwen3("Qwen/Qwen3-235B-A22B-FP8", {
    hidden: 4096,
    layers: 94,
    heads: 64,
    kvHeads: 4,
    headDim: 128,
    intermediate: 12288,
    context: 40960,
    experts: { count: 128, perToken: 8, intermediate: 1536 },
    quant: "fp8-block",
  });

export const QWEN2_5_7B = () =>
  llamaFamily("Qwen/Qwen2.5-7B-Instruct", {
    hidden: 3584,
    layers: 28,
    heads: 28,
    kvHeads: 4,
    intermediate: 18944,
    vocab: 152064,
    context: 32768,
    qkvBias: true,
    modelType: "qwen2",
    architectures: ["Qwen2ForCausalLM"],
    extraConfig: { sliding_window: 131072, use_sliding_window: false, max_window_layers: 28 },
  });

/** Qwen2.5-7B-Instruct-AWQ: the same shapes, its linear layers int4 in groups of 128. */
export const QWEN2_5_7B_AWQ = () =>
  llamaFamily("Qwen/Qwen2.5-7B-Instruct-AWQ", {
    hidden: 3584,
    layers: 28,
    heads: 28,
    kvHeads: 4,
    intermediate: 18944,
    vocab: 152064,
    context: 32768,
    qkvBias: true,
    quant: "awq",
    modelType: "qwen2",
    architectures: ["Qwen2ForCausalLM"],
    extraConfig: { sliding_window: 131072, use_sliding_window: false, max_window_layers: 28 },
  });

/** DeepSeek-R1-Distill-Qwen-14B: Qwen2.5 14B's shapes (48 layers, 40 heads, 8 KV heads), trained to 131,072 tokens. */
export const R1_DISTILL_QWEN_14B = () =>
  llamaFamily("deepseek-ai/DeepSeek-R1-Distill-Qwen-14B", {
    hidden: 5120,
    layers: 48,
    heads: 40,
    kvHeads: 8,
    intermediate: 13824,
    vocab: 152064,
    context: 131072,
    qkvBias: true,
    modelType: "qwen2",
    architectures: ["Qwen2ForCausalLM"],
    extraConfig: { sliding_window: 131072, use_sliding_window: false, max_window_layers: 48 },
  });

/** Qwen2-7B-Instruct: the same shapes as Qwen2.5-7B (its config.json: 28 layers, 28 heads, 4 KV heads, 18,944 intermediate). */
export const QWEN2_7B = () =>
  llamaFamily("Qwen/Qwen2-7B-Instruct", {
    hidden: 3584,
    layers: 28,
    heads: 28,
    kvHeads: 4,
    intermediate: 18944,
    vocab: 152064,
    context: 32768,
    qkvBias: true,
    modelType: "qwen2",
    architectures: ["Qwen2ForCausalLM"],
    extraConfig: { sliding_window: 131072, use_sliding_window: false, max_window_layers: 28 },
  });

/** Gemma 3's multimodal checkpoint: the language model under `language_model.`, its config in text_config, a vision tower beside it. */
export function gemma3(): Checkpoint {
  const text = llamaFamily("google/gemma-3-27b-it", {
    hidden: 5376,
    layers: 62,
    heads: 32,
    kvHeads: 16,
    headDim: 128,
    intermediate: 21504,
    vocab: 262208,
    context: 131072,
    tied: true,
    qkNorm: true,
    prefix: "language_model.",
  });
  const tensors = [...text.tensors, { name: "vision_tower.vision_model.embeddings.patch_embedding.weight", dtype: "BF16" as const, shape: [1152, 3, 14, 14] }];
  const { architectures: _architectures, quantization_config: _quant, ...textConfig } = text.config;
  return {
    id: "google/gemma-3-27b-it",
    config: {
      architectures: ["Gemma3ForConditionalGeneration"],
      model_type: "gemma3",
      text_config: {
        ...textConfig,
        model_type: "gemma3_text",
        sliding_window: 1024,
        sliding_window_pattern: 6,
        rope_scaling: { rope_type: "linear", factor: 8 },
      },
      vision_config: { hidden_size: 1152, model_type: "siglip_vision_model" },
    },
    tensors,
  };
}

export interface MlaShape {
  hidden: number;
  layers: number;
  heads: number;
  kvLoraRank: number;
  qLoraRank?: number;
  ropeDim: number;
  nopeDim: number;
  vDim: number;
  experts: number;
  perToken: number;
  shared: number;
  moeIntermediate: number;
  intermediate: number;
  denseLayers: number;
  vocab: number;
  context: number;
  quant?: Quant;
  extraConfig?: Record<string, unknown>;
}

/** A DeepSeek-V2/V3 checkpoint: multi-head latent attention, routed and shared experts, dense first layers. */
export function deepseek(id: string, shape: MlaShape): Checkpoint {
  const quant = shape.quant ?? "none";
  const tensors: Tensor[] = [{ name: "model.embed_tokens.weight", dtype: "BF16", shape: [shape.vocab, shape.hidden] }];
  const qk = shape.nopeDim + shape.ropeDim;
  for (let layer = 0; layer < shape.layers; layer++) {
    const at = `model.layers.${layer}`;
    tensors.push(vector(`${at}.input_layernorm.weight`, shape.hidden), vector(`${at}.post_attention_layernorm.weight`, shape.hidden));
    if (shape.qLoraRank) {
      tensors.push(
        ...linear(`${at}.self_attn.q_a_proj`, shape.qLoraRank, shape.hidden, quant),
        vector(`${at}.self_attn.q_a_layernorm.weight`, shape.qLoraRank),
      );
      tensors.push(...linear(`${at}.self_attn.q_b_proj`, shape.heads * qk, shape.qLoraRank, quant));
    } else tensors.push(...linear(`${at}.self_attn.q_proj`, shape.heads * qk, shape.hidden, quant));
    tensors.push(...linear(`${at}.self_attn.kv_a_proj_with_mqa`, shape.kvLoraRank + shape.ropeDim, shape.hidden, quant));
    tensors.push(vector(`${at}.self_attn.kv_a_layernorm.weight`, shape.kvLoraRank));
    tensors.push(...linear(`${at}.self_attn.kv_b_proj`, shape.heads * (shape.nopeDim + shape.vDim), shape.kvLoraRank, quant));
    tensors.push(...linear(`${at}.self_attn.o_proj`, shape.hidden, shape.heads * shape.vDim, quant));
    if (layer < shape.denseLayers) {
      tensors.push(...linear(`${at}.mlp.gate_proj`, shape.intermediate, shape.hidden, quant));
      tensors.push(...linear(`${at}.mlp.up_proj`, shape.intermediate, shape.hidden, quant));
      tensors.push(...linear(`${at}.mlp.down_proj`, shape.hidden, shape.intermediate, quant));
      continue;
    }
    tensors.push({ name: `${at}.mlp.gate.weight`, dtype: "BF16", shape: [shape.experts, shape.hidden] });
    for (let expert = 0; expert < shape.experts; expert++) {
      const e = `${at}.mlp.experts.${expert}`;
      tensors.push(...linear(`${e}.gate_proj`, shape.moeIntermediate, shape.hidden, quant));
      tensors.push(...linear(`${e}.up_proj`, shape.moeIntermediate, shape.hidden, quant));
      tensors.push(...linear(`${e}.down_proj`, shape.hidden, shape.moeIntermediate, quant));
    }
    const shared = shape.shared * shape.moeIntermediate;
    tensors.push(...linear(`${at}.mlp.shared_experts.gate_proj`, shared, shape.hidden, quant));
    tensors.push(...linear(`${at}.mlp.shared_experts.up_proj`, shared, shape.hidden, quant));
    tensors.push(...linear(`${at}.mlp.shared_experts.down_proj`, shape.hidden, shared, quant));
  }
  tensors.push(vector("model.norm.weight", shape.hidden), { name: "lm_head.weight", dtype: "BF16", shape: [shape.vocab, shape.hidden] });
  const config: Record<string, unknown> = {
    architectures: ["DeepseekV2ForCausalLM"],
    model_type: "deepseek_v2",
    hidden_size: shape.hidden,
    num_hidden_layers: shape.layers,
    num_attention_heads: shape.heads,
    num_key_value_heads: shape.heads,
    kv_lora_rank: shape.kvLoraRank,
    q_lora_rank: shape.qLoraRank ?? null,
    qk_rope_head_dim: shape.ropeDim,
    qk_nope_head_dim: shape.nopeDim,
    v_head_dim: shape.vDim,
    n_routed_experts: shape.experts,
    n_shared_experts: shape.shared,
    num_experts_per_tok: shape.perToken,
    moe_intermediate_size: shape.moeIntermediate,
    intermediate_size: shape.intermediate,
    first_k_dense_replace: shape.denseLayers,
    vocab_size: shape.vocab,
    max_position_embeddings: shape.context,
    torch_dtype: "bfloat16",
    ...(quant === "fp8-block" && { quantization_config: { quant_method: "fp8", weight_block_size: [128, 128] } }),
    ...shape.extraConfig,
  };
  return { id, config, tensors };
}

export const DEEPSEEK_V2_LITE = () =>
  deepseek("deepseek-ai/DeepSeek-V2-Lite-Chat", {
    hidden: 2048,
    layers: 27,
    heads: 16,
    kvLoraRank: 512,
    ropeDim: 64,
    nopeDim: 128,
    vDim: 128,
    experts: 64,
    perToken: 6,
    shared: 2,
    moeIntermediate: 1408,
    intermediate: 10944,
    denseLayers: 1,
    vocab: 102400,
    context: 163840,
    extraConfig: { rope_scaling: { type: "yarn", factor: 40, original_max_position_embeddings: 4096 } },
  });

/** DeepSeek-V3's shape at a depth of a few layers (`layers`): FP8 blocks, q LoRA, 256 experts. */
export const DEEPSEEK_V3 = (layers = 61) =>
  deepseek("deepseek-ai/DeepSeek-V3", {
    hidden: 7168,
    layers,
    heads: 128,
    kvLoraRank: 512,
    qLoraRank: 1536,
    ropeDim: 64,
    nopeDim: 128,
    vDim: 128,
    experts: 256,
    perToken: 8,
    shared: 1,
    moeIntermediate: 2048,
    intermediate: 18432,
    denseLayers: 3,
    vocab: 129280,
    context: 163840,
    quant: "fp8-block",
    extraConfig: {
      model_type: "deepseek_v3",
      architectures: ["DeepseekV3ForCausalLM"],
      rope_scaling: { type: "yarn", factor: 40, original_max_position_embeddings: 4096 },
    },
  });

/** gpt-oss: MXFP4 experts (blocks of 32 four-bit values and their scales), alternating sliding and full attention with sinks. */
export function gptOss(id: string, layers: number, experts: number): Checkpoint {
  const hidden = 2880;
  const heads = 64;
  const kvHeads = 8;
  const headDim = 64;
  const intermediate = 2880;
  const vocab = 201088;
  const tensors: Tensor[] = [{ name: "model.embed_tokens.weight", dtype: "BF16", shape: [vocab, hidden] }];
  for (let layer = 0; layer < layers; layer++) {
    const at = `model.layers.${layer}`;
    tensors.push(vector(`${at}.input_layernorm.weight`, hidden), vector(`${at}.post_attention_layernorm.weight`, hidden));
    tensors.push(...linear(`${at}.self_attn.q_proj`, heads * headDim, hidden, "none", "BF16", true));
    tensors.push(...linear(`${at}.self_attn.k_proj`, kvHeads * headDim, hidden, "none", "BF16", true));
    tensors.push(...linear(`${at}.self_attn.v_proj`, kvHeads * headDim, hidden, "none", "BF16", true));
    tensors.push(...linear(`${at}.self_attn.o_proj`, hidden, heads * headDim, "none", "BF16", true));
    tensors.push(vector(`${at}.self_attn.sinks`, heads));
    tensors.push({ name: `${at}.mlp.router.weight`, dtype: "BF16", shape: [experts, hidden] }, vector(`${at}.mlp.router.bias`, experts));
    tensors.push(
      { name: `${at}.mlp.experts.gate_up_proj_blocks`, dtype: "U8", shape: [experts, 2 * intermediate, hidden / 32, 16] },
      { name: `${at}.mlp.experts.gate_up_proj_scales`, dtype: "U8", shape: [experts, 2 * intermediate, hidden / 32] },
      { name: `${at}.mlp.experts.gate_up_proj_bias`, dtype: "BF16", shape: [experts, 2 * intermediate] },
      { name: `${at}.mlp.experts.down_proj_blocks`, dtype: "U8", shape: [experts, hidden, intermediate / 32, 16] },
      { name: `${at}.mlp.experts.down_proj_scales`, dtype: "U8", shape: [experts, hidden, intermediate / 32] },
      { name: `${at}.mlp.experts.down_proj_bias`, dtype: "BF16", shape: [experts, hidden] },
    );
  }
  tensors.push(vector("model.norm.weight", hidden), { name: "lm_head.weight", dtype: "BF16", shape: [vocab, hidden] });
  const config = {
    architectures: ["GptOssForCausalLM"],
    model_type: "gpt_oss",
    hidden_size: hidden,
    num_hidden_layers: layers,
    num_attention_heads: heads,
    num_key_value_heads: kvHeads,
    head_dim: headDim,
    intermediate_size: intermediate,
    num_local_experts: experts,
    experts_per_token: 4,
    vocab_size: vocab,
    sliding_window: 128,
    layer_types: Array.from({ length: layers }, (_, index) => (index % 2 === 0 ? "sliding_attention" : "full_attention")),
    max_position_embeddings: 131072,
    rope_scaling: { rope_type: "yarn", factor: 32, original_max_position_embeddings: 4096, beta_fast: 32, beta_slow: 1 },
    tie_word_embeddings: false,
    torch_dtype: "bfloat16",
    quantization_config: {
      quant_method: "mxfp4",
      modules_to_not_convert: ["model.layers.*.self_attn", "model.layers.*.mlp.router", "model.embed_tokens", "lm_head"],
    },
  };
  return { id, config, tensors };
}

export const GPT_OSS_20B = () => gptOss("openai/gpt-oss-20b", 24, 32);
export const GPT_OSS_120B = () => gptOss("openai/gpt-oss-120b", 36, 128);

/** A Granite 4.0 H hybrid: Mamba 2 layers with an attention layer every 10, and a shared MLP in every layer. */
export function granite4Hybrid(): Checkpoint {
  const hidden = 1536;
  const layers = 40;
  const heads = 12;
  const kvHeads = 4;
  const headDim = 128;
  const mambaHeads = 48;
  const mambaHeadDim = 64;
  const dState = 128;
  const groups = 1;
  const inner = mambaHeads * mambaHeadDim;
  const ffn = 512;
  const vocab = 100352;
  const attention = (layer: number) => layer % 10 === 5;
  const tensors: Tensor[] = [{ name: "model.embed_tokens.weight", dtype: "BF16", shape: [vocab, hidden] }];
  for (let layer = 0; layer < layers; layer++) {
    const at = `model.layers.${layer}`;
    tensors.push(vector(`${at}.input_layernorm.weight`, hidden), vector(`${at}.post_attention_layernorm.weight`, hidden));
    if (attention(layer)) {
      tensors.push(...linear(`${at}.self_attn.q_proj`, heads * headDim, hidden, "none"));
      tensors.push(...linear(`${at}.self_attn.k_proj`, kvHeads * headDim, hidden, "none"));
      tensors.push(...linear(`${at}.self_attn.v_proj`, kvHeads * headDim, hidden, "none"));
      tensors.push(...linear(`${at}.self_attn.o_proj`, hidden, heads * headDim, "none"));
    } else {
      const convWidth = inner + 2 * groups * dState;
      tensors.push(...linear(`${at}.mamba.in_proj`, 2 * inner + 2 * groups * dState + mambaHeads, hidden, "none"));
      tensors.push({ name: `${at}.mamba.conv1d.weight`, dtype: "BF16", shape: [convWidth, 1, 4] }, vector(`${at}.mamba.conv1d.bias`, convWidth));
      tensors.push(vector(`${at}.mamba.A_log`, mambaHeads), vector(`${at}.mamba.D`, mambaHeads), vector(`${at}.mamba.dt_bias`, mambaHeads));
      tensors.push(vector(`${at}.mamba.norm.weight`, inner));
      tensors.push(...linear(`${at}.mamba.out_proj`, hidden, inner, "none"));
    }
    tensors.push(...linear(`${at}.shared_mlp.input_linear`, 2 * ffn, hidden, "none"), ...linear(`${at}.shared_mlp.output_linear`, hidden, ffn, "none"));
  }
  tensors.push(vector("model.norm.weight", hidden));
  const config = {
    architectures: ["GraniteMoeHybridForCausalLM"],
    model_type: "granitemoehybrid",
    hidden_size: hidden,
    num_hidden_layers: layers,
    num_attention_heads: heads,
    num_key_value_heads: kvHeads,
    intermediate_size: ffn,
    shared_intermediate_size: ffn,
    vocab_size: vocab,
    max_position_embeddings: 131072,
    layer_types: Array.from({ length: layers }, (_, index) => (attention(index) ? "attention" : "mamba")),
    mamba_n_heads: mambaHeads,
    mamba_d_head: mambaHeadDim,
    mamba_d_state: dState,
    mamba_n_groups: groups,
    mamba_d_conv: 4,
    mamba_expand: 2,
    tie_word_embeddings: true,
    torch_dtype: "bfloat16",
  };
  return { id: "ibm-granite/granite-4.0-h-tiny", config, tensors };
}

/** The tensors with their bytes, as a header lists them. */
export function entriesOf(checkpoint: Checkpoint): TensorEntry[] {
  return checkpoint.tensors.map((tensor) => ({ ...tensor, bytes: bytesOf(tensor) }));
}

/** The facts a plan reads, as the hub's headers would give them. */
export function weightsOf(checkpoint: Checkpoint, files = 1): WeightFacts {
  return weightFacts(groupTensors(entriesOf(checkpoint)), files);
}

/** One shard's header bytes (8-byte length, JSON), and the size the whole shard would have. */
export function shardHeader(tensors: readonly Tensor[], metadata: Record<string, string> = { format: "pt" }): { header: Buffer; size: number } {
  const entries: Record<string, unknown> = { __metadata__: metadata };
  let offset = 0;
  for (const tensor of tensors) {
    const bytes = bytesOf(tensor);
    entries[tensor.name] = { dtype: tensor.dtype, shape: tensor.shape, data_offsets: [offset, offset + bytes] };
    offset += bytes;
  }
  const json = Buffer.from(JSON.stringify(entries));
  const length = Buffer.alloc(8);
  length.writeBigUInt64LE(BigInt(json.byteLength));
  return { header: Buffer.concat([length, json]), size: 8 + json.byteLength + offset };
}

/** The checkpoint cut into shards of at most `shardBytes` of data, with the index that names them. */
export function shardsOf(
  checkpoint: Checkpoint,
  shardBytes = 5e9,
): { files: { name: string; header: Buffer; size: number }[]; index: Record<string, unknown> } {
  const shards: Tensor[][] = [[]];
  let held = 0;
  for (const tensor of checkpoint.tensors) {
    const bytes = bytesOf(tensor);
    if (held + bytes > shardBytes && shards.at(-1)!.length > 0) {
      shards.push([]);
      held = 0;
    }
    shards.at(-1)!.push(tensor);
    held += bytes;
  }
  const count = shards.length;
  const names = shards.map((_, index) => `model-${String(index + 1).padStart(5, "0")}-of-${String(count).padStart(5, "0")}.safetensors`);
  const weightMap: Record<string, string> = {};
  shards.forEach((tensors, index) => {
    for (const tensor of tensors) weightMap[tensor.name] = names[index]!;
  });
  const total = checkpoint.tensors.reduce((sum, tensor) => sum + bytesOf(tensor), 0);
  return {
    files: shards.map((tensors, index) => ({ name: names[index]!, ...shardHeader(tensors) })),
    index: { metadata: { total_size: total }, weight_map: weightMap },
  };
}
