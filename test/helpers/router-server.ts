import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

/*
 * A stand-in for the router's model list (`GET /v1/models`), as the router
 * answers it: per model, each provider with its status, context length,
 * price and features. Set HUBREF_ROUTER_URL to `endpoint`.
 */

export interface RouterServer {
  endpoint: string;
  /** The requests for the list, in order. */
  requests: { path: string; headers: IncomingHttpHeaders }[];
  /** What the next requests get: a list body, or a status with a body. */
  answer(reply: { status?: number; body: unknown }): void;
  close(): Promise<void>;
}

/** A router list: `acme/chat` served by together (everything), a provider hubref does not know, and one in staging. */
export const ROUTER_LIST = {
  object: "list",
  data: [
    {
      id: "acme/chat",
      object: "model",
      owned_by: "acme",
      providers: [
        {
          provider: "together",
          status: "live",
          context_length: 131072,
          pricing: { input: 0.2, output: 0.6 },
          supports_tools: true,
          supports_structured_output: true,
        },
        {
          provider: "newcloud",
          status: "live",
          context_length: 32768,
          pricing: { input: 0.05, output: 0.1 },
          supports_tools: false,
          supports_structured_output: true,
        },
        { provider: "cerebras", status: "staging", context_length: null, pricing: null, supports_tools: null, supports_structured_output: null },
      ],
    },
    // An entry the schema does not take is left out; the others stay.
    { id: 42, providers: "none" },
    { id: "acme/other", providers: [{ provider: "groq", status: "live", supports_tools: true }] },
  ],
};

export async function startRouterServer(): Promise<RouterServer> {
  const requests: RouterServer["requests"] = [];
  let reply: { status?: number; body: unknown } = { body: ROUTER_LIST };
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? "/", "http://localhost").pathname;
    requests.push({ path, headers: req.headers });
    const found = path === "/v1/models";
    const status = found ? (reply.status ?? 200) : 404;
    const body = found ? (typeof reply.body === "string" ? reply.body : JSON.stringify(reply.body)) : "{}";
    res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(body) });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    requests,
    answer: (next) => void (reply = next),
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
