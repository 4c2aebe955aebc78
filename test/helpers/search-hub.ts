import { readFileSync } from "node:fs";
import { createServer, type IncomingHttpHeaders, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/*
 * A loopback stand-in for the hub's model list, GET /api/models, over the
 * fixture of test/fixtures/search/models.json (written by
 * scripts/make-search-fixture.mjs). It filters by the query parameters the
 * hub reads, sorts, pages with `Link: <…>; rel="next"` and a cursor, and
 * answers with `_id`, `id` and only the fields named in expand[]. A queue of
 * scripted troubles (429, 5xx, bad JSON, a hang, hostile strings) is served
 * first, one per request.
 */

export interface SearchRecord {
  _id: string;
  id: string;
  author: string;
  pipeline_tag?: string;
  library_name?: string;
  tags: string[];
  downloads: number;
  likes: number;
  trendingScore: number;
  createdAt: string;
  lastModified: string;
  gated: false | string;
  numParameters: number;
  apps: string[];
  inferenceProviderMapping: unknown;
  [field: string]: unknown;
}

export const SEARCH_FIXTURE: SearchRecord[] = JSON.parse(readFileSync(new URL("../fixtures/search/models.json", import.meta.url), "utf8"));

export type Trouble =
  | { kind: "status"; status: number; retryAfter?: string; body?: unknown }
  | { kind: "malformed" }
  | { kind: "hang" }
  | { kind: "hostile" }
  /** Answer normally, but only after this long: for stale replies in the browser. */
  | { kind: "slow"; ms: number };

export interface SearchRequestSeen {
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
}

export interface SearchHub {
  endpoint: string;
  requests: SearchRequestSeen[];
  /** Troubles to serve, first in first out, before normal answers resume. */
  troubles: Trouble[];
  /** Models added to (or replacing) the fixture for this server. */
  records: SearchRecord[];
  close(): Promise<void>;
}

/** Names that try to drive the terminal, and an id far longer than any screen. */
export const HOSTILE_IDS = [
  "evil/\u001b]52;c;cm0gLXJmIH4=\u0007clipboard",
  "evil/\u001b]8;;https://evil.example\u001b\\link\u001b]8;;\u001b\\",
  "evil/\u001b[2J\u001b[Hcleared",
  "evil/name\u202egguf.exe",
  "evil/c1\u009b31mred",
  `evil/${"x".repeat(10_000)}`,
];

function hostileRecords(): SearchRecord[] {
  const base = SEARCH_FIXTURE[0]!;
  return HOSTILE_IDS.map((id, index) => ({
    ...base,
    _id: `hostile${index}`,
    id,
    author: "evil",
    pipeline_tag: "text-generation\u001b[31m",
    inferenceProviderMapping: {
      "novita\u001b]52;c;eA==\u0007": { providerId: "x", status: "live", task: "conversational" },
      together: { providerId: "\u001b[2J", status: "live", task: "conversational" },
    },
  }));
}

const SORT_FIELDS = new Set(["trendingScore", "downloads", "likes", "createdAt", "lastModified"]);

function parseCount(text: string): number {
  const match = /^(\d+(?:\.\d+)?)([KMBT])$/i.exec(text);
  if (!match) return Number.NaN;
  const scale: Record<string, number> = { K: 1e3, M: 1e6, B: 1e9, T: 1e12 };
  return Number(match[1]) * scale[match[2]!.toUpperCase()]!;
}

function liveProviders(mapping: unknown): string[] {
  if (Array.isArray(mapping)) return mapping.filter((entry) => entry.status === "live").map((entry) => entry.provider as string);
  if (typeof mapping === "object" && mapping !== null)
    return Object.entries(mapping)
      .filter(([, entry]) => (entry as { status?: string }).status === "live")
      .map(([provider]) => provider);
  return [];
}

/** The records a query selects, in the order asked for. */
export function selectRecords(records: readonly SearchRecord[], query: URLSearchParams): SearchRecord[] {
  let selected = [...records];
  const search = query.get("search")?.toLowerCase();
  if (search) selected = selected.filter((record) => record.id.toLowerCase().includes(search));
  const author = query.get("author");
  if (author) selected = selected.filter((record) => record.author === author);
  const task = query.get("pipeline_tag");
  if (task) selected = selected.filter((record) => record.pipeline_tag === task);
  for (const filter of query.getAll("filter")) selected = selected.filter((record) => record.library_name === filter || record.tags.includes(filter));
  const provider = query.get("inference_provider");
  if (provider)
    selected = selected.filter((record) =>
      provider === "all" ? liveProviders(record.inferenceProviderMapping).length > 0 : liveProviders(record.inferenceProviderMapping).includes(provider),
    );
  const app = query.get("apps");
  if (app) selected = selected.filter((record) => record.apps.includes(app));
  const params = query.get("num_parameters");
  if (params) {
    for (const bound of params.split(",")) {
      const [side, value] = bound.split(":") as [string, string];
      const count = parseCount(value);
      selected = selected.filter((record) => (side === "min" ? record.numParameters >= count : record.numParameters <= count));
    }
  }
  const sort = query.get("sort") ?? "trendingScore";
  if (SORT_FIELDS.has(sort)) {
    selected.sort((a, b) => {
      const x = a[sort] as number | string;
      const y = b[sort] as number | string;
      return x < y ? 1 : x > y ? -1 : a.id.localeCompare(b.id);
    });
  }
  return selected;
}

/** A record as the hub lists it: `_id`, `id` and the expanded fields. */
function project(record: SearchRecord, expand: string[]): Record<string, unknown> {
  const out: Record<string, unknown> = { _id: record._id, id: record.id };
  for (const field of expand) if (field in record) out[field] = record[field];
  return out;
}

export async function startSearchHub(): Promise<SearchHub> {
  const requests: SearchRequestSeen[] = [];
  const troubles: Trouble[] = [];
  const records: SearchRecord[] = [];
  const timers = new Set<NodeJS.Timeout>();
  let endpoint = "";

  const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    const text = typeof body === "string" ? body : JSON.stringify(body);
    res.writeHead(status, { "content-type": "application/json; charset=utf-8", "content-length": Buffer.byteLength(text), ...headers });
    res.end(text);
  };

  const answer = (res: ServerResponse, url: URL, extra: SearchRecord[]) => {
    const all = [...SEARCH_FIXTURE.filter((record) => !records.some((added) => added.id === record.id)), ...records, ...extra];
    const selected = extra.length > 0 ? extra : selectRecords(all, url.searchParams);
    const limit = Math.min(Number(url.searchParams.get("limit") ?? 1000) || 1000, 1000);
    const offset = Number(Buffer.from(url.searchParams.get("cursor") ?? "", "base64url").toString() || 0);
    const page = selected.slice(offset, offset + limit);
    const headers: Record<string, string> = {};
    if (offset + limit < selected.length) {
      const next = new URL(url.pathname + url.search, endpoint);
      next.searchParams.set("cursor", Buffer.from(String(offset + limit)).toString("base64url"));
      headers.link = `<${next.href}>; rel="next"`;
    }
    const expand = url.searchParams.getAll("expand[]");
    json(
      res,
      200,
      page.map((record) => project(record, expand)),
      headers,
    );
  };

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    if (url.pathname.startsWith("/api/models/")) {
      // One model's metadata, as the snippet picker fetches it.
      requests.push({ path: decodeURIComponent(url.pathname), query: url.searchParams, headers: req.headers });
      const id = decodeURIComponent(url.pathname.slice("/api/models/".length));
      const record = [...records, ...SEARCH_FIXTURE].find((entry) => entry.id === id);
      if (!record) json(res, 404, { error: "Repository not found" });
      else json(res, 200, project(record, [...url.searchParams.getAll("expand[]"), "tags"]));
      return;
    }
    if (url.pathname !== "/api/models") {
      json(res, 404, { error: "Not found" });
      return;
    }
    requests.push({ path: url.pathname, query: url.searchParams, headers: req.headers });
    const trouble = troubles.shift();
    if (trouble === undefined) return answer(res, url, []);
    switch (trouble.kind) {
      case "status":
        return json(
          res,
          trouble.status,
          trouble.body ?? { error: `scripted ${trouble.status}` },
          trouble.retryAfter ? { "retry-after": trouble.retryAfter } : {},
        );
      case "malformed":
        return json(res, 200, '[{"id": "broken/json", "downloads": 1');
      case "hang":
        // Headers never come; the client's deadline ends the wait.
        return;
      case "hostile":
        return answer(res, url, hostileRecords());
      case "slow": {
        const timer = setTimeout(() => {
          timers.delete(timer);
          answer(res, url, []);
        }, trouble.ms);
        timers.add(timer);
        return;
      }
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    requests,
    troubles,
    records,
    close: async () => {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
