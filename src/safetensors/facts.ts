import type { TransferCount } from "../gguf/remote.js";
import { DTYPE_BITS, type SafetensorsDtype, type TensorEntry } from "./header.js";

/*
 * What a plan needs of a repository's weights, kept small enough to cache:
 * tensors grouped by name pattern (layer and expert numbers taken out),
 * dtype and shape. DeepSeek-V3's 91,000 tensors are a few dozen groups; each
 * group keeps the layers it appears in, since pipeline parallelism splits
 * the model by layer.
 */

export interface TensorGroup {
  /** The name with `.{L}.` for the layer number and `.{E}.` for the expert number. */
  pattern: string;
  dtype: SafetensorsDtype;
  shape: number[];
  /** Tensors in the group. */
  count: number;
  /** Bytes of one tensor in the checkpoint. */
  bytes: number;
  /** The layer numbers it appears in (empty for tensors outside the layers). */
  layers: number[];
}

export interface WeightFacts {
  groups: TensorGroup[];
  /** Shard files read. */
  files: number;
  /** Tensor bytes of the whole checkpoint. */
  totalBytes: number;
}

const LAYER = /\.(layers|h|blocks|block|decoder_layers)\.(\d+)\./;
const EXPERT = /\.experts\.(\d+)\./;

export function patternOf(name: string): { pattern: string; layer?: number } {
  const layer = LAYER.exec(name);
  let pattern = layer ? name.replace(LAYER, `.${layer[1]}.{L}.`) : name;
  pattern = pattern.replace(EXPERT, ".experts.{E}.");
  return layer ? { pattern, layer: Number(layer[2]) } : { pattern };
}

/** The groups of every shard's tensors together. */
export function groupTensors(tensors: Iterable<TensorEntry>): TensorGroup[] {
  const groups = new Map<string, TensorGroup & { layerSet: Set<number> }>();
  for (const tensor of tensors) {
    const { pattern, layer } = patternOf(tensor.name);
    const key = `${pattern}|${tensor.dtype}|${tensor.shape.join("x")}`;
    let group = groups.get(key);
    if (!group) {
      group = { pattern, dtype: tensor.dtype, shape: tensor.shape, count: 0, bytes: tensor.bytes, layers: [], layerSet: new Set() };
      groups.set(key, group);
    }
    group.count++;
    if (layer !== undefined) group.layerSet.add(layer);
  }
  return [...groups.values()]
    .map(({ layerSet, ...group }) => ({ ...group, layers: [...layerSet].sort((a, b) => a - b) }))
    .sort((a, b) => a.pattern.localeCompare(b.pattern));
}

export function weightFacts(groups: TensorGroup[], files: number): WeightFacts {
  return { groups, files, totalBytes: groups.reduce((sum, group) => sum + group.bytes * group.count, 0) };
}

/** Bytes of `elements` elements of `dtype`. */
export function dtypeBytes(dtype: SafetensorsDtype, elements: number): number {
  return Math.ceil((elements * DTYPE_BITS[dtype]) / 8);
}

/** A repository's facts: its config.json as parsed JSON (parseModelConfig reads it) and its weights. */
export interface SafetensorsFacts {
  config: unknown;
  weights: WeightFacts;
  from: "cache" | "hub";
  transfer?: TransferCount;
}
