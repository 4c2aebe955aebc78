import { operationalError } from "../../errors.js";
import { formatJsonPath } from "../../util/validate.js";
import { ModelDataSchema, type ModelData } from "../schema.js";
import { endpointHost, modelApiUrl } from "./endpoint.js";
import { isTransient, retryAfterTooLongError, statusError, transportError, type RequestContext } from "./failures.js";
import { getWithDeadlines, TransportFailure, type HubResponse, type RequestLimits } from "./request.js";
import { backoffMs, retryAfterMs, sleep } from "./retry.js";

export interface HubFetchSettings extends RequestLimits {
  /** Tries after the first one, on 429, 5xx and dropped connections. */
  retries: number;
  /** The first backoff; each retry doubles it, up to backoffMaxMs. */
  backoffBaseMs: number;
  backoffMaxMs: number;
  /** The longest Retry-After honoured; asked for more, hubref gives up at once rather than hang. */
  retryAfterMaxMs: number;
  random: () => number;
  now: () => number;
  sleep: (ms: number) => Promise<void>;
}

const DEFAULT_FETCH_SETTINGS: HubFetchSettings = {
  headersTimeoutMs: 15_000,
  bodyTimeoutMs: 30_000,
  maxBodyBytes: 16_000_000,
  retries: 3,
  backoffBaseMs: 500,
  backoffMaxMs: 8_000,
  retryAfterMaxMs: 60_000,
  random: Math.random,
  now: Date.now,
  sleep,
};

export interface FetchModelOptions {
  /** The hub's base URL, from hubEndpoint(). */
  endpoint: string;
  token?: string;
  settings?: Partial<HubFetchSettings>;
}

function isRetryableStatus(status: number): boolean {
  return status === 429 || status >= 500;
}

/**
 * Null is how the hub says "not set"; dropping it lets the schema treat those
 * fields as absent instead of failing on them.
 */
function withoutNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutNulls);
  if (typeof value !== "object" || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) if (field !== null) out[key] = withoutNulls(field);
  return out;
}

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
 * Sends `get` until it has an answer that `done` accepts, retrying what may
 * pass (rate limits, server errors, dropped connections) with backoff, and
 * turning every failure into an operational error that says what to do.
 */
export async function withRetries<R extends HubResponse>(
  get: () => Promise<R>,
  done: (response: R) => boolean,
  context: RequestContext,
  settings: HubFetchSettings,
): Promise<R> {
  for (let attempt = 0; ; attempt++) {
    const canRetry = attempt < settings.retries;
    let response: R;
    try {
      response = await get();
    } catch (error) {
      if (!(error instanceof TransportFailure)) throw error;
      if (canRetry && isTransient(error)) {
        await settings.sleep(backoffMs(attempt, settings.backoffBaseMs, settings.backoffMaxMs, settings.random));
        continue;
      }
      throw transportError(error, context, settings);
    }
    if (done(response)) return response;
    if (!isRetryableStatus(response.status) || !canRetry) throw statusError(response.status, response.body, context, attempt + 1);
    const asked = retryAfterMs(response.headers.get("retry-after"), settings.now());
    if (asked !== undefined && asked > settings.retryAfterMaxMs) throw retryAfterTooLongError(response.status, asked, context);
    await settings.sleep(asked ?? backoffMs(attempt, settings.backoffBaseMs, settings.backoffMaxMs, settings.random));
  }
}

/** The context failure messages need, and the headers every hub request sends. */
export function hubRequest(
  id: string,
  options: FetchModelOptions,
  accept: string,
): { context: RequestContext; headers: Record<string, string>; settings: HubFetchSettings } {
  const settings: HubFetchSettings = { ...DEFAULT_FETCH_SETTINGS, ...options.settings };
  const context: RequestContext = { id, host: endpointHost(options.endpoint), modelPage: `${options.endpoint}/${id}`, hasToken: options.token !== undefined };
  const headers: Record<string, string> = { accept, "user-agent": "hubref" };
  // fetch drops it when a redirect leads to another host (the file storage).
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  return { context, headers, settings };
}

/** GETs a hub API URL about model `id`; resolves to the 2xx body. */
export async function fetchHubText(url: string, id: string, options: FetchModelOptions): Promise<string> {
  const { context, headers, settings } = hubRequest(id, options, "application/json");
  const response = await withRetries(
    () => getWithDeadlines(url, headers, settings),
    (answer) => answer.status >= 200 && answer.status < 300,
    context,
    settings,
  );
  return response.body;
}

/** Fetches a model's metadata from the hub API. */
export async function fetchModel(id: string, options: FetchModelOptions): Promise<ModelData> {
  const body = await fetchHubText(modelApiUrl(options.endpoint, id), id, options);
  return parseHubModel(body, { id, host: endpointHost(options.endpoint), modelPage: `${options.endpoint}/${id}`, hasToken: options.token !== undefined });
}
