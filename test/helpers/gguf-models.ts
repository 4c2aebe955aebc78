import { mambaLayer, mambaMetadata, type MambaShape } from "./gguf-arch-models.js";
import { f32, type GgufSpec, str, strs, TENSOR_TYPE, type TensorInfo, u32, u32s, type Value } from "./gguf-writer.js";

/*
 * GGUF headers with the metadata of real models (the published configs of
 * Llama 3.1 8B, Gemma 3 4B, Qwen3 30B-A3B, DeepSeek-V2-Lite, Mamba 2.8B,
 * Qwen2-VL 7B, Jamba, RWKV-6), tensor infos with their real shapes, and no
 * tensor data. Vocabularies are cut to `vocab` tokens unless asked whole.
 */

export interface ArchitectureCase {
  /** What the test calls it. */
  label: string;
  spec: GgufSpec;
  architecture: string;
  /** The cache rule hubref applies. */
  rule: string;
}

const Q8 = TENSOR_TYPE.Q8_0;
const F32T = TENSOR_TYPE.F32;

function tokens(count: number): Value {
  return strs(Array.from({ length: count }, (_, index) => `t${index}`));
}

function common(arch: string, name: string, vocab: number): [string, Value][] {
  return [
    ["general.architecture", str(arch)],
    ["general.name", str(name)],
    ["general.file_type", u32(7)],
    ["tokenizer.ggml.model", str("gpt2")],
    ["tokenizer.ggml.tokens", tokens(vocab)],
  ];
}

function attentionLayer(layer: number, embd: number, qDim: number, kDim: number, vDim: number, ff: number): TensorInfo[] {
  const blk = `blk.${layer}`;
  return [
    { name: `${blk}.attn_norm.weight`, dims: [embd], type: F32T },
    { name: `${blk}.attn_q.weight`, dims: [embd, qDim], type: Q8 },
    { name: `${blk}.attn_k.weight`, dims: [embd, kDim], type: Q8 },
    { name: `${blk}.attn_v.weight`, dims: [embd, vDim], type: Q8 },
    { name: `${blk}.attn_output.weight`, dims: [qDim, embd], type: Q8 },
    { name: `${blk}.ffn_norm.weight`, dims: [embd], type: F32T },
    { name: `${blk}.ffn_gate.weight`, dims: [embd, ff], type: Q8 },
    { name: `${blk}.ffn_up.weight`, dims: [embd, ff], type: Q8 },
    { name: `${blk}.ffn_down.weight`, dims: [ff, embd], type: Q8 },
  ];
}

function outer(embd: number, vocab: number): TensorInfo[] {
  return [
    { name: "token_embd.weight", dims: [embd, vocab], type: Q8 },
    { name: "output_norm.weight", dims: [embd], type: F32T },
    { name: "output.weight", dims: [embd, vocab], type: Q8 },
  ];
}

function range(count: number): number[] {
  return Array.from({ length: count }, (_, index) => index);
}

/** Llama 3.1 8B: grouped-query attention, 8 key-value heads of 32. */
export function llama(vocab = 128_256): ArchitectureCase {
  const [embd, layers, heads, kvHeads, ff] = [4096, 32, 32, 8, 14336];
  return {
    label: "Llama 3.1 8B (GQA)",
    architecture: "llama",
    rule: "attention",
    spec: {
      metadata: [
        ...common("llama", "Llama 3.1 8B Instruct", vocab),
        ["llama.context_length", u32(131072)],
        ["llama.embedding_length", u32(embd)],
        ["llama.block_count", u32(layers)],
        ["llama.feed_forward_length", u32(ff)],
        ["llama.rope.dimension_count", u32(128)],
        ["llama.attention.head_count", u32(heads)],
        ["llama.attention.head_count_kv", u32(kvHeads)],
        ["llama.attention.layer_norm_rms_epsilon", f32(1e-5)],
        ["llama.rope.freq_base", f32(500000)],
        ["llama.vocab_size", u32(128_256)],
      ],
      tensors: [...outer(embd, 128_256), ...range(layers).flatMap((layer) => attentionLayer(layer, embd, 4096, 1024, 1024, ff))],
    },
  };
}

/** Gemma 3 4B: 5 sliding-window layers (1,024 tokens) to each global one; no pattern key, as in the published files. */
export function gemma3(vocab = 262_144): ArchitectureCase {
  const [embd, layers, heads, kvHeads, ff, head] = [2560, 34, 8, 4, 10240, 256];
  return {
    label: "Gemma 3 4B (sliding window)",
    architecture: "gemma3",
    rule: "sliding-window",
    spec: {
      metadata: [
        ...common("gemma3", "Gemma 3 4B It", vocab),
        ["gemma3.context_length", u32(131072)],
        ["gemma3.embedding_length", u32(embd)],
        ["gemma3.block_count", u32(layers)],
        ["gemma3.feed_forward_length", u32(ff)],
        ["gemma3.attention.head_count", u32(heads)],
        ["gemma3.attention.head_count_kv", u32(kvHeads)],
        ["gemma3.attention.key_length", u32(head)],
        ["gemma3.attention.value_length", u32(head)],
        ["gemma3.attention.sliding_window", u32(1024)],
        ["gemma3.attention.layer_norm_rms_epsilon", f32(1e-6)],
      ],
      tensors: [
        ...outer(embd, 262_144).filter((t) => t.name !== "output.weight"),
        ...range(layers).flatMap((layer) => attentionLayer(layer, embd, heads * head, kvHeads * head, kvHeads * head, ff)),
      ],
    },
  };
}

/** Qwen3 30B-A3B: 128 experts, 4 key-value heads of 32, head size 128. */
export function qwen3moe(vocab = 151_936): ArchitectureCase {
  const [embd, layers, heads, kvHeads, head, experts, expertFf] = [2048, 48, 32, 4, 128, 128, 768];
  const layer = (index: number): TensorInfo[] => {
    const blk = `blk.${index}`;
    return [
      ...attentionLayer(index, embd, heads * head, kvHeads * head, kvHeads * head, 0).filter((t) => !t.name.includes("ffn_") || t.name.includes("norm")),
      { name: `${blk}.ffn_gate_inp.weight`, dims: [embd, experts], type: F32T },
      { name: `${blk}.ffn_gate_exps.weight`, dims: [embd, expertFf, experts], type: Q8 },
      { name: `${blk}.ffn_up_exps.weight`, dims: [embd, expertFf, experts], type: Q8 },
      { name: `${blk}.ffn_down_exps.weight`, dims: [expertFf, embd, experts], type: Q8 },
    ];
  };
  return {
    label: "Qwen3 30B-A3B (MoE)",
    architecture: "qwen3moe",
    rule: "attention",
    spec: {
      metadata: [
        ...common("qwen3moe", "Qwen3 30B A3B", vocab),
        ["qwen3moe.context_length", u32(40960)],
        ["qwen3moe.embedding_length", u32(embd)],
        ["qwen3moe.block_count", u32(layers)],
        ["qwen3moe.feed_forward_length", u32(6144)],
        ["qwen3moe.attention.head_count", u32(heads)],
        ["qwen3moe.attention.head_count_kv", u32(kvHeads)],
        ["qwen3moe.attention.key_length", u32(head)],
        ["qwen3moe.attention.value_length", u32(head)],
        ["qwen3moe.expert_count", u32(experts)],
        ["qwen3moe.expert_used_count", u32(8)],
        ["qwen3moe.expert_feed_forward_length", u32(expertFf)],
        ["qwen3moe.attention.layer_norm_rms_epsilon", f32(1e-6)],
      ],
      tensors: [...outer(embd, 151_936), ...range(layers).flatMap(layer)],
    },
  };
}

/** DeepSeek-V2-Lite: multi-head latent attention, a 512-wide compressed cache plus 64 rope dimensions. */
export function deepseek2(vocab = 102_400): ArchitectureCase {
  const [embd, layers, heads, loraRank, rope, nope, valueHead, ff] = [2048, 27, 16, 512, 64, 128, 128, 10944];
  const layer = (index: number): TensorInfo[] => {
    const blk = `blk.${index}`;
    return [
      { name: `${blk}.attn_norm.weight`, dims: [embd], type: F32T },
      { name: `${blk}.attn_q.weight`, dims: [embd, heads * (nope + rope)], type: Q8 },
      { name: `${blk}.attn_kv_a_mqa.weight`, dims: [embd, loraRank + rope], type: Q8 },
      { name: `${blk}.attn_kv_a_norm.weight`, dims: [loraRank], type: F32T },
      { name: `${blk}.attn_kv_b.weight`, dims: [loraRank, heads * (nope + valueHead)], type: Q8 },
      { name: `${blk}.attn_output.weight`, dims: [heads * valueHead, embd], type: Q8 },
      { name: `${blk}.ffn_norm.weight`, dims: [embd], type: F32T },
      { name: `${blk}.ffn_gate.weight`, dims: [embd, ff], type: Q8 },
      { name: `${blk}.ffn_up.weight`, dims: [embd, ff], type: Q8 },
      { name: `${blk}.ffn_down.weight`, dims: [ff, embd], type: Q8 },
    ];
  };
  return {
    label: "DeepSeek-V2-Lite (MLA)",
    architecture: "deepseek2",
    rule: "mla",
    spec: {
      metadata: [
        ...common("deepseek2", "DeepSeek V2 Lite Chat", vocab),
        ["deepseek2.context_length", u32(163840)],
        ["deepseek2.embedding_length", u32(embd)],
        ["deepseek2.block_count", u32(layers)],
        ["deepseek2.feed_forward_length", u32(ff)],
        ["deepseek2.attention.head_count", u32(heads)],
        ["deepseek2.attention.head_count_kv", u32(heads)],
        ["deepseek2.attention.key_length", u32(nope + rope)],
        ["deepseek2.attention.value_length", u32(valueHead)],
        ["deepseek2.attention.kv_lora_rank", u32(loraRank)],
        ["deepseek2.rope.dimension_count", u32(rope)],
        ["deepseek2.expert_count", u32(64)],
        ["deepseek2.expert_used_count", u32(6)],
        ["deepseek2.leading_dense_block_count", u32(1)],
        ["deepseek2.attention.layer_norm_rms_epsilon", f32(1e-6)],
      ],
      tensors: [...outer(embd, 102_400), ...range(layers).flatMap(layer)],
    },
  };
}

/** Mamba 2.8B: a recurrent state per layer, nothing that grows with the context. */
export function mamba(vocab = 50_280): ArchitectureCase {
  const shape: MambaShape = { embd: 2560, layers: 64, inner: 5120, state: 16, kernel: 4, dtRank: 160 };
  return {
    label: "Mamba 2.8B (recurrent)",
    architecture: "mamba",
    rule: "recurrent",
    spec: {
      metadata: [...common("mamba", "Mamba 2.8b Hf", vocab), ...mambaMetadata(shape)],
      tensors: [
        ...outer(shape.embd, 50_304).filter((t) => t.name !== "output.weight"),
        ...range(shape.layers).flatMap((layer) => mambaLayer(layer, shape, { biases: false, norms: false })),
      ],
    },
  };
}

/** Qwen2-VL 7B's language model; its repository also holds a projector (mmproj). */
export function qwen2vl(vocab = 152_064): ArchitectureCase {
  const [embd, layers, heads, kvHeads, ff] = [3584, 28, 28, 4, 18944];
  return {
    label: "Qwen2-VL 7B (vision, with projector)",
    architecture: "qwen2vl",
    rule: "attention",
    spec: {
      metadata: [
        ...common("qwen2vl", "Qwen2 VL 7B Instruct", vocab),
        ["qwen2vl.context_length", u32(128000)],
        ["qwen2vl.embedding_length", u32(embd)],
        ["qwen2vl.block_count", u32(layers)],
        ["qwen2vl.feed_forward_length", u32(ff)],
        ["qwen2vl.attention.head_count", u32(heads)],
        ["qwen2vl.attention.head_count_kv", u32(kvHeads)],
        ["qwen2vl.rope.dimension_sections", u32s([16, 24, 24, 0])],
        ["qwen2vl.attention.layer_norm_rms_epsilon", f32(1e-6)],
      ],
      tensors: [...outer(embd, 152_064), ...range(layers).flatMap((layer) => attentionLayer(layer, embd, 3584, 512, 512, ff))],
    },
  };
}

/** Jamba-style hybrid: one attention layer in eight, Mamba layers marked by zero key-value heads. */
export function jamba(vocab = 65_536): ArchitectureCase {
  const [embd, layers] = [4096, 32];
  const kvHeads = range(layers).map((layer) => (layer % 8 === 4 ? 8 : 0));
  return {
    label: "Jamba (hybrid)",
    architecture: "jamba",
    rule: "hybrid",
    spec: {
      metadata: [
        ...common("jamba", "Jamba v0.1", vocab),
        ["jamba.context_length", u32(262144)],
        ["jamba.embedding_length", u32(embd)],
        ["jamba.block_count", u32(layers)],
        ["jamba.attention.head_count", u32(32)],
        ["jamba.attention.head_count_kv", u32s(kvHeads)],
        ["jamba.ssm.conv_kernel", u32(4)],
        ["jamba.ssm.inner_size", u32(8192)],
        ["jamba.ssm.state_size", u32(16)],
        ["jamba.ssm.time_step_rank", u32(256)],
      ],
      tensors: outer(embd, 65_536),
    },
  };
}

/** RWKV-6 1.6B: a token-shift and WKV state per layer. */
export function rwkv6(vocab = 65_536): ArchitectureCase {
  return {
    label: "RWKV-6 1.6B (recurrent)",
    architecture: "rwkv6",
    rule: "recurrent",
    spec: {
      metadata: [
        ...common("rwkv6", "Rwkv 6 World 1.6b", vocab),
        ["rwkv6.context_length", u32(1_048_576)],
        ["rwkv6.embedding_length", u32(2048)],
        ["rwkv6.block_count", u32(24)],
        ["rwkv6.wkv.head_size", u32(64)],
        ["rwkv6.token_shift_count", u32(2)],
      ],
      tensors: outer(2048, 65_536),
    },
  };
}

/** The architectures the issue names, with their reference comparison. */
export const REFERENCE_CASES = [llama, gemma3, qwen3moe, deepseek2, mamba, qwen2vl];

/** The published quants of Llama 3.1 8B Instruct and their file sizes in bytes, as a stand-in hub serves them. */
export const LLAMA_8B_QUANT_SIZES: readonly (readonly [quant: string, bytes: number])[] = [
  ["Q8_0", 8.54e9],
  ["Q6_K", 6.6e9],
  ["Q5_K_M", 5.73e9],
  ["Q4_K_M", 4.92e9],
  ["Q3_K_M", 4.02e9],
  ["Q2_K", 3.18e9],
];
