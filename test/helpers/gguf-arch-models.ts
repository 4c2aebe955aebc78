import { f32, type GgufSpec, str, strs, TENSOR_TYPE, type TensorInfo, u32, u32s, type Value } from "./gguf-writer.js";

/*
 * Header-only GGUF files that llama.cpp itself loads: each architecture's
 * tensor list with the names and shapes its loader requires, a vocabulary as
 * long as the embedding matrix, and small sizes so that the memory oracle
 * (test/memory/reference.test.ts) loads them in milliseconds. The proportions
 * (vocabulary against width, heads against head size, experts) follow the
 * published configs of each family at a smaller scale.
 */

export interface ArchModel {
  /** What the test calls it. */
  label: string;
  architecture: string;
  spec: GgufSpec;
  /** Trained context length written in the header. */
  trained: number;
}

const Q8 = TENSOR_TYPE.Q8_0;
const F32T = TENSOR_TYPE.F32;

const range = (count: number) => Array.from({ length: count }, (_, index) => index);

/** A SentencePiece-style vocabulary llama.cpp accepts without merges: tokens, scores, types. */
function vocabulary(count: number): [string, Value][] {
  return [
    ["tokenizer.ggml.model", str("llama")],
    ["tokenizer.ggml.tokens", strs(range(count).map((index) => (index < 3 ? ["<unk>", "<s>", "</s>"][index]! : `t${index}`)))],
    ["tokenizer.ggml.scores", { type: "array", itemType: "float32", items: range(count).map(() => f32(0)) }],
    ["tokenizer.ggml.token_type", { type: "array", itemType: "int32", items: range(count).map((index) => ({ type: "int32", value: index < 3 ? 3 : 1 })) }],
  ];
}

interface Shape {
  embd: number;
  layers: number;
  heads: number;
  kvHeads: number | number[];
  head: number;
  ff: number;
  vocab: number;
}

function header(arch: string, shape: Shape, trained: number, extra: [string, Value][]): [string, Value][] {
  const { embd, layers, heads, kvHeads, ff, vocab, head } = shape;
  return [
    ["general.architecture", str(arch)],
    ["general.name", str(`${arch} test`)],
    ["general.file_type", u32(7)],
    ...vocabulary(vocab),
    [`${arch}.context_length`, u32(trained)],
    [`${arch}.embedding_length`, u32(embd)],
    [`${arch}.block_count`, u32(layers)],
    [`${arch}.feed_forward_length`, u32(ff)],
    [`${arch}.attention.head_count`, u32(heads)],
    [`${arch}.attention.head_count_kv`, Array.isArray(kvHeads) ? u32s(kvHeads) : u32(kvHeads)],
    [`${arch}.attention.key_length`, u32(head)],
    [`${arch}.attention.value_length`, u32(head)],
    [`${arch}.rope.dimension_count`, u32(head)],
    [`${arch}.attention.layer_norm_rms_epsilon`, f32(1e-6)],
    ...extra,
  ];
}

const t = (name: string, dims: number[], type: number = Q8): TensorInfo => ({ name, dims, type });

function outer(shape: Shape, tied = false): TensorInfo[] {
  return [
    t("token_embd.weight", [shape.embd, shape.vocab]),
    t("output_norm.weight", [shape.embd], F32T),
    ...(tied ? [] : [t("output.weight", [shape.embd, shape.vocab])]),
  ];
}

function attention(layer: number, shape: Shape, kvHeads: number, options: { bias?: boolean; qkNorm?: boolean } = {}): TensorInfo[] {
  const blk = `blk.${layer}`;
  const { embd, heads, head } = shape;
  return [
    t(`${blk}.attn_norm.weight`, [embd], F32T),
    t(`${blk}.attn_q.weight`, [embd, heads * head]),
    t(`${blk}.attn_k.weight`, [embd, kvHeads * head]),
    t(`${blk}.attn_v.weight`, [embd, kvHeads * head]),
    t(`${blk}.attn_output.weight`, [heads * head, embd]),
    ...(options.bias
      ? [t(`${blk}.attn_q.bias`, [heads * head], F32T), t(`${blk}.attn_k.bias`, [kvHeads * head], F32T), t(`${blk}.attn_v.bias`, [kvHeads * head], F32T)]
      : []),
    ...(options.qkNorm ? [t(`${blk}.attn_q_norm.weight`, [head], F32T), t(`${blk}.attn_k_norm.weight`, [head], F32T)] : []),
  ];
}

function denseFfn(layer: number, embd: number, ff: number): TensorInfo[] {
  const blk = `blk.${layer}`;
  return [
    t(`${blk}.ffn_norm.weight`, [embd], F32T),
    t(`${blk}.ffn_gate.weight`, [embd, ff]),
    t(`${blk}.ffn_up.weight`, [embd, ff]),
    t(`${blk}.ffn_down.weight`, [ff, embd]),
  ];
}

function expertFfn(layer: number, embd: number, ff: number, experts: number): TensorInfo[] {
  const blk = `blk.${layer}`;
  return [
    t(`${blk}.ffn_norm.weight`, [embd], F32T),
    t(`${blk}.ffn_gate_inp.weight`, [embd, experts], F32T),
    t(`${blk}.ffn_gate_exps.weight`, [embd, ff, experts]),
    t(`${blk}.ffn_up_exps.weight`, [embd, ff, experts]),
    t(`${blk}.ffn_down_exps.weight`, [ff, embd, experts]),
  ];
}

/** A layer of attention (with the shape's key-value heads) and a dense feed-forward. */
function denseLayer(shape: Shape, options: { bias?: boolean; qkNorm?: boolean } = {}): (index: number) => TensorInfo[] {
  return (index) => [...attention(index, shape, shape.kvHeads as number, options), ...denseFfn(index, shape.embd, shape.ff)];
}

/** A model of the shape's header and tensors: the outer tensors (output tied to the embedding or not), then each layer's. */
function archModel(
  label: string,
  architecture: string,
  shape: Shape,
  trained: number,
  extra: [string, Value][],
  layer: (index: number) => TensorInfo[],
  tied = false,
): ArchModel {
  return {
    label,
    architecture,
    trained,
    spec: { metadata: header(architecture, shape, trained, extra), tensors: [...outer(shape, tied), ...range(shape.layers).flatMap(layer)] },
  };
}

/** Llama 3-style grouped-query attention (4 query heads per key-value head). */
export function llamaModel(): ArchModel {
  const shape: Shape = { embd: 1024, layers: 32, heads: 16, kvHeads: 4, head: 64, ff: 3584, vocab: 32_000 };
  return archModel("Llama (GQA)", "llama", shape, 131_072, [["llama.rope.freq_base", f32(500_000)]], denseLayer(shape));
}

/** Qwen2: biases on the query, key and value projections. */
export function qwen2Model(): ArchModel {
  const shape: Shape = { embd: 896, layers: 24, heads: 14, kvHeads: 2, head: 64, ff: 4864, vocab: 24_000 };
  return archModel("Qwen2", "qwen2", shape, 32_768, [], denseLayer(shape, { bias: true }), true);
}

/** Qwen3: norms on the query and key heads, a head size wider than embd / heads. */
export function qwen3Model(): ArchModel {
  const shape: Shape = { embd: 1024, layers: 28, heads: 16, kvHeads: 8, head: 128, ff: 3072, vocab: 30_000 };
  return archModel("Qwen3", "qwen3", shape, 40_960, [], denseLayer(shape, { qkNorm: true }), true);
}

/** Qwen3 MoE: every layer's feed-forward is 32 experts, 4 of them used per token. */
export function qwen3moeModel(): ArchModel {
  const shape: Shape = { embd: 1024, layers: 48, heads: 16, kvHeads: 4, head: 128, ff: 3072, vocab: 30_000 };
  const [experts, expertFf] = [32, 384];
  const extra: [string, Value][] = [
    ["qwen3moe.expert_count", u32(experts)],
    ["qwen3moe.expert_used_count", u32(4)],
    ["qwen3moe.expert_feed_forward_length", u32(expertFf)],
  ];
  return archModel("Qwen3 MoE", "qwen3moe", shape, 40_960, extra, (layer) => [
    ...attention(layer, shape, 4, { qkNorm: true }),
    ...expertFfn(layer, shape.embd, expertFf, experts),
  ]);
}

function gemmaLayer(layer: number, shape: Shape, qkNorm: boolean): TensorInfo[] {
  const blk = `blk.${layer}`;
  return [
    ...attention(layer, shape, shape.kvHeads as number, { qkNorm }),
    t(`${blk}.post_attention_norm.weight`, [shape.embd], F32T),
    ...denseFfn(layer, shape.embd, shape.ff),
    t(`${blk}.post_ffw_norm.weight`, [shape.embd], F32T),
  ];
}

/** Gemma 2: every other layer attends within a 512-token window; tied output. */
export function gemma2Model(): ArchModel {
  const shape: Shape = { embd: 1152, layers: 26, heads: 8, kvHeads: 4, head: 128, ff: 4608, vocab: 40_000 };
  const extra: [string, Value][] = [
    ["gemma2.attention.sliding_window", u32(512)],
    ["gemma2.attn_logit_softcapping", f32(50)],
    ["gemma2.final_logit_softcapping", f32(30)],
  ];
  return archModel("Gemma 2 (sliding window)", "gemma2", shape, 8192, extra, (layer) => gemmaLayer(layer, shape, false), true);
}

/** Gemma 3: five sliding-window layers (1,024 tokens) to each global one. */
export function gemma3Model(): ArchModel {
  const shape: Shape = { embd: 1152, layers: 34, heads: 4, kvHeads: 1, head: 256, ff: 6912, vocab: 40_000 };
  return archModel(
    "Gemma 3 (sliding window)",
    "gemma3",
    shape,
    131_072,
    [["gemma3.attention.sliding_window", u32(1024)]],
    (layer) => gemmaLayer(layer, shape, true),
    true,
  );
}

/**
 * DeepSeek2 (V2-Lite's layout: no query compression, one leading dense layer,
 * shared experts). `mla`: the current layout, with attn_k_b / attn_v_b and the
 * `_mla` key lengths, which llama.cpp caches compressed; without, the older
 * unsplit attn_kv_b, which it caches as full heads.
 */
export function deepseek2Model(mla: boolean): ArchModel {
  const [embd, layers, heads, rank, rope, nope, valueHead, ff, experts, expertFf, vocab] = [1024, 26, 8, 256, 32, 64, 64, 2816, 16, 352, 24_000];
  const keyLength = mla ? rank + rope : nope + rope;
  const valueLength = mla ? rank : valueHead;
  const layer = (index: number): TensorInfo[] => {
    const blk = `blk.${index}`;
    return [
      t(`${blk}.attn_norm.weight`, [embd], F32T),
      t(`${blk}.attn_q.weight`, [embd, heads * (nope + rope)]),
      t(`${blk}.attn_kv_a_mqa.weight`, [embd, rank + rope]),
      t(`${blk}.attn_kv_a_norm.weight`, [rank], F32T),
      ...(mla
        ? [t(`${blk}.attn_k_b.weight`, [nope, rank, heads]), t(`${blk}.attn_v_b.weight`, [rank, valueHead, heads])]
        : [t(`${blk}.attn_kv_b.weight`, [rank, heads * (nope + valueHead)])]),
      t(`${blk}.attn_output.weight`, [heads * valueHead, embd]),
      ...(index === 0
        ? denseFfn(index, embd, ff)
        : [
            ...expertFfn(index, embd, expertFf, experts),
            t(`${blk}.ffn_gate_shexp.weight`, [embd, expertFf * 2]),
            t(`${blk}.ffn_up_shexp.weight`, [embd, expertFf * 2]),
            t(`${blk}.ffn_down_shexp.weight`, [expertFf * 2, embd]),
          ]),
    ];
  };
  // The current layout caches one latent "head" per token; the older one every head.
  const shape: Shape = { embd, layers, heads, kvHeads: mla ? 1 : heads, head: keyLength, ff, vocab };
  const metadata = header("deepseek2", shape, 163_840, [
    ["deepseek2.attention.kv_lora_rank", u32(rank)],
    ["deepseek2.attention.q_lora_rank", u32(0)],
    ["deepseek2.leading_dense_block_count", u32(1)],
    ["deepseek2.expert_count", u32(experts)],
    ["deepseek2.expert_used_count", u32(4)],
    ["deepseek2.expert_shared_count", u32(2)],
    ["deepseek2.expert_feed_forward_length", u32(expertFf)],
    ["deepseek2.expert_weights_scale", f32(1)],
    ...(mla
      ? ([
          ["deepseek2.attention.key_length_mla", u32(nope + rope)],
          ["deepseek2.attention.value_length_mla", u32(valueHead)],
        ] as [string, Value][])
      : []),
  ]).map(([key, value]): [string, Value] => {
    if (key === "deepseek2.attention.value_length") return [key, u32(valueLength)];
    if (key === "deepseek2.rope.dimension_count") return [key, u32(rope)];
    return [key, value];
  });
  return {
    label: mla ? "DeepSeek2 (MLA keys, compressed cache)" : "DeepSeek2 (older layout, full cache)",
    architecture: "deepseek2",
    trained: 163_840,
    spec: { metadata, tensors: [...outer({ ...shape, head: 0 }), ...range(layers).flatMap(layer)] },
  };
}

/** A Mamba block's sizes: its width, inner size, state size, convolution kernel and time-step rank. */
export interface MambaShape {
  embd: number;
  layers: number;
  inner: number;
  state: number;
  kernel: number;
  dtRank: number;
}

/** The `mamba.*` keys of a Mamba header. */
export function mambaMetadata({ embd, layers, inner, state, kernel, dtRank }: MambaShape): [string, Value][] {
  return [
    ["mamba.context_length", u32(1_048_576)],
    ["mamba.embedding_length", u32(embd)],
    ["mamba.block_count", u32(layers)],
    ["mamba.feed_forward_length", u32(0)],
    ["mamba.attention.head_count", u32(0)],
    ["mamba.ssm.conv_kernel", u32(kernel)],
    ["mamba.ssm.inner_size", u32(inner)],
    ["mamba.ssm.state_size", u32(state)],
    ["mamba.ssm.time_step_rank", u32(dtRank)],
    ["mamba.attention.layer_norm_rms_epsilon", f32(1e-5)],
  ];
}

/** One Mamba layer's tensors; `biases`: the convolution's and the time step's, `norms`: Jamba's norms on the time step and B, C. */
export function mambaLayer(index: number, { embd, inner, state, kernel, dtRank }: MambaShape, options: { biases: boolean; norms: boolean }): TensorInfo[] {
  const blk = `blk.${index}`;
  return [
    t(`${blk}.attn_norm.weight`, [embd], F32T),
    t(`${blk}.ssm_in.weight`, [embd, 2 * inner]),
    t(`${blk}.ssm_conv1d.weight`, [kernel, inner], F32T),
    ...(options.biases ? [t(`${blk}.ssm_conv1d.bias`, [inner], F32T)] : []),
    t(`${blk}.ssm_x.weight`, [inner, dtRank + 2 * state]),
    t(`${blk}.ssm_dt.weight`, [dtRank, inner]),
    ...(options.biases ? [t(`${blk}.ssm_dt.bias`, [inner], F32T)] : []),
    t(`${blk}.ssm_a`, [state, inner], F32T),
    t(`${blk}.ssm_d`, [inner], F32T),
    t(`${blk}.ssm_out.weight`, [inner, embd]),
    ...(options.norms
      ? [t(`${blk}.ssm_dt_norm.weight`, [dtRank], F32T), t(`${blk}.ssm_b_norm.weight`, [state], F32T), t(`${blk}.ssm_c_norm.weight`, [state], F32T)]
      : []),
  ];
}

/** Mamba: a fixed recurrent state per layer, nothing that grows with the context. */
export function mambaModel(): ArchModel {
  const vocab = 16_000;
  const mamba: MambaShape = { embd: 768, layers: 24, inner: 1536, state: 16, kernel: 4, dtRank: 64 };
  return {
    label: "Mamba (recurrent)",
    architecture: "mamba",
    trained: 1_048_576,
    spec: {
      metadata: [
        ["general.architecture", str("mamba")],
        ["general.name", str("mamba test")],
        ["general.file_type", u32(7)],
        ...vocabulary(vocab),
        ...mambaMetadata(mamba),
      ],
      tensors: [
        t("token_embd.weight", [mamba.embd, vocab]),
        t("output_norm.weight", [mamba.embd], F32T),
        ...range(mamba.layers).flatMap((layer) => mambaLayer(layer, mamba, { biases: true, norms: false })),
      ],
    },
  };
}

/** Jamba: Mamba layers (no key-value heads) with one attention layer in four, experts on every other layer. */
export function jambaModel(): ArchModel {
  const [embd, layers, heads, head, inner, state, kernel, dtRank, ff, experts, vocab] = [1024, 32, 16, 64, 2048, 16, 4, 64, 2816, 8, 24_000];
  const kvHeads = range(layers).map((layer) => (layer % 4 === 2 ? 4 : 0));
  const shape: Shape = { embd, layers, heads, kvHeads, head, ff, vocab };
  const layer = (index: number): TensorInfo[] => {
    const mixer =
      kvHeads[index] === 0
        ? mambaLayer(index, { embd, layers, inner, state, kernel, dtRank }, { biases: true, norms: true })
        : attention(index, shape, kvHeads[index]!);
    const ffn = index % 2 === 1 ? expertFfn(index, embd, ff, experts) : denseFfn(index, embd, ff);
    return [...mixer, ...ffn];
  };
  const extra: [string, Value][] = [
    ["jamba.ssm.conv_kernel", u32(kernel)],
    ["jamba.ssm.inner_size", u32(inner)],
    ["jamba.ssm.state_size", u32(state)],
    ["jamba.ssm.time_step_rank", u32(dtRank)],
    ["jamba.expert_count", u32(experts)],
    ["jamba.expert_used_count", u32(2)],
  ];
  return archModel("Jamba (hybrid)", "jamba", shape, 262_144, extra, layer);
}

/** gpt-oss: sliding-window layers (128 tokens) alternating with global ones, attention sinks, biased experts. */
export function gptOssModel(): ArchModel {
  const shape: Shape = { embd: 768, layers: 24, heads: 16, kvHeads: 2, head: 64, ff: 768, vocab: 32_000 };
  const experts = 16;
  const layer = (index: number): TensorInfo[] => {
    const blk = `blk.${index}`;
    const { embd, heads, ff } = shape;
    return [
      ...attention(index, shape, 2, { bias: true }),
      t(`${blk}.attn_output.bias`, [embd], F32T),
      t(`${blk}.attn_sinks.weight`, [heads], F32T),
      t(`${blk}.post_attention_norm.weight`, [embd], F32T),
      t(`${blk}.ffn_gate_inp.weight`, [embd, experts], F32T),
      t(`${blk}.ffn_gate_inp.bias`, [experts], F32T),
      t(`${blk}.ffn_gate_exps.weight`, [embd, ff, experts]),
      t(`${blk}.ffn_gate_exps.bias`, [ff, experts], F32T),
      t(`${blk}.ffn_up_exps.weight`, [embd, ff, experts]),
      t(`${blk}.ffn_up_exps.bias`, [ff, experts], F32T),
      t(`${blk}.ffn_down_exps.weight`, [ff, embd, experts]),
      t(`${blk}.ffn_down_exps.bias`, [embd, experts], F32T),
    ];
  };
  const extra: [string, Value][] = [
    ["gpt-oss.attention.sliding_window", u32(128)],
    ["gpt-oss.expert_count", u32(experts)],
    ["gpt-oss.expert_used_count", u32(4)],
    ["gpt-oss.expert_feed_forward_length", u32(shape.ff)],
    ["gpt-oss.rope.freq_base", f32(150_000)],
  ];
  return archModel("gpt-oss (sliding window, MoE)", "gpt-oss", shape, 131_072, extra, layer);
}

/** Every architecture the estimate has a rule for, as llama.cpp loads it. */
export const ARCH_MODELS: readonly (() => ArchModel)[] = [
  llamaModel,
  qwen2Model,
  qwen3Model,
  qwen3moeModel,
  gemma2Model,
  gemma3Model,
  () => deepseek2Model(true),
  () => deepseek2Model(false),
  mambaModel,
  jambaModel,
  gptOssModel,
];
