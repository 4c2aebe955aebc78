import { ModelDataSchema, type ModelData } from "../schema.js";
import type { CacheKind } from "./store.js";

/** A kind of cache entry whose value is checked by a schema when read back: what is kept is what a fresh answer would give. */
export function schemaEntry<T>(
  folder: string,
  version: number,
  schema: { safeParse(value: unknown): { success: true; data: T } | { success: false } },
): CacheKind<T> {
  return {
    folder,
    version,
    parse(value) {
      const parsed = schema.safeParse(value);
      return parsed.success ? parsed.data : undefined;
    },
  };
}

/** A model's metadata as the cache keeps it. Version 2: entries hold the file list (siblings), in the store's envelope. */
export const MODEL_ENTRY: CacheKind<ModelData> = schemaEntry("models", 2, ModelDataSchema);
