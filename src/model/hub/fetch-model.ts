import { fail } from "../../outcome/problems.js";
import { formatJsonPath } from "../../util/validate.js";
import { ModelDataSchema, type ModelData } from "../schema.js";
import { withoutNulls } from "../not-set.js";
import { endpointHost, modelApiUrl } from "./endpoint.js";
import type { Subject } from "../../outcome/hub-problems.js";
import { hubGet, requestContext, type FetchModelOptions } from "./hub-get.js";

export { DEFAULT_FETCH_SETTINGS, type FetchModelOptions, type HubFetchSettings } from "./hub-get.js";

/** Parses and checks a 2xx body. A bad remote answer is the hub's fault, not the user's. */
function parseHubModel(body: string, host: string, id: string): ModelData {
  const subject: Subject = { kind: "model", id };
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return fail({ kind: "hub-bad-answer", host, subject, found: "not-json" });
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) fail({ kind: "hub-bad-answer", host, subject, found: "not-object" });
  const result = ModelDataSchema.safeParse(withoutNulls(value));
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  return fail({ kind: "hub-bad-answer", host, subject, found: "bad-shape", field: formatJsonPath(issue.path), issue: issue.message });
}

/** GETs a hub API URL about `subject` (retries and failures as hubGet gives them) and resolves to the 2xx body. */
export async function fetchHubText(url: string, subject: Subject, options: FetchModelOptions): Promise<string> {
  return (await hubGet(url, requestContext(subject, options), options)).body;
}

/** Fetches a model's metadata from the hub API. */
export async function fetchModel(id: string, options: FetchModelOptions): Promise<ModelData> {
  const body = await fetchHubText(modelApiUrl(options.endpoint, id), { kind: "model", id }, options);
  return parseHubModel(body, endpointHost(options.endpoint), id);
}
