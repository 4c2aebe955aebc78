import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { deepseek2, gemma3, mamba } from "./gguf-models.js";
import { f32, type GgufSpec, str, strs, TENSOR_TYPE, type TensorInfo, u32 } from "./gguf-writer.js";
import { writeGguf } from "./gguf-writer.js";
import { type SearchRecord, selectRecords } from "./search-hub.js";

/*
 * A loopback stand-in for the hub as `models --fits` uses it: the model list
 * (GET /api/models, filtered, sorted and projected as search-hub.ts does,
 * `gguf` among the fields it can expand), each repository's metadata and
 * tree (sizes), and its files' headers by range. The repositories are
 * header-only GGUF files with the shapes of real families (dense Llama-
 * and Qwen-style models from 0.5B to 405B, Gemma 3's sliding window, Qwen3
 * MoE, DeepSeek-V2's latent attention, Mamba), quants sized by their bits per
 * weight, one quant split into shards, one hostile header, one repository
 * whose file has no header, and one repository without GGUF files. Every
 * answer can wait `latencyMs` first; every request is counted.
 */

const Q8 = TENSOR_TYPE.Q8_0;
const F32T = TENSOR_TYPE.F32;

/** Bits per weight of the quants the repositories carry (file size = parameters × bits / 8). */
const BITS: Record<string, number> = { Q2_K: 3.0, Q3_K_M: 3.9, Q4_K_M: 4.85, Q5_K_M: 5.7, Q6_K: 6.6, Q8_0: 8.5, F16: 16 };
const DEFAULT_QUANTS = ["Q2_K", "Q3_K_M", "Q4_K_M", "Q5_K_M", "Q6_K", "Q8_0"];

export interface DenseShape {
  layers: number;
  embd: number;
  ff: number;
  heads: number;
  kvHeads: number;
  vocab: number;
}

/** A block's attention tensors and its feed-forward norm, as Llama-style dense and MoE blocks both have them. */
function attentionTensors(blk: string, embd: number, heads: number, kvHeads: number, head: number): TensorInfo[] {
  return [
    { name: `${blk}.attn_norm.weight`, dims: [embd], type: F32T },
    { name: `${blk}.attn_q.weight`, dims: [embd, heads * head], type: Q8 },
    { name: `${blk}.attn_k.weight`, dims: [embd, kvHeads * head], type: Q8 },
    { name: `${blk}.attn_v.weight`, dims: [embd, kvHeads * head], type: Q8 },
    { name: `${blk}.attn_output.weight`, dims: [heads * head, embd], type: Q8 },
    { name: `${blk}.ffn_norm.weight`, dims: [embd], type: F32T },
  ];
}

/** A dense attention model's header: the tensors of a Llama-style block, a vocabulary cut to a few tokens (vocab_size says the whole). */
export function denseSpec(arch: string, name: string, shape: DenseShape, trained: number): GgufSpec {
  const { layers, embd, ff, heads, kvHeads, vocab } = shape;
  const head = embd / heads;
  const block = (layer: number): TensorInfo[] => {
    const blk = `blk.${layer}`;
    return [
      ...attentionTensors(blk, embd, heads, kvHeads, head),
      { name: `${blk}.ffn_gate.weight`, dims: [embd, ff], type: Q8 },
      { name: `${blk}.ffn_up.weight`, dims: [embd, ff], type: Q8 },
      { name: `${blk}.ffn_down.weight`, dims: [ff, embd], type: Q8 },
    ];
  };
  return {
    metadata: [
      ["general.architecture", str(arch)],
      ["general.name", str(name)],
      ["general.file_type", u32(15)],
      ["tokenizer.ggml.model", str("gpt2")],
      ["tokenizer.ggml.tokens", strs(Array.from({ length: 64 }, (_, index) => `t${index}`))],
      [`${arch}.vocab_size`, u32(vocab)],
      [`${arch}.context_length`, u32(trained)],
      [`${arch}.embedding_length`, u32(embd)],
      [`${arch}.block_count`, u32(layers)],
      [`${arch}.feed_forward_length`, u32(ff)],
      [`${arch}.attention.head_count`, u32(heads)],
      [`${arch}.attention.head_count_kv`, u32(kvHeads)],
      [`${arch}.rope.dimension_count`, u32(head)],
      [`${arch}.attention.layer_norm_rms_epsilon`, f32(1e-5)],
    ],
    tensors: [
      { name: "token_embd.weight", dims: [embd, vocab], type: Q8 },
      { name: "output_norm.weight", dims: [embd], type: F32T },
      { name: "output.weight", dims: [embd, vocab], type: Q8 },
      ...Array.from({ length: layers }, (_, layer) => block(layer)).flat(),
    ],
  };
}

/** A Qwen3-style MoE header: attention, a router and 3 expert tensors per layer. */
function moeSpec(
  name: string,
  shape: { layers: number; embd: number; heads: number; kvHeads: number; experts: number; used: number; expertFf: number },
  trained: number,
): GgufSpec {
  const { layers, embd, heads, kvHeads, experts, used, expertFf } = shape;
  const head = 128;
  const vocab = 151_936;
  const block = (layer: number): TensorInfo[] => {
    const blk = `blk.${layer}`;
    return [
      ...attentionTensors(blk, embd, heads, kvHeads, head),
      { name: `${blk}.ffn_gate_inp.weight`, dims: [embd, experts], type: F32T },
      { name: `${blk}.ffn_gate_exps.weight`, dims: [embd, expertFf, experts], type: Q8 },
      { name: `${blk}.ffn_up_exps.weight`, dims: [embd, expertFf, experts], type: Q8 },
      { name: `${blk}.ffn_down_exps.weight`, dims: [expertFf, embd, experts], type: Q8 },
    ];
  };
  return {
    metadata: [
      ["general.architecture", str("qwen3moe")],
      ["general.name", str(name)],
      ["general.file_type", u32(15)],
      ["tokenizer.ggml.model", str("gpt2")],
      ["tokenizer.ggml.tokens", strs(Array.from({ length: 64 }, (_, index) => `t${index}`))],
      ["qwen3moe.vocab_size", u32(vocab)],
      ["qwen3moe.context_length", u32(trained)],
      ["qwen3moe.embedding_length", u32(embd)],
      ["qwen3moe.block_count", u32(layers)],
      ["qwen3moe.feed_forward_length", u32(expertFf * 8)],
      ["qwen3moe.attention.head_count", u32(heads)],
      ["qwen3moe.attention.head_count_kv", u32(kvHeads)],
      ["qwen3moe.attention.key_length", u32(head)],
      ["qwen3moe.attention.value_length", u32(head)],
      ["qwen3moe.expert_count", u32(experts)],
      ["qwen3moe.expert_used_count", u32(used)],
      ["qwen3moe.expert_feed_forward_length", u32(expertFf)],
      ["qwen3moe.attention.layer_norm_rms_epsilon", f32(1e-6)],
    ],
    tensors: [
      { name: "token_embd.weight", dims: [embd, vocab], type: Q8 },
      { name: "output_norm.weight", dims: [embd], type: F32T },
      { name: "output.weight", dims: [embd, vocab], type: Q8 },
      ...Array.from({ length: layers }, (_, layer) => block(layer)).flat(),
    ],
  };
}

/** A header whose first metadata key claims a length of 2^40 bytes: hostile, refused by the reader's bounds. */
function hostileHeader(): Buffer {
  const buffer = Buffer.alloc(64);
  buffer.write("GGUF", 0, "ascii");
  buffer.writeUInt32LE(3, 4);
  buffer.writeBigUInt64LE(1n, 8);
  buffer.writeBigUInt64LE(1n, 16);
  buffer.writeBigUInt64LE(2n ** 40n, 24);
  return buffer;
}

export interface FitsRepo {
  id: string;
  /** Parameters, as the hub's GGUF summary gives them. */
  parameters: number;
  trained: number;
  architecture: string;
  header?: Buffer;
  quants: string[];
  /** Quants split into this many shards. */
  shards?: Record<string, number>;
  /** Not a GGUF repository (safetensors only). */
  notGguf?: boolean;
  task?: string;
}

function dense(id: string, arch: string, billions: number, shape: DenseShape, trained = 131_072, quants = DEFAULT_QUANTS): FitsRepo {
  return { id, parameters: billions * 1e9, trained, architecture: arch, header: writeGguf(denseSpec(arch, id, shape, trained)), quants };
}

/** The repositories, in the order the list ranks them (trending first). */
export function fitsRepos(): FitsRepo[] {
  const llama8 = { layers: 32, embd: 4096, ff: 14336, heads: 32, kvHeads: 8, vocab: 128_256 };
  const repos: FitsRepo[] = [
    dense("acme/Llama-3.3-70B-Instruct-GGUF", "llama", 70.6, { layers: 80, embd: 8192, ff: 28672, heads: 64, kvHeads: 8, vocab: 128_256 }),
    dense("acme/Llama-3.1-8B-Instruct-GGUF", "llama", 8.03, llama8),
    {
      id: "acme/Qwen3-30B-A3B-GGUF",
      parameters: 30.5e9,
      trained: 40_960,
      architecture: "qwen3moe",
      header: writeGguf(moeSpec("Qwen3 30B A3B", { layers: 48, embd: 2048, heads: 32, kvHeads: 4, experts: 128, used: 8, expertFf: 768 }, 40_960)),
      quants: DEFAULT_QUANTS,
    },
    dense("acme/Qwen2.5-7B-Instruct-GGUF", "qwen2", 7.62, { layers: 28, embd: 3584, ff: 18944, heads: 28, kvHeads: 4, vocab: 152_064 }, 32_768),
    { id: "evil/hostile-header-GGUF", parameters: 7e9, trained: 32_768, architecture: "llama", header: hostileHeader(), quants: ["Q4_K_M"] },
    { id: "acme/Mistral-Large-Instruct-GGUF", parameters: 123e9, trained: 131_072, architecture: "llama", quants: DEFAULT_QUANTS },
    dense("acme/Llama-3.2-3B-Instruct-GGUF", "llama", 3.21, { layers: 28, embd: 3072, ff: 8192, heads: 24, kvHeads: 8, vocab: 128_256 }),
    {
      id: "acme/Qwen3-235B-A22B-GGUF",
      parameters: 235e9,
      trained: 40_960,
      architecture: "qwen3moe",
      header: writeGguf(moeSpec("Qwen3 235B A22B", { layers: 94, embd: 4096, heads: 64, kvHeads: 4, experts: 128, used: 8, expertFf: 1536 }, 40_960)),
      quants: DEFAULT_QUANTS,
    },
    { id: "acme/gemma-3-4b-it-GGUF", parameters: 3.88e9, trained: 131_072, architecture: "gemma3", header: writeGguf(gemma3(64).spec), quants: DEFAULT_QUANTS },
    dense("acme/Qwen2.5-14B-Instruct-GGUF", "qwen2", 14.8, { layers: 48, embd: 5120, ff: 13824, heads: 40, kvHeads: 8, vocab: 152_064 }),
    dense("acme/Qwen2.5-32B-Instruct-GGUF", "qwen2", 32.8, { layers: 64, embd: 5120, ff: 27648, heads: 40, kvHeads: 8, vocab: 152_064 }),
    { id: "broken/no-header-GGUF", parameters: 3e9, trained: 32_768, architecture: "llama", header: Buffer.alloc(0), quants: ["Q4_K_M", "Q8_0"] },
    dense("acme/Llama-3.2-1B-Instruct-GGUF", "llama", 1.24, { layers: 16, embd: 2048, ff: 8192, heads: 32, kvHeads: 8, vocab: 128_256 }, 131_072, [
      ...DEFAULT_QUANTS,
      "F16",
    ]),
    {
      id: "acme/DeepSeek-V2-Lite-Chat-GGUF",
      parameters: 15.7e9,
      trained: 163_840,
      architecture: "deepseek2",
      header: writeGguf(deepseek2(64).spec),
      quants: DEFAULT_QUANTS,
    },
    dense("acme/Mistral-Small-24B-Instruct-GGUF", "llama", 23.6, { layers: 40, embd: 5120, ff: 32768, heads: 32, kvHeads: 8, vocab: 131_072 }, 32_768),
    dense("acme/Llama-3.1-405B-Instruct-GGUF", "llama", 405e9 / 1e9, { layers: 126, embd: 16384, ff: 53248, heads: 128, kvHeads: 8, vocab: 128_256 }),
    {
      id: "acme/mamba-2.8b-GGUF",
      parameters: 2.77e9,
      trained: 1_048_576,
      architecture: "mamba",
      header: writeGguf(mamba(64).spec),
      quants: ["Q4_K_M", "Q8_0", "F16"],
    },
    dense("acme/Qwen2.5-0.5B-Instruct-GGUF", "qwen2", 0.49, { layers: 24, embd: 896, ff: 4864, heads: 14, kvHeads: 2, vocab: 151_936 }, 32_768, [
      "Q4_K_M",
      "Q8_0",
      "F16",
    ]),
    dense("acme/Qwen2.5-1.5B-Instruct-GGUF", "qwen2", 1.54, { layers: 28, embd: 1536, ff: 8960, heads: 12, kvHeads: 2, vocab: 151_936 }, 32_768),
    dense("acme/Phi-3-medium-4k-GGUF", "llama", 14, { layers: 40, embd: 5120, ff: 17920, heads: 40, kvHeads: 10, vocab: 32_064 }, 4096),
    {
      ...dense("acme/Llama-3.1-70B-Split-GGUF", "llama", 70.6, { layers: 80, embd: 8192, ff: 28672, heads: 64, kvHeads: 8, vocab: 128_256 }),
      shards: { Q6_K: 2, Q8_0: 2 },
    },
    dense("acme/Qwen3-8B-GGUF", "qwen3", 8.19, { layers: 36, embd: 4096, ff: 12288, heads: 32, kvHeads: 8, vocab: 151_936 }, 40_960),
    dense("acme/Qwen3-4B-GGUF", "qwen3", 4.02, { layers: 36, embd: 2560, ff: 9728, heads: 32, kvHeads: 8, vocab: 151_936 }, 40_960),
    dense("acme/Qwen3-14B-GGUF", "qwen3", 14.8, { layers: 40, embd: 5120, ff: 17408, heads: 40, kvHeads: 8, vocab: 151_936 }, 40_960),
    dense("acme/Qwen3-32B-GGUF", "qwen3", 32.8, { layers: 64, embd: 5120, ff: 25600, heads: 64, kvHeads: 8, vocab: 151_936 }, 40_960),
    { id: "acme/Llama-3.1-8B-safetensors", parameters: 8.03e9, trained: 131_072, architecture: "llama", quants: [], notGguf: true },
    dense("acme/Hermes-3-Llama-3.1-8B-GGUF", "llama", 8.03, llama8),
    dense("acme/DeepHermes-3-Llama-3-3B-GGUF", "llama", 3.21, { layers: 28, embd: 3072, ff: 8192, heads: 24, kvHeads: 8, vocab: 128_256 }),
    dense("acme/SmolLM2-1.7B-Instruct-GGUF", "llama", 1.71, { layers: 24, embd: 2048, ff: 8192, heads: 32, kvHeads: 32, vocab: 49_152 }, 8192),
    dense("acme/granite-3.1-8b-instruct-GGUF", "llama", 8.17, { layers: 40, embd: 4096, ff: 12800, heads: 32, kvHeads: 8, vocab: 49_155 }),
    dense("acme/OLMo-2-13B-Instruct-GGUF", "llama", 13.7, { layers: 40, embd: 5120, ff: 13824, heads: 40, kvHeads: 40, vocab: 100_352 }, 4096),
    dense("acme/Yi-1.5-9B-Chat-GGUF", "llama", 8.83, { layers: 48, embd: 4096, ff: 11008, heads: 32, kvHeads: 4, vocab: 64_000 }, 4096),
    dense("acme/internlm3-8b-instruct-GGUF", "llama", 8.8, { layers: 48, embd: 4096, ff: 10240, heads: 32, kvHeads: 2, vocab: 128_512 }, 32_768),
    dense("acme/Falcon3-10B-Instruct-GGUF", "llama", 10.3, { layers: 40, embd: 3072, ff: 23040, heads: 12, kvHeads: 4, vocab: 131_072 }, 32_768),
    dense("acme/Ministral-8B-Instruct-GGUF", "llama", 8.02, { layers: 36, embd: 4096, ff: 12288, heads: 32, kvHeads: 8, vocab: 131_072 }, 131_072),
    dense("acme/aya-expanse-8b-GGUF", "llama", 8.03, { layers: 32, embd: 4096, ff: 14336, heads: 32, kvHeads: 8, vocab: 256_000 }, 8192),
    dense("acme/EXAONE-3.5-7.8B-Instruct-GGUF", "llama", 7.82, { layers: 32, embd: 4096, ff: 14336, heads: 32, kvHeads: 8, vocab: 102_400 }, 32_768),
    dense("acme/Qwen2.5-Coder-7B-Instruct-GGUF", "qwen2", 7.62, { layers: 28, embd: 3584, ff: 18944, heads: 28, kvHeads: 4, vocab: 152_064 }, 32_768),
  ];
  return repos;
}

/** The files of a repository with the sizes the hub states: one per quant, or its shards. */
export function repoFiles(repo: FitsRepo): { name: string; size: number }[] {
  if (repo.notGguf) return [{ name: "model.safetensors", size: repo.parameters * 2 }];
  const base = repo.id.slice(repo.id.indexOf("/") + 1).replace(/-GGUF$/, "");
  return repo.quants.flatMap((quant) => {
    const size = Math.round((repo.parameters * BITS[quant]!) / 8);
    const shards = repo.shards?.[quant] ?? 1;
    if (shards === 1) return [{ name: `${base}-${quant}.gguf`, size }];
    const pad = (n: number) => String(n).padStart(5, "0");
    return Array.from({ length: shards }, (_, index) => ({
      name: `${quant}/${base}-${quant}-${pad(index + 1)}-of-${pad(shards)}.gguf`,
      size: Math.round(size / shards),
    }));
  });
}

/** The list record of a repository (search-hub.ts's shape), ranked by `rank` (0 first). */
function recordOf(repo: FitsRepo, rank: number, total: number): SearchRecord {
  const author = repo.id.slice(0, repo.id.indexOf("/"));
  return {
    _id: `fits${rank}`,
    id: repo.id,
    author,
    pipeline_tag: repo.task ?? "text-generation",
    library_name: repo.notGguf ? "transformers" : "gguf",
    tags: repo.notGguf ? ["transformers", "safetensors"] : ["gguf", "text-generation"],
    downloads: 1000 * (total - rank),
    likes: total - rank,
    trendingScore: total - rank,
    createdAt: "2025-01-01T00:00:00.000Z",
    lastModified: "2025-01-01T00:00:00.000Z",
    gated: false,
    numParameters: repo.parameters,
    apps: repo.notGguf ? [] : ["llama.cpp"],
    inferenceProviderMapping: {},
    ...(repo.notGguf ? {} : { gguf: { total: repo.parameters, architecture: repo.architecture, context_length: repo.trained } }),
  };
}

export type RequestKind = "list" | "model" | "tree" | "file";

export interface FitsHubRequest {
  kind: RequestKind;
  path: string;
  /** Body bytes sent. */
  bytes: number;
}

export interface FitsHub {
  endpoint: string;
  repos: FitsRepo[];
  requests: FitsHubRequest[];
  /** Added before every answer. */
  latencyMs: number;
  /** Repositories whose header was asked for (a range read of a file), each once. */
  headersRead(): string[];
  /** The most requests that were waiting for their answer at once. */
  maxInFlight: number;
  close(): Promise<void>;
}

export async function startFitsHub(options: { latencyMs?: number; repos?: FitsRepo[] } = {}): Promise<FitsHub> {
  const repos = options.repos ?? fitsRepos();
  const records = repos.map((repo, rank) => recordOf(repo, rank, repos.length));
  const requests: FitsHubRequest[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const hub: FitsHub = {
    endpoint: "",
    repos,
    requests,
    latencyMs: options.latencyMs ?? 0,
    maxInFlight: 0,
    headersRead: () => [...new Set(requests.filter((request) => request.kind === "file").map((request) => request.path.split("/resolve/")[0]!.slice(1)))],
    close: async () => {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };

  let inFlight = 0;
  const send = (res: ServerResponse, kind: RequestKind, path: string, status: number, body: Buffer | string, headers: Record<string, string | number> = {}) => {
    const bytes = typeof body === "string" ? Buffer.from(body) : body;
    requests.push({ kind, path, bytes: bytes.byteLength });
    inFlight++;
    hub.maxInFlight = Math.max(hub.maxInFlight, inFlight);
    const answer = () => {
      inFlight--;
      res.writeHead(status, { "content-length": bytes.byteLength, ...headers });
      res.end(bytes);
    };
    if (hub.latencyMs <= 0) return answer();
    const timer = setTimeout(() => {
      timers.delete(timer);
      answer();
    }, hub.latencyMs);
    timers.add(timer);
  };
  const json = (res: ServerResponse, kind: RequestKind, path: string, status: number, value: unknown, headers: Record<string, string> = {}) =>
    send(res, kind, path, status, JSON.stringify(value), { "content-type": "application/json", ...headers });

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    const path = decodeURIComponent(url.pathname);
    if (path === "/api/models") {
      const selected = selectRecords(records, url.searchParams);
      const limit = Math.min(Number(url.searchParams.get("limit") ?? 1000) || 1000, 1000);
      const offset = Number(Buffer.from(url.searchParams.get("cursor") ?? "", "base64url").toString() || 0);
      const page = selected.slice(offset, offset + limit);
      const headers: Record<string, string> = {};
      if (offset + limit < selected.length) {
        const next = new URL(url.pathname + url.search, hub.endpoint);
        next.searchParams.set("cursor", Buffer.from(String(offset + limit)).toString("base64url"));
        headers.link = `<${next.href}>; rel="next"`;
      }
      const expand = url.searchParams.getAll("expand[]");
      const projected = page.map((record) => {
        const out: Record<string, unknown> = { _id: record._id, id: record.id };
        for (const field of expand) if (field in record) out[field] = record[field];
        return out;
      });
      return json(res, "list", path, 200, projected, headers);
    }
    const api = /^\/api\/models\/([^/]+\/[^/]+)(\/tree\/main)?$/.exec(path);
    if (api) {
      const repo = repos.find((candidate) => candidate.id === api[1]);
      const kind = api[2] ? "tree" : "model";
      if (!repo) return json(res, kind, path, 404, { error: "Repository not found" });
      const files = repoFiles(repo);
      if (api[2])
        return json(
          res,
          kind,
          path,
          200,
          files.map((file) => ({ type: "file", path: file.name, size: file.size, oid: "0" })),
        );
      const record = records.find((candidate) => candidate.id === repo.id)!;
      return json(res, kind, path, 200, {
        _id: record._id,
        id: repo.id,
        pipeline_tag: record.pipeline_tag,
        library_name: record.library_name,
        tags: record.tags,
        downloads: record.downloads,
        likes: record.likes,
        ...(record.gguf ? { gguf: record.gguf } : {}),
        siblings: files.map((file) => ({ rfilename: file.name })),
      });
    }
    const resolve = /^\/([^/]+\/[^/]+)\/resolve\/main\/(.+)$/.exec(path);
    const repo = resolve ? repos.find((candidate) => candidate.id === resolve[1]) : undefined;
    const file = repo && resolve ? repoFiles(repo).find((candidate) => candidate.name === resolve[2]) : undefined;
    if (!repo || !file) return send(res, "file", path, 404, "Entry not found");
    const content = repo.header ?? Buffer.alloc(0);
    const range = /^bytes=(\d+)-(\d+)$/.exec(req.headers.range ?? "");
    if (!range) return send(res, "file", path, 200, content, { "content-type": "application/octet-stream" });
    const start = Number(range[1]);
    const end = Math.min(Number(range[2]), content.byteLength - 1);
    if (start >= content.byteLength) return send(res, "file", path, 416, "", { "content-range": `bytes */${content.byteLength}` });
    return send(res, "file", path, 206, content.subarray(start, end + 1), { "content-range": `bytes ${start}-${end}/${file.size}` });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  hub.endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return hub;
}
