import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

/*
 * A loopback server that stands in for every inference host. The test
 * preludes rewrite `https://<host>/<path>` to `http://127.0.0.1:<port>/<host>/<path>`
 * and tag each request with the case that sent it (X-Test-Case).
 */

export const CASE_HEADER = "x-test-case";

export interface ReceivedRequest {
  caseId: string;
  method: string;
  /** The original https URL, as the snippet wrote it. */
  url: string;
  host: string;
  path: string;
  query: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export interface Reply {
  status?: number;
  contentType?: string;
  body: string | Buffer | object;
}

export type Responder = (request: ReceivedRequest) => Reply;

export interface InferenceServer {
  port: number;
  origin: string;
  received: ReceivedRequest[];
  /** Requests a case sent, in order. */
  requestsOf(caseId: string): ReceivedRequest[];
  /** How to answer a case's requests; unregistered cases get `{}`. */
  respond(caseId: string, responder: Responder): void;
  close(): Promise<void>;
}

export async function startInferenceServer(): Promise<InferenceServer> {
  const received: ReceivedRequest[] = [];
  const responders = new Map<string, Responder>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const raw = req.url ?? "/";
      const queryAt = raw.indexOf("?");
      const pathPart = queryAt < 0 ? raw : raw.slice(0, queryAt);
      const query = queryAt < 0 ? "" : raw.slice(queryAt + 1);
      const slash = pathPart.indexOf("/", 1);
      const host = slash < 0 ? pathPart.slice(1) : pathPart.slice(1, slash);
      const path = slash < 0 ? "/" : pathPart.slice(slash);
      const caseId = String(req.headers[CASE_HEADER] ?? "");
      const request: ReceivedRequest = {
        caseId,
        method: req.method ?? "",
        url: `https://${host}${path}${query ? `?${query}` : ""}`,
        host,
        path,
        query,
        headers: req.headers,
        body: Buffer.concat(chunks),
      };
      received.push(request);
      let reply: Reply;
      try {
        reply = (responders.get(caseId) ?? (() => ({ body: {} })))(request);
      } catch (error) {
        reply = { status: 500, body: { error: String(error) } };
      }
      const isBytes = Buffer.isBuffer(reply.body);
      const body = isBytes || typeof reply.body === "string" ? reply.body : JSON.stringify(reply.body);
      res.writeHead(reply.status ?? 200, { "content-type": reply.contentType ?? (isBytes ? "application/octet-stream" : "application/json") });
      res.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    origin: `http://127.0.0.1:${port}`,
    received,
    requestsOf: (caseId) => received.filter((request) => request.caseId === caseId),
    respond: (caseId, responder) => void responders.set(caseId, responder),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
