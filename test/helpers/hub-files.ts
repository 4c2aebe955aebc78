import { createHash } from "node:crypto";
import { readFileSync, readdirSync, statSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { join, relative } from "node:path";

/*
 * A loopback hub that serves repositories' files the way huggingface_hub
 * fetches them: the file list (GET /api/models/{id}[/revision/{rev}], and
 * /tree/{rev}) for snapshot_download, and each file (HEAD, then GET /{id}/resolve/{rev}/{path})
 * with the commit and ETag headers hf_hub_download checks.
 */

export interface HubFiles {
  endpoint: string;
  /** Paths asked for, `{id}/{file}`, in order (GET only). */
  downloads: string[];
  close(): Promise<void>;
}

const COMMIT = "0123456789abcdef0123456789abcdef01234567";

function filesUnder(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(folder, join(entry.parentPath, entry.name)));
}

/** Serves each repository id from a local folder. */
export async function startHubFiles(repos: Record<string, string>): Promise<HubFiles> {
  const downloads: string[] = [];
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? "/", "http://localhost").pathname);
    const info = /^\/api\/models\/(.+?)(?:\/revision\/[^/]+)?$/.exec(path);
    if (info && Object.hasOwn(repos, info[1]!)) {
      const body = JSON.stringify({ id: info[1], sha: COMMIT, siblings: filesUnder(repos[info[1]!]!).map((rfilename) => ({ rfilename })) });
      res.writeHead(200, { "content-type": "application/json" }).end(body);
      return;
    }
    const tree = /^\/api\/models\/(.+?)\/tree\/[^/]+$/.exec(path);
    if (tree && Object.hasOwn(repos, tree[1]!)) {
      const folder = repos[tree[1]!]!;
      const entries = filesUnder(folder).map((name) => ({ type: "file", path: name, size: statSync(join(folder, name)).size, oid: COMMIT }));
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(entries));
      return;
    }
    const file = /^\/(.+?)\/resolve\/[^/]+\/(.+)$/.exec(path);
    const folder = file ? repos[file[1]!] : undefined;
    if (file && folder !== undefined && filesUnder(folder).includes(file[2]!)) {
      const bytes = readFileSync(join(folder, file[2]!));
      const etag = `"${createHash("sha256").update(bytes).digest("hex")}"`;
      res.writeHead(200, { "content-length": bytes.length, etag, "x-repo-commit": COMMIT, "content-type": "application/octet-stream" });
      if (req.method === "GET") downloads.push(`${file[1]}/${file[2]}`);
      res.end(req.method === "HEAD" ? undefined : bytes);
      return;
    }
    res.writeHead(404, { "content-type": "application/json", "x-error-code": "EntryNotFound" }).end('{"error":"not found"}');
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    downloads,
    close: () => new Promise((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
