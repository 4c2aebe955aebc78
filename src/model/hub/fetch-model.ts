import { operationalError } from "../../errors.js";
import { formatJsonPath } from "../../util/validate.js";
import { ModelDataSchema, type ModelData } from "../schema.js";
import { withoutNulls } from "../not-set.js";
import { endpointHost, modelApiUrl } from "./endpoint.js";
import type { RequestContext } from "./failures.js";
import { hubGet, type FetchModelOptions } from "./hub-get.js";

export { DEFAULT_FETCH_SETTINGS, type FetchModelOptions, type HubFetchSettings } from "./hub-get.js";

/** Parses and checks a 2xx body. A bad remote answer is the hub's fault, not the user's: exit 1. */
function parseHubModel(body: string, context: RequestContext): ModelData {
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    throw operationalError(
      `the hub's answer for '${context.id}' is not valid JSON`,
      "if HF_ENDPOINT points at a proxy or a mirror, check it; otherwise try again later",
    );
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw operationalError(`the hub's answer for '${context.id}' is not a JSON object`, "check HF_ENDPOINT if it is set");
  }
  const result = ModelDataSchema.safeParse(withoutNulls(value));
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  throw operationalError(
    `the hub's metadata for '${context.id}' does not have the expected shape: field '${formatJsonPath(issue.path)}': ${issue.message}`,
    "a newer hubref may read it; meanwhile, save the metadata to a file, fix that field and pass the file's path",
  );
}

/**
 * GETs a hub API URL about model `id` (retries and failure messages as
 * hubGet gives them) and resolves to the 2xx body.
 */
export async function fetchHubText(url: string, id: string, options: FetchModelOptions): Promise<string> {
  const context: RequestContext = { id, host: endpointHost(options.endpoint), modelPage: `${options.endpoint}/${id}`, hasToken: options.token !== undefined };
  return (await hubGet(url, context, options)).body;
}

/** Fetches a model's metadata from the hub API. */
export async function fetchModel(id: string, options: FetchModelOptions): Promise<ModelData> {
  const body = await fetchHubText(modelApiUrl(options.endpoint, id), id, options);
  return parseHubModel(body, { id, host: endpointHost(options.endpoint), modelPage: `${options.endpoint}/${id}`, hasToken: options.token !== undefined });
}
