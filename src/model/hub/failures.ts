import { operationalError, type HubrefError } from "../../errors.js";
import { seconds } from "./retry.js";
import type { TransportFailure } from "./request.js";

/** What a failure message needs to know about the request. */
export interface RequestContext {
  id: string;
  host: string;
  /** The model page, for "request access" hints. */
  modelPage: string;
  hasToken: boolean;
  /** A search of the model list, not one model: `id` then names what was searched, for messages. */
  search?: boolean;
}

/** What the request was for, as messages name it. */
function subject(context: RequestContext): string {
  return context.search ? `the model search ${context.id}` : `'${context.id}'`;
}

const TOKENS_PAGE = "https://huggingface.co/settings/tokens";
const NETWORK_HINT = "check the network connection (and HF_ENDPOINT if it is set), or use a cached copy with --offline";

const NETWORK_REASONS: Record<string, string> = {
  ECONNREFUSED: "connection refused",
  ENOTFOUND: "host not found",
  EAI_AGAIN: "name lookup failed (DNS)",
  ECONNRESET: "connection reset",
  EPIPE: "connection closed",
  ETIMEDOUT: "connection timed out",
  EHOSTUNREACH: "host unreachable",
  ENETUNREACH: "network unreachable",
  UND_ERR_CONNECT_TIMEOUT: "connection timed out",
  UND_ERR_SOCKET: "connection closed by the server",
};

/** Connection drops that a second try often gets past; a refused connection or an unknown host does not change in a second. */
const TRANSIENT_CODES = new Set(["ECONNRESET", "EPIPE", "EAI_AGAIN", "UND_ERR_SOCKET"]);

export function isTransient(failure: TransportFailure): boolean {
  return failure.kind === "network" && failure.code !== undefined && TRANSIENT_CODES.has(failure.code);
}

function networkReason(failure: TransportFailure): string {
  const code = failure.code;
  if (code && NETWORK_REASONS[code]) return NETWORK_REASONS[code];
  if (code && /CERT|SSL|TLS|SELF_SIGNED|UNABLE_TO_VERIFY/.test(code)) return `TLS certificate problem (${code})`;
  return code ?? cleanRemoteText(failure.message, 120);
}

export function transportError(failure: TransportFailure, context: RequestContext, timeouts: { headersTimeoutMs: number; bodyTimeoutMs: number }): HubrefError {
  switch (failure.kind) {
    case "headers-timeout":
      return operationalError(
        `the hub at ${context.host} did not answer within ${seconds(timeouts.headersTimeoutMs)} (fetching ${subject(context)})`,
        "the network or the hub is slow: try again, or use a cached copy with --offline",
      );
    case "body-timeout":
      return operationalError(
        `the hub at ${context.host} stopped sending ${context.search ? "the results of" : "the metadata of"} ${subject(context)} (incomplete after ${seconds(timeouts.bodyTimeoutMs)})`,
        "the network or the hub is slow: try again, or use a cached copy with --offline",
      );
    case "too-large":
      return operationalError(
        `the hub's answer for ${subject(context)} is too large for ${context.search ? "a page of results" : "model metadata"} (${failure.message})`,
        "check HF_ENDPOINT if it is set",
      );
    case "network":
      return operationalError(`cannot reach the hub at ${context.host}: ${networkReason(failure)}`, NETWORK_HINT);
  }
}

/**
 * Text from the remote side, made safe for a terminal: no control characters
 * (escape sequences could rewrite the screen), bounded length.
 */
export function cleanRemoteText(text: string, maxLength = 200): string {
  const clean = text
    .replace(/[\u0000-\u001f\u007f-\u009f]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  return clean.length > maxLength ? `${clean.slice(0, maxLength - 1)}…` : clean;
}

/** The hub's own explanation from an error body ({"error": "..."}), cleaned for the terminal. */
function hubMessage(body: string): string | undefined {
  try {
    const value = JSON.parse(body) as unknown;
    const error = typeof value === "object" && value !== null ? (value as { error?: unknown }).error : undefined;
    const text = typeof error === "string" ? cleanRemoteText(error) : "";
    return text || undefined;
  } catch {
    return undefined;
  }
}

function withHubMessage(message: string, body: string): string {
  const said = hubMessage(body);
  return said ? `${message}; the hub says: "${said}"` : message;
}

/** The error for a final, non-2xx status (retries, if any, are over). */
export function statusError(status: number, body: string, context: RequestContext, attempts: number): HubrefError {
  const { id, host } = context;
  if (context.search && (status === 401 || status === 403 || status === 404)) return searchStatusError(status, body, context);
  if (status === 401 && !context.hasToken) {
    return operationalError(
      withHubMessage(`cannot read model '${id}' (HTTP 401): it is gated or private, or does not exist`, body),
      `set HF_TOKEN to an access token that can read it (${TOKENS_PAGE})`,
    );
  }
  if (status === 401) {
    return operationalError(
      withHubMessage(`the hub refused HF_TOKEN (HTTP 401) when reading model '${id}'`, body),
      `the token may be invalid or expired: create a new one at ${TOKENS_PAGE}`,
    );
  }
  if (status === 403) {
    return operationalError(
      withHubMessage(`access to model '${id}' is restricted (HTTP 403): it is gated or private`, body),
      context.hasToken
        ? `HF_TOKEN does not grant access: request access on ${context.modelPage}, and use a token allowed to read gated repositories`
        : `request access on ${context.modelPage}, then set HF_TOKEN to an access token (${TOKENS_PAGE})`,
    );
  }
  if (status === 404) {
    return operationalError(`no model '${id}' on ${host} (HTTP 404)`, "check the model id; for a local metadata file, pass its path");
  }
  const tries = attempts > 1 ? ` after ${attempts} attempts` : "";
  if (status === 429) {
    return operationalError(
      `the hub at ${host} is rate-limiting requests (HTTP 429)${tries}`,
      context.hasToken ? "wait a minute and try again" : "wait a minute and try again; requests with HF_TOKEN set get a higher limit",
    );
  }
  if (status >= 500) {
    return operationalError(
      withHubMessage(`the hub at ${host} failed to answer for ${subject(context)} (HTTP ${status})${tries}`, body),
      "the hub may be having trouble: try again later",
    );
  }
  return operationalError(
    withHubMessage(`unexpected answer from the hub at ${host} for ${subject(context)} (HTTP ${status})`, body),
    "check HF_ENDPOINT if it is set",
  );
}

/** A search names no repository: a refusal is about the token, and a 404 about the endpoint. */
function searchStatusError(status: number, body: string, context: RequestContext): HubrefError {
  const { host } = context;
  if (status === 404) return operationalError(`the hub at ${host} has no model search (HTTP 404)`, "check HF_ENDPOINT if it is set");
  if (!context.hasToken) {
    return operationalError(
      withHubMessage(`the hub at ${host} answers the model search only with a token (HTTP ${status})`, body),
      `set HF_TOKEN to an access token (${TOKENS_PAGE})`,
    );
  }
  if (status === 401) {
    return operationalError(
      withHubMessage(`the hub at ${host} refused HF_TOKEN (HTTP 401) for the model search`, body),
      `the token may be invalid or expired: create a new one at ${TOKENS_PAGE}`,
    );
  }
  return operationalError(
    withHubMessage(`HF_TOKEN lacks access to the model search on ${host} (HTTP 403)`, body),
    `use a token with read access (${TOKENS_PAGE})`,
  );
}

/** The server asked for a longer pause than hubref is willing to wait. */
export function retryAfterTooLongError(status: number, waitMs: number, context: RequestContext): HubrefError {
  const what = status === 429 ? "is rate-limiting requests" : "is unavailable";
  return operationalError(`the hub at ${context.host} ${what} (HTTP ${status}) and asks to wait ${seconds(waitMs)}`, "try again after that");
}
