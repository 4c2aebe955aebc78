import { ModelDataSchema, type ModelData } from "../schema.js";
import type { CacheKind } from "./store.js";

/** A model's metadata as the cache keeps it: checked with the same schema as the hub's answer when read back. */
export const MODEL_ENTRY: CacheKind<ModelData> = {
  folder: "models",
  // 2: entries hold the file list (siblings) and are kept in the store's envelope.
  version: 2,
  parse(value) {
    const parsed = ModelDataSchema.safeParse(value);
    return parsed.success ? parsed.data : undefined;
  },
};
