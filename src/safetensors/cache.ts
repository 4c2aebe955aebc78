import { z } from "zod";
import { schemaEntry } from "../model/hub/model-entry.js";
import { DTYPE_BITS, type SafetensorsDtype } from "./header.js";
import type { SafetensorsFacts } from "./facts.js";

/*
 * A safetensors repository's facts (its config.json as read, the tensor
 * groups of every shard header), kept in the hub's cache, one entry per
 * model, as GGUF headers are: --offline plans from it, --refresh reads the
 * hub again.
 */

const count = z.number().int().nonnegative();

const TensorGroupSchema = z.strictObject({
  pattern: z.string().max(1000),
  dtype: z.enum(Object.keys(DTYPE_BITS) as [SafetensorsDtype, ...SafetensorsDtype[]]),
  shape: z.array(count).max(8),
  count,
  bytes: count,
  layers: z.array(count).max(100_000),
});

const EntrySchema = z.strictObject({
  config: z.unknown(),
  weights: z.strictObject({ groups: z.array(TensorGroupSchema).max(1_000_000), files: count, totalBytes: count }),
});

export const SAFETENSORS_ENTRY = schemaEntry<Omit<SafetensorsFacts, "from">>("safetensors", 1, EntrySchema);
