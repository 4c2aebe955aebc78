import type { Subject } from "../../outcome/hub-problems.js";
import { Failure } from "../../outcome/problems.js";
import type { TransportFailure } from "./request.js";

/** What a failure needs to know about the request. */
export interface RequestContext {
  host: string;
  subject: Subject;
  /** The model's page (or the hub's), for "request access" hints. */
  page: string;
  hasToken: boolean;
}

/** Connection drops that a second try often gets past; a refused connection or an unknown host does not change in a second. */
const TRANSIENT_CODES = new Set(["ECONNRESET", "EPIPE", "EAI_AGAIN", "UND_ERR_SOCKET"]);

export function isTransient(failure: TransportFailure): boolean {
  return failure.kind === "network" && failure.code !== undefined && TRANSIENT_CODES.has(failure.code);
}

export function transportError(
  failure: TransportFailure,
  context: RequestContext,
  limits: { headersTimeoutMs: number; bodyTimeoutMs: number; maxBodyBytes: number },
): Failure {
  const { host, subject } = context;
  switch (failure.kind) {
    case "headers-timeout":
      return new Failure({ kind: "hub-timeout", host, subject, phase: "headers", ms: limits.headersTimeoutMs });
    case "body-timeout":
      return new Failure({ kind: "hub-timeout", host, subject, phase: "body", ms: limits.bodyTimeoutMs });
    case "too-large":
      return new Failure({ kind: "hub-answer-too-large", host, subject, limitBytes: limits.maxBodyBytes });
    case "network":
      return new Failure({
        kind: "hub-unreachable",
        host,
        ...(failure.code === undefined ? { detail: cleanRemoteText(failure.message, 120) } : { code: failure.code }),
      });
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

/** The failure for a final, non-2xx status (retries, if any, are over). */
export function statusError(status: number, body: string, context: RequestContext, attempts: number): Failure {
  const says = hubMessage(body);
  return new Failure({
    kind: "hub-status",
    host: context.host,
    subject: context.subject,
    status,
    attempts,
    hasToken: context.hasToken,
    page: context.page,
    ...(says === undefined ? {} : { says }),
  });
}

/** The server asked for a longer pause than hubref is willing to wait. */
export function retryAfterTooLongError(status: number, waitMs: number, context: RequestContext): Failure {
  return new Failure({ kind: "hub-retry-after-too-long", host: context.host, status, waitMs });
}
