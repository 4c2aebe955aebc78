import { z } from "zod";
import { GgufFormatError, type GgufHeader, type GgufValue } from "./header.js";

/*
 * What the memory estimate needs from a header, in one shape: this is what is
 * cached with the model's metadata, so the schema also checks a cached copy.
 */

const Count = z.number().int().nonnegative();
/** A per-model value, or one per layer. */
const PerLayer = z.union([Count, z.array(Count)]);

export const GgufFactsSchema = z.strictObject({
  architecture: z.string(),
  contextLength: Count.optional(),
  blockCount: Count.optional(),
  embeddingLength: Count.optional(),
  headCount: PerLayer.optional(),
  headCountKv: PerLayer.optional(),
  keyLength: Count.optional(),
  valueLength: Count.optional(),
  slidingWindow: Count.optional(),
  /** A period N (every N-th layer is global), or one flag per layer (true: sliding window). */
  slidingWindowPattern: z.union([Count, z.array(z.boolean())]).optional(),
  /** The per-head key and value lengths of MLA's decompressed attention; llama.cpp compresses the cache only when both are given. */
  keyLengthMla: Count.optional(),
  valueLengthMla: Count.optional(),
  feedForwardLength: PerLayer.optional(),
  kvLoraRank: Count.optional(),
  ropeDimension: Count.optional(),
  ssmConvKernel: Count.optional(),
  ssmInnerSize: Count.optional(),
  ssmStateSize: Count.optional(),
  ssmGroupCount: Count.optional(),
  wkvHeadSize: Count.optional(),
  tokenShiftCount: Count.optional(),
  expertCount: Count.optional(),
  expertUsedCount: Count.optional(),
  expertFeedForwardLength: Count.optional(),
  expertSharedCount: Count.optional(),
  vocabSize: Count.optional(),
  splitCount: Count.optional(),
  tensorCount: Count,
  layerTensorBytes: z.array(z.number().nonnegative()),
  /** Of each layer's bytes, its expert tensors'. */
  layerExpertBytes: z.array(z.number().nonnegative()),
  otherTensorBytes: z.number().nonnegative(),
  /** Of the other bytes, the token embedding's. */
  tokenEmbeddingBytes: z.number().nonnegative(),
  /** Where the tensor data ends after the header: with headerBytes, the size the file should have. */
  tensorDataEnd: z.number().nonnegative(),
  /** Bytes read to get the header. */
  headerBytes: Count,
});
export type GgufFacts = z.infer<typeof GgufFactsSchema>;

function count(value: GgufValue | undefined): number | undefined {
  return typeof value === "number" && Number.isSafeInteger(value) && value >= 0 ? value : undefined;
}

function perLayer(value: GgufValue | undefined): number | number[] | undefined {
  if (Array.isArray(value)) return value.every((item) => typeof item === "number" && Number.isSafeInteger(item) && item >= 0) ? (value as number[]) : undefined;
  return count(value);
}

/** A vision projector's header (`general.architecture` clip, or a `general.type` other than model): never a quant to run. */
function isProjectorHeader(metadata: GgufHeader["metadata"]): boolean {
  const type = metadata.get("general.type");
  return metadata.get("general.architecture") === "clip" || (typeof type === "string" && type !== "model");
}

export function factsOfHeader(header: GgufHeader): GgufFacts {
  const { metadata } = header;
  const architecture = metadata.get("general.architecture");
  if (typeof architecture !== "string") throw new GgufFormatError("the header has no general.architecture");
  if (isProjectorHeader(metadata)) throw new GgufFormatError("the file is a vision projector (by its header), not a model to estimate");
  const key = (name: string) => metadata.get(`${architecture}.${name}`);
  const tokens = metadata.get("tokenizer.ggml.tokens");
  const pattern = key("attention.sliding_window_pattern");
  const facts: GgufFacts = {
    architecture,
    tensorCount: header.tensorCount,
    layerTensorBytes: header.layerTensorBytes,
    layerExpertBytes: header.layerExpertBytes,
    otherTensorBytes: header.otherTensorBytes,
    tokenEmbeddingBytes: header.tokenEmbeddingBytes,
    tensorDataEnd: header.tensorDataEnd,
    headerBytes: header.headerBytes,
  };
  const optional: [keyof GgufFacts, number | number[] | boolean[] | undefined][] = [
    ["contextLength", count(key("context_length"))],
    ["blockCount", count(key("block_count"))],
    ["embeddingLength", count(key("embedding_length"))],
    ["headCount", perLayer(key("attention.head_count"))],
    ["headCountKv", perLayer(key("attention.head_count_kv"))],
    ["keyLength", count(key("attention.key_length"))],
    ["valueLength", count(key("attention.value_length"))],
    ["keyLengthMla", count(key("attention.key_length_mla"))],
    ["valueLengthMla", count(key("attention.value_length_mla"))],
    ["feedForwardLength", perLayer(key("feed_forward_length"))],
    ["slidingWindow", count(key("attention.sliding_window"))],
    ["slidingWindowPattern", Array.isArray(pattern) && pattern.every((item) => typeof item === "boolean") ? (pattern as boolean[]) : count(pattern)],
    ["kvLoraRank", count(key("attention.kv_lora_rank"))],
    ["ropeDimension", count(key("rope.dimension_count"))],
    ["ssmConvKernel", count(key("ssm.conv_kernel"))],
    ["ssmInnerSize", count(key("ssm.inner_size"))],
    ["ssmStateSize", count(key("ssm.state_size"))],
    ["ssmGroupCount", count(key("ssm.group_count"))],
    ["wkvHeadSize", count(key("wkv.head_size"))],
    ["tokenShiftCount", count(key("token_shift_count"))],
    ["expertCount", count(key("expert_count"))],
    ["expertUsedCount", count(key("expert_used_count"))],
    ["expertFeedForwardLength", count(key("expert_feed_forward_length"))],
    ["expertSharedCount", count(key("expert_shared_count"))],
    ["vocabSize", count(key("vocab_size")) ?? (typeof tokens === "object" && !Array.isArray(tokens) ? tokens.length : undefined)],
    ["splitCount", count(metadata.get("split.count"))],
  ];
  for (const [name, value] of optional) if (value !== undefined) (facts as Record<string, unknown>)[name] = value;
  return facts;
}
