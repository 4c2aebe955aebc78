import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, statSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateSnippets } from "../../src/inference/engine.js";
import { syntheticModel } from "../helpers/synthetic-models.js";
import { fileNeeds } from "../helpers/tools.js";

/** The snippets run with python3 and requests (the curl ones start python3 too, to read JSON) and curl: without them, this file is a named skip. */
const HERE = fileNeeds("the snippets this file runs", "requests", "curl");

/*
 * What a curl snippet leaves behind when it runs as a person or a script
 * runs it: no progress meter on a pipe, the provider's error message when it
 * refuses, and a saved file with the permissions any new file gets.
 */

const PNG = Buffer.from("89504e470d0a1a0a", "hex");
let server: Server;
let origin: string;

beforeAll(async () => {
  if (!HERE) return;
  server = createServer((request, response) => {
    request.resume();
    request.on("end", () => {
      if (request.url?.startsWith("/refuse")) {
        response.writeHead(400, { "content-type": "application/json" });
        response.end('{"error":"the model is still loading"}');
      } else if (request.url?.startsWith("/image")) {
        response.writeHead(200, { "content-type": "image/png" });
        response.end(PNG);
      } else {
        response.writeHead(200, { "content-type": "application/json" });
        response.end('{"choices":[{"message":{"role":"assistant","content":"hi"}}]}');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  if (!HERE) return;
  await new Promise((resolve) => server.close(resolve));
});

function curlSnippet(task: "text-to-image" | "text-generation", path: string): string {
  const model = syntheticModel(task, { conversational: task === "text-generation" });
  const [snippet] = generateSnippets(model, { language: "sh", endpointUrl: `${origin}${path}` }).snippets;
  return snippet!.content;
}

/** Runs a script in a new folder, its output piped, as a script would run it. */
function run(script: string): Promise<{ status: number | null; stdout: string; stderr: string; dir: string }> {
  const dir = mkdtempSync(join(tmpdir(), "hubref-curl-"));
  return new Promise((resolve) => {
    const child = spawn("bash", ["-c", `umask 022\n${script}`], { cwd: dir, env: { ...process.env, API_TOKEN: "t" } });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => (stdout += chunk));
    child.stderr.on("data", (chunk) => (stderr += chunk));
    child.on("close", (status) => resolve({ status, stdout, stderr, dir }));
  });
}

describe("curl snippets", () => {
  it("save the file with the permissions a new file gets (umask), printing no progress meter on a pipe", async () => {
    const result = await run(curlSnippet("text-to-image", "/image"));
    expect(result.stderr).toBe("");
    expect(result.status).toBe(0);
    expect(result.stdout).toBe("Saved output.png\n");
    expect(statSync(join(result.dir, "output.png")).mode & 0o777).toBe(0o644);
  });

  it("show the provider's message when it refuses, exit non-zero, and leave no file", async () => {
    const result = await run(curlSnippet("text-to-image", "/refuse"));
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain("the model is still loading");
    expect(readdirSync(result.dir)).toEqual([]);
  });

  it("print a chat reply without a progress meter, and the refusal's body when refused", async () => {
    const ok = await run(curlSnippet("text-generation", "/chat"));
    expect(ok.status).toBe(0);
    expect(ok.stderr).toBe("");
    expect(ok.stdout).toContain('"content":"hi"');
    const refused = await run(curlSnippet("text-generation", "/refuse"));
    expect(refused.status).not.toBe(0);
    expect(refused.stdout + refused.stderr).toContain("the model is still loading");
  });
});
