import { formatBytes } from "../../util/bytes.js";

/** One GET with a deadline for the headers and another for the body. */

export interface RequestLimits {
  /** From sending the request until the status and headers arrive (connecting included). */
  headersTimeoutMs: number;
  /** From the headers until the last byte of the body. */
  bodyTimeoutMs: number;
  /** A body larger than this is refused: model metadata is small, an endless stream is not. */
  maxBodyBytes: number;
  /** The fetch to send with; the global one when absent (a library caller may bring its own). */
  fetch?: typeof globalThis.fetch;
}

export interface HubResponse {
  status: number;
  headers: Headers;
  body: string;
}

type TransportFailureKind = "headers-timeout" | "body-timeout" | "network" | "too-large";

/** The request got no complete answer. `code` is the system error code when there is one (ECONNREFUSED...). */
export class TransportFailure extends Error {
  constructor(
    readonly kind: TransportFailureKind,
    readonly code?: string,
    detail?: string,
  ) {
    super(detail ?? code ?? kind);
    this.name = "TransportFailure";
  }
}

/** undici hides the system error one or two `cause`s down. */
function systemErrorCode(error: unknown): string | undefined {
  for (let current = error, depth = 0; current && depth < 4; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string") return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

function networkFailure(error: unknown): TransportFailure {
  const cause = (error as { cause?: unknown }).cause;
  const detail = cause instanceof Error ? cause.message : error instanceof Error ? error.message : String(error);
  return new TransportFailure("network", systemErrorCode(error), detail);
}

async function readBoundedBytes(response: Response, maxBytes: number, truncate: boolean): Promise<Buffer> {
  if (!response.body) return Buffer.alloc(0);
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (total + value.byteLength > maxBytes) {
      await reader.cancel().catch(() => undefined);
      if (!truncate) throw new TransportFailure("too-large", undefined, `over ${formatBytes(maxBytes)}`);
      chunks.push(value.subarray(0, maxBytes - total));
      break;
    }
    total += value.byteLength;
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

async function readBounded(response: Response, maxBytes: number, truncate: boolean): Promise<string> {
  return (await readBoundedBytes(response, maxBytes, truncate)).toString("utf8");
}

/** Error bodies are only read for their message. */
const MAX_ERROR_BODY_BYTES = 16_000;

/** A 2xx body as bytes; `body` holds an error answer's text. */
export interface HubBytesResponse extends HubResponse {
  bytes: Buffer;
}

/** GETs `url`; resolves with any HTTP status, rejects with a TransportFailure. */
export async function getWithDeadlines(url: string, headers: Record<string, string>, limits: RequestLimits): Promise<HubResponse> {
  const response = await getBytesWithDeadlines(url, headers, limits, false);
  return { status: response.status, headers: response.headers, body: response.ok ? response.bytes.toString("utf8") : response.body };
}

/**
 * GETs `url` for bytes. With `truncate`, a 2xx body longer than
 * `limits.maxBodyBytes` is cut there (a server that ignored a Range header
 * sends the whole file); without, it is a TransportFailure.
 */
export async function getBytesWithDeadlines(
  url: string,
  headers: Record<string, string>,
  limits: RequestLimits,
  truncate: boolean,
): Promise<HubBytesResponse & { ok: boolean }> {
  const controller = new AbortController();
  let timedOut: TransportFailureKind | undefined;
  const arm = (kind: TransportFailureKind, ms: number) =>
    setTimeout(() => {
      timedOut = kind;
      controller.abort();
    }, ms);
  let timer = arm("headers-timeout", limits.headersTimeoutMs);
  try {
    let response: Response;
    try {
      response = await (limits.fetch ?? fetch)(url, { headers, signal: controller.signal, redirect: "follow" });
    } catch (error) {
      throw timedOut ? new TransportFailure(timedOut) : networkFailure(error);
    }
    clearTimeout(timer);
    timer = arm("body-timeout", limits.bodyTimeoutMs);
    try {
      if (response.ok) {
        const bytes = await readBoundedBytes(response, limits.maxBodyBytes, truncate);
        return { ok: true, status: response.status, headers: response.headers, body: "", bytes };
      }
      const body = await readBounded(response, MAX_ERROR_BODY_BYTES, true);
      return { ok: false, status: response.status, headers: response.headers, body, bytes: Buffer.alloc(0) };
    } catch (error) {
      if (error instanceof TransportFailure) throw error;
      throw timedOut ? new TransportFailure(timedOut) : networkFailure(error);
    }
  } finally {
    clearTimeout(timer);
  }
}
