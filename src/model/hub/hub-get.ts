import type { Subject } from "../../outcome/hub-problems.js";
import { isTransient, retryAfterTooLongError, statusError, transportError, type RequestContext } from "./failures.js";
import { getWithDeadlines, TransportFailure, type HubResponse, type RequestLimits } from "./request.js";
import { backoffMs, retryAfterMs, sleep } from "./retry.js";
import { endpointHost } from "./endpoint.js";

/*
 * One GET of the hub's API with retries, deadlines and the failure messages
 * every hub request shares: a model's metadata, its file tree, a search page.
 * No zod here: the search command parses its own answers and starts without it.
 */

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

export const DEFAULT_FETCH_SETTINGS: HubFetchSettings = {
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

/** What a request needs of the hub: where it is, the token, the deadlines and retries. A Hub (hub.ts) is one. */
export interface FetchModelOptions {
  /** The base URL. */
  endpoint: string;
  token?: string | undefined;
  settings?: Partial<HubFetchSettings>;
}

function isRetryableStatus(status: number): boolean {
  return status === 429 || status >= 500;
}

/**
 * Sends `get` until it has an answer that `done` accepts, retrying what may
 * pass (rate limits, server errors, dropped connections) with backoff, and
 * turning every failure into an operational error that says what to do.
 * Range reads of GGUF headers use it with their own `get` and `done`.
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

/** The settings and the headers every hub request sends (the token too: fetch drops it on a redirect to another host). */
function hubHeaders(options: FetchModelOptions, accept: string): { headers: Record<string, string>; settings: HubFetchSettings } {
  const settings: HubFetchSettings = { ...DEFAULT_FETCH_SETTINGS, ...options.settings };
  const headers: Record<string, string> = { accept, "user-agent": "hubref" };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  return { headers, settings };
}

/** The context a failure needs about a request for `subject`, with the hub's headers. */
export function hubRequest(
  subject: Subject,
  options: FetchModelOptions,
  accept: string,
): { context: RequestContext; headers: Record<string, string>; settings: HubFetchSettings } {
  return { context: requestContext(subject, options), ...hubHeaders(options, accept) };
}

/** What a failure names: the host, what was asked, the page to request access on. */
export function requestContext(subject: Subject, options: FetchModelOptions): RequestContext {
  const page = subject.kind === "model" || subject.kind === "file-tree" || subject.kind === "file" ? `${options.endpoint}/${subject.id}` : options.endpoint;
  return { host: endpointHost(options.endpoint), subject, page, hasToken: options.token !== undefined };
}

/**
 * GETs a hub API URL, retrying what may pass (rate limits, server errors,
 * dropped connections) with backoff, and turning every failure into an
 * operational error that says what to do. Resolves to the 2xx response.
 */
export async function hubGet(url: string, context: RequestContext, options: FetchModelOptions): Promise<HubResponse> {
  const { headers, settings } = hubHeaders(options, "application/json");
  return withRetries(
    () => getWithDeadlines(url, headers, settings),
    (answer) => answer.status >= 200 && answer.status < 300,
    context,
    settings,
  );
}
