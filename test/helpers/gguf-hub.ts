import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

/*
 * A loopback stand-in for the hub's GGUF repositories: the model API (file
 * list), the tree endpoint (sizes), and each file's resolve URL with Range
 * support (206, 416 past the end), or a server that ignores Range (200), or
 * a redirect to another host (as the hub sends downloads to its storage).
 */

export interface RepoFile {
  name: string;
  /** The size the hub states; the content served may be only the header. */
  size: number;
  content?: Buffer;
}

export interface GgufRepoSpec {
  files: RepoFile[];
  /** The hub API's `gguf` field. */
  gguf?: Record<string, unknown>;
}

export interface GgufHubOptions {
  /** "range" answers 206; "ignore" answers 200 with the whole file. */
  ranges?: "range" | "ignore";
  /** Send file requests to another host (localhost instead of 127.0.0.1) with a 302. */
  redirect?: boolean;
}

export interface FileRequest {
  host: string;
  path: string;
  range?: string;
  headers: IncomingHttpHeaders;
  status: number;
  bytes: number;
}

export interface GgufHub {
  endpoint: string;
  fileRequests: FileRequest[];
  apiRequests: string[];
  close(): Promise<void>;
}

export async function startGgufHub(repos: Record<string, GgufRepoSpec>, options: GgufHubOptions = {}): Promise<GgufHub> {
  const fileRequests: FileRequest[] = [];
  const apiRequests: string[] = [];
  let port = 0;
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    const path = decodeURIComponent(url.pathname);
    const json = (status: number, body: unknown) => {
      const text = JSON.stringify(body);
      res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(text) });
      res.end(text);
    };
    const api = /^\/api\/models\/([^/]+\/[^/]+)(\/tree\/main)?$/.exec(path);
    if (api) {
      apiRequests.push(path);
      const repo = repos[api[1]!];
      if (!repo) return json(404, { error: "Repository not found" });
      if (api[2])
        return json(
          200,
          repo.files.map((file) => ({ type: "file", path: file.name, size: file.size, oid: "0" })),
        );
      return json(200, {
        _id: "0",
        id: api[1],
        pipeline_tag: "text-generation",
        tags: ["gguf", "text-generation"],
        ...(repo.gguf ? { gguf: repo.gguf } : {}),
        siblings: repo.files.map((file) => ({ rfilename: file.name })),
      });
    }
    const resolve = /^\/(?:storage\/)?([^/]+\/[^/]+)\/resolve\/main\/(.+)$/.exec(path);
    const record: FileRequest = {
      host: req.headers.host ?? "",
      path,
      headers: req.headers,
      status: 0,
      bytes: 0,
      ...(req.headers.range ? { range: req.headers.range } : {}),
    };
    const answer = (status: number, headers: Record<string, string | number>, body: Buffer = Buffer.alloc(0)) => {
      record.status = status;
      record.bytes = body.byteLength;
      fileRequests.push(record);
      res.writeHead(status, { "content-length": body.byteLength, ...headers });
      res.end(body);
    };
    const file = resolve ? repos[resolve[1]!]?.files.find((candidate) => candidate.name === resolve[2]) : undefined;
    if (!resolve || !file) return answer(404, {}, Buffer.from("Entry not found"));
    if (options.redirect && !path.startsWith("/storage/")) return answer(302, { location: `http://localhost:${port}/storage${path}` });
    const content = file.content ?? Buffer.alloc(0);
    const range = /^bytes=(\d+)-(\d+)$/.exec(req.headers.range ?? "");
    if (options.ranges === "ignore" || !range) return answer(200, { "content-type": "application/octet-stream" }, content);
    const start = Number(range[1]);
    const end = Math.min(Number(range[2]), content.byteLength - 1);
    if (start >= content.byteLength) return answer(416, { "content-range": `bytes */${content.byteLength}` });
    return answer(206, { "content-range": `bytes ${start}-${end}/${content.byteLength}` }, content.subarray(start, end + 1));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    fileRequests,
    apiRequests,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
