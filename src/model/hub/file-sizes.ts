import { fail } from "../../outcome/problems.js";
import type { ModelData, Sibling } from "../schema.js";
import { endpointHost, modelTreeUrl } from "./endpoint.js";
import { fetchHubText, type FetchModelOptions } from "./fetch-model.js";

/** Whether every GGUF file of the list has its size: then the tree endpoint need not be asked. */
export function hasGgufSizes(model: ModelData): boolean {
  return (model.siblings ?? []).every((sibling) => !/\.gguf$/i.test(sibling.rfilename) || sibling.size !== undefined);
}

/** Sizes by path from the tree endpoint's answer; entries of another shape are skipped. */
function parseTreeSizes(body: string, id: string, host: string): Map<string, number> {
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return fail({ kind: "hub-bad-answer", host, subject: { kind: "file-tree", id }, found: "not-json" });
  }
  if (!Array.isArray(value)) fail({ kind: "hub-bad-answer", host, subject: { kind: "file-tree", id }, found: "not-list" });
  const sizes = new Map<string, number>();
  for (const entry of value as unknown[]) {
    if (typeof entry !== "object" || entry === null) continue;
    const { type, path, size, lfs } = entry as Record<string, unknown>;
    const lfsSize = typeof lfs === "object" && lfs !== null ? (lfs as Record<string, unknown>).size : undefined;
    const bytes = typeof lfsSize === "number" ? lfsSize : size;
    if (type === "file" && typeof path === "string" && typeof bytes === "number" && Number.isFinite(bytes) && bytes >= 0) sizes.set(path, bytes);
  }
  return sizes;
}

/** The model with sizes on its siblings, from the repository tree. */
export async function withFileSizes(model: ModelData, options: FetchModelOptions): Promise<ModelData> {
  const body = await fetchHubText(modelTreeUrl(options.endpoint, model.id), { kind: "file-tree", id: model.id }, options);
  const sizes = parseTreeSizes(body, model.id, endpointHost(options.endpoint));
  const siblings: Sibling[] = (model.siblings ?? [...sizes.keys()].map((rfilename) => ({ rfilename }))).map((sibling) => {
    const size = sizes.get(sibling.rfilename);
    return size === undefined ? sibling : { ...sibling, size };
  });
  return { ...model, siblings };
}
