import type { JsonFault } from "../outcome/serve-problems.js";
import { isRecord } from "./json.js";

/*
 * Which files hold a repository's weights: `model.safetensors.index.json`
 * (its weight_map names the shard of every tensor) when the checkpoint is
 * sharded, else `model.safetensors`. A shard name from the index is a path
 * in the repository: relative, without `..`, ending in `.safetensors`.
 */

export const INDEX_FILE = "model.safetensors.index.json";

/** More shards than any published checkpoint has (DeepSeek-V3 has 163). */
const MAX_SHARDS = 5000;

export class IndexFaultError extends Error {
  constructor(readonly fault: JsonFault) {
    super(fault.found);
    this.name = "IndexFaultError";
  }
}

export function isShardName(name: string): boolean {
  return (
    name.length > 0 &&
    name.length <= 500 &&
    name.endsWith(".safetensors") &&
    !name.startsWith("/") &&
    !name.split("/").some((part) => part === ".." || part === "." || part === "") &&
    !/[\u0000-\u001f\u007f\\]/.test(name)
  );
}

/** The shard files an index names, in order of first mention. */
export function shardsOfIndex(index: unknown): string[] {
  if (!isRecord(index)) throw new IndexFaultError({ found: "not-object" });
  const map = index.weight_map;
  if (!isRecord(map)) throw new IndexFaultError({ found: map === undefined ? "missing" : "not-object", field: "weight_map" } as JsonFault);
  const shards = new Set<string>();
  for (const [tensor, file] of Object.entries(map)) {
    if (typeof file !== "string" || !isShardName(file))
      throw new IndexFaultError({ found: "bad-name", field: `weight_map.${tensor.slice(0, 80)}`, value: String(file).slice(0, 80) });
    shards.add(file);
    if (shards.size > MAX_SHARDS) throw new IndexFaultError({ found: "too-many", field: "weight_map", limit: MAX_SHARDS });
  }
  if (shards.size === 0) throw new IndexFaultError({ found: "missing", field: "weight_map" });
  return [...shards];
}

/**
 * Where a repository's weights are listed: its index, or (without one) its top-level `.safetensors` files, as
 * vLLM loads them. `consolidated.safetensors` (Mistral's own format) counts only when it is the only one.
 */
export function weightFilesOf(files: readonly string[]): { kind: "index" } | { kind: "files"; files: string[] } | { kind: "none" } {
  if (files.includes(INDEX_FILE)) return { kind: "index" };
  const top = files.filter((file) => !file.includes("/") && isShardName(file));
  const plain = top.filter((file) => !file.startsWith("consolidated"));
  const chosen = plain.length > 0 ? plain : top;
  if (chosen.length === 0) return { kind: "none" };
  return { kind: "files", files: chosen.slice(0, MAX_SHARDS) };
}
