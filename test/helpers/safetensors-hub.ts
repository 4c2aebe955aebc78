import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { shardsOf, type Checkpoint } from "./safetensors-models.js";

/*
 * A loopback stand-in for the hub's safetensors repositories: the model API
 * (metadata with the file list and the `safetensors` parameter counts), and
 * each file's resolve URL with Range support: config.json, the shard index,
 * and header-only shards (the stated size is the whole shard's, the content
 * only its header, so a read past the header gets nothing). A repository may
 * replace any file's content, hostile headers included. The model list
 * (GET /api/models) answers a search over the repositories' metadata: the
 * `filter` values against the library and the tags (a quantization's
 * `base_model:quantized:ID` among them), the text, the author and the task,
 * sorted as asked, with the fields expand[] names.
 */

export interface SafetensorsRepo {
  checkpoint?: Checkpoint;
  /** Files served as given, over the checkpoint's (a hostile header, a broken config). */
  files?: Record<string, Buffer | string>;
  /** Metadata fields over the defaults. */
  metadata?: Record<string, unknown>;
  shardBytes?: number;
}

export interface SafetensorsHub {
  endpoint: string;
  /** Every file request: path and Range header. */
  fileRequests: { path: string; range?: string }[];
  /** Every search's query string. */
  searches: URLSearchParams[];
  close(): Promise<void>;
}

interface Served {
  content: Buffer;
  size: number;
}

function repoFiles(repo: SafetensorsRepo): Map<string, Served> {
  const files = new Map<string, Served>();
  if (repo.checkpoint) {
    const { files: shards, index } = shardsOf(repo.checkpoint, repo.shardBytes);
    const config = Buffer.from(JSON.stringify(repo.checkpoint.config));
    files.set("config.json", { content: config, size: config.byteLength });
    if (shards.length === 1) files.set("model.safetensors", { content: shards[0]!.header, size: shards[0]!.size });
    else {
      const text = Buffer.from(JSON.stringify(index));
      files.set("model.safetensors.index.json", { content: text, size: text.byteLength });
      for (const shard of shards) files.set(shard.name, { content: shard.header, size: shard.size });
    }
  }
  for (const [name, content] of Object.entries(repo.files ?? {})) {
    const bytes = typeof content === "string" ? Buffer.from(content) : content;
    files.set(name, { content: bytes, size: Math.max(bytes.byteLength, files.get(name)?.size ?? 0) });
  }
  return files;
}

function parameterCounts(checkpoint: Checkpoint | undefined): Record<string, unknown> | undefined {
  if (!checkpoint) return undefined;
  const parameters: Record<string, number> = {};
  for (const tensor of checkpoint.tensors)
    parameters[tensor.dtype] = (parameters[tensor.dtype] ?? 0) + tensor.shape.reduce((product, dimension) => product * dimension, 1);
  return { parameters, total: Object.values(parameters).reduce((sum, count) => sum + count, 0) };
}

/** The repository's metadata as the model API answers it. */
function metadataOf(id: string, repo: SafetensorsRepo, files: Map<string, Served>): Record<string, unknown> {
  const counts = parameterCounts(repo.checkpoint);
  return {
    _id: "0",
    id,
    pipeline_tag: "text-generation",
    library_name: "transformers",
    tags: ["transformers", "safetensors", "text-generation", "conversational"],
    downloads: 0,
    likes: 0,
    trendingScore: 0,
    config: { architectures: repo.checkpoint?.config.architectures ?? [], model_type: repo.checkpoint?.config.model_type ?? "llama" },
    siblings: [...files.keys()].map((name) => ({ rfilename: name })),
    ...(counts && { safetensors: counts }),
    ...repo.metadata,
  };
}

const SORTED = new Set(["downloads", "likes", "trendingScore"]);

/** The search's answer: the repositories that match every filter, sorted, limited, projected. */
function searchAnswer(all: Record<string, unknown>[], query: URLSearchParams): Record<string, unknown>[] {
  let selected = all;
  const text = query.get("search")?.toLowerCase();
  if (text) selected = selected.filter((record) => String(record.id).toLowerCase().includes(text));
  const author = query.get("author");
  if (author) selected = selected.filter((record) => String(record.id).startsWith(`${author}/`));
  const task = query.get("pipeline_tag");
  if (task) selected = selected.filter((record) => record.pipeline_tag === task);
  for (const filter of query.getAll("filter"))
    selected = selected.filter((record) => record.library_name === filter || (record.tags as string[]).includes(filter));
  const sort = query.get("sort") ?? "trendingScore";
  if (SORTED.has(sort)) selected = [...selected].sort((a, b) => Number(b[sort]) - Number(a[sort]) || String(a.id).localeCompare(String(b.id)));
  const limit = Number(query.get("limit") ?? 1000) || 1000;
  const expand = query.getAll("expand[]");
  return selected.slice(0, limit).map((record) => {
    const out: Record<string, unknown> = { _id: record._id, id: record.id };
    for (const field of expand) if (field in record) out[field] = record[field];
    return out;
  });
}

export async function startSafetensorsHub(repos: Record<string, SafetensorsRepo>, options: { searchStatus?: number } = {}): Promise<SafetensorsHub> {
  const fileRequests: SafetensorsHub["fileRequests"] = [];
  const searches: URLSearchParams[] = [];
  const served = new Map(Object.entries(repos).map(([id, repo]) => [id, repoFiles(repo)]));
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? "/", "http://localhost").pathname);
    const json = (status: number, body: unknown) => {
      const text = JSON.stringify(body);
      res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(text) });
      res.end(text);
    };
    if (path === "/api/models") {
      const query = new URL(req.url ?? "/", "http://localhost").searchParams;
      searches.push(query);
      if (options.searchStatus !== undefined) return json(options.searchStatus, { error: "search is down" });
      return json(
        200,
        searchAnswer(
          Object.entries(repos).map(([id, repo]) => metadataOf(id, repo, served.get(id)!)),
          query,
        ),
      );
    }
    const api = /^\/api\/models\/([^/]+\/[^/]+)(\/tree\/main)?$/.exec(path);
    if (api) {
      const repo = repos[api[1]!];
      const files = served.get(api[1]!);
      if (!repo || !files) return json(404, { error: "Repository not found" });
      if (api[2])
        return json(
          200,
          [...files].map(([name, file]) => ({ type: "file", path: name, size: file.size, oid: "0" })),
        );
      return json(200, metadataOf(api[1]!, repo, files));
    }
    const resolve = /^\/([^/]+\/[^/]+)\/resolve\/main\/(.+)$/.exec(path);
    const file = resolve ? served.get(resolve[1]!)?.get(resolve[2]!) : undefined;
    fileRequests.push({ path, ...(req.headers.range ? { range: req.headers.range } : {}) });
    if (!file) {
      res.writeHead(404, { "content-length": 15 });
      return res.end("Entry not found");
    }
    const range = /^bytes=(\d+)-(\d+)$/.exec(req.headers.range ?? "");
    if (!range) {
      res.writeHead(200, { "content-length": file.content.byteLength });
      return res.end(file.content);
    }
    const start = Number(range[1]);
    if (start >= file.content.byteLength) {
      res.writeHead(416, { "content-range": `bytes */${file.size}`, "content-length": 0 });
      return res.end();
    }
    const end = Math.min(Number(range[2]), file.content.byteLength - 1);
    const body = file.content.subarray(start, end + 1);
    res.writeHead(206, { "content-range": `bytes ${start}-${end}/${file.size}`, "content-length": body.byteLength });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    fileRequests,
    searches,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
