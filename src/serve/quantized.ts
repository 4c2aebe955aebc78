import type { Hub } from "../model/hub/hub.js";
import { hubGet, requestContext } from "../model/hub/hub-get.js";
import { modelFromHub } from "../model/resolve.js";
import { isFailure } from "../outcome/problems.js";
import type { SafetensorsFacts } from "../safetensors/facts.js";

/*
 * A quantized repository of the same model, for the way forward of a plan
 * that does not fit: the hub's list of repositories whose model card names
 * the model as the base they quantize (one request, bounded), the most
 * downloaded first; of the first few, the first whose headers hold FP8,
 * packed int4 (AWQ, GPTQ) or 4-bit floats and whose plan fits. A list or a
 * repository that cannot be read is passed over: the hint then names none.
 */

/** Repositories the list is asked for, and how many of them are read and planned at most. */
const LISTED = 10;
const TRIED = 3;

/** A hub id as the list gives it; anything else is not asked for. */
const HUB_ID = /^[\w.-]{1,96}\/[\w.-]{1,96}$/;

/** The dtypes a quantized checkpoint stores its weights in: FP8, packed integers (AWQ, GPTQ, compressed-tensors), 4-bit floats. */
const QUANTIZED_DTYPES = new Set(["F8_E4M3", "F8_E5M2", "I32", "U8", "I8", "F4"]);

/** Whether the checkpoint's weights are quantized: its config says so, or its large tensors are stored in a quantized dtype. */
export function isQuantized(facts: Pick<SafetensorsFacts, "config" | "weights">): boolean {
  const config = facts.config as { quantization_config?: unknown; text_config?: { quantization_config?: unknown } } | null;
  if (typeof config?.quantization_config === "object" && config.quantization_config !== null) return true;
  const total = facts.weights.totalBytes;
  const quantized = facts.weights.groups.filter((group) => QUANTIZED_DTYPES.has(group.dtype)).reduce((sum, group) => sum + group.bytes * group.count, 0);
  return total > 0 && quantized / total > 0.5;
}

/** The ids the hub lists as quantizations of `id` with safetensors weights, most downloaded first; none when the list cannot be read. */
async function listed(id: string, hub: Hub): Promise<string[]> {
  const query = new URLSearchParams();
  query.append("filter", `base_model:quantized:${id}`);
  query.append("filter", "safetensors");
  query.append("sort", "downloads");
  query.append("limit", String(LISTED));
  const url = `${hub.endpoint}/api/models?${query}`;
  let body: string;
  try {
    body = (await hubGet(url, requestContext({ kind: "search", query: `quantizations of ${id}` }, hub), hub)).body;
  } catch (error) {
    if (isFailure(error)) return [];
    throw error;
  }
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  return value
    .map((entry) => (typeof entry === "object" && entry !== null ? (entry as { id?: unknown }).id : undefined))
    .filter((entry): entry is string => typeof entry === "string" && HUB_ID.test(entry) && entry !== id)
    .slice(0, LISTED);
}

/**
 * The first quantized repository of `id` the hub lists whose plan `fits` says fits, or undefined.
 * `facts` reads a repository's facts (through the one cache); `fits` plans them.
 */
export async function quantizedAlternative(
  id: string,
  hub: Hub,
  facts: (model: Awaited<ReturnType<typeof modelFromHub>>) => Promise<SafetensorsFacts>,
  fits: (facts: SafetensorsFacts, id: string) => boolean,
): Promise<string | undefined> {
  if (hub.cache.policy.offline) return undefined;
  for (const candidate of (await listed(id, hub)).slice(0, TRIED)) {
    try {
      const read = await facts(await modelFromHub(candidate, hub));
      if (isQuantized(read) && fits(read, candidate)) return candidate;
    } catch (error) {
      if (isFailure(error)) continue;
      throw error;
    }
  }
  return undefined;
}
