import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runInProcess } from "../helpers/in-process.js";
import { startHubServer, type HubServer } from "../helpers/hub-server.js";
import { parsePython } from "../helpers/python.js";
import { hasTool } from "../helpers/tools.js";

const LLAMA = "catalogue/models/meta-llama--Llama-3.1-8B-Instruct.json";
const LORA = "catalogue/models/ostris--watercolor_style_lora_sdxl.json";
const dir = mkdtempSync(join(tmpdir(), "hubref-sources-"));
function modelFile(name: string, data: unknown): string {
  const path = join(dir, name);
  writeFileSync(path, JSON.stringify(data));
  return path;
}

describe("hubref snippet --library", () => {
  it("prints the library's usage code, install line first", async () => {
    const result = await runInProcess(["snippet", LORA, "--library"]);
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/^# diffusers \(sh\)\npip install/);
    expect(result.stdout).toContain('pipe.load_lora_weights("ostris/watercolor_style_lora_sdxl")');
    expect(result.stdout).toContain('pipe("watercolor style"');
  });

  it("prints [{library, language, content}] with --json, and the Python parses", async () => {
    const blocks = JSON.parse((await runInProcess(["snippet", LORA, "--library", "--json"])).stdout) as {
      library: string;
      language: string;
      content: string;
    }[];
    expect(blocks.map((block) => [block.library, block.language])).toEqual([
      ["diffusers", "sh"],
      ["diffusers", "python"],
    ]);
    // Python's parser judges the code where python3 is here (test/format/literals.test.ts names the skip where not).
    if (hasTool("python3")) expect(parsePython([blocks[1]!.content])[0]!.ok).toBe(true);
  });

  it("names what sets apart two blocks of one library and language, in the header and in --json", async () => {
    const model = "catalogue/models/distilbert--distilbert-base-uncased-finetuned-sst-2-english.json";
    const printed = await runInProcess(["snippet", model, "--library", "--language", "python"]);
    expect(printed.stdout.split("\n").filter((line) => line.startsWith("# transformers"))).toEqual([
      "# transformers (python, pipeline)",
      "# transformers (python, direct load)",
    ]);
    const blocks = JSON.parse((await runInProcess(["snippet", model, "--library", "--json"])).stdout) as { language: string; title?: string }[];
    expect(blocks.map((block) => [block.language, block.title])).toEqual([
      ["sh", "transformers (sh)"],
      ["python", "transformers (python, pipeline)"],
      ["python", "transformers (python, direct load)"],
    ]);
  });

  it("exits 2 for a model without a library, or whose library has no usage code", async () => {
    const none = await runInProcess(["snippet", modelFile("none.json", { id: "org/none", tags: [], siblings: [{ rfilename: "weights.bin" }] }), "--library"]);
    expect(none.status).toBe(2);
    expect(none.stderr).toMatch(/^error: org\/none: the metadata names no library/);
    // A GGUF repository that names no library gets llama-cpp-python's code, as on the hub.
    const gguf = await runInProcess(["snippet", "catalogue/models/bartowski--Llama-3.2-3B-Instruct-GGUF.json", "--library", "--language", "python"]);
    expect(gguf.status).toBe(0);
    expect(gguf.stdout).toContain('filename="Llama-3.2-3B-Instruct-Q4_K_M.gguf"');
    const silent = await runInProcess(["snippet", modelFile("acestep.json", { id: "org/music", library_name: "acestep" }), "--library"]);
    expect(silent.status).toBe(2);
    expect(silent.stderr).toContain("the library 'acestep' has no usage snippets");
    const hostile = await runInProcess(["snippet", modelFile("weird.json", { id: "org/x", library_name: "\u001b[31mevil" }), "--library"]);
    expect(hostile.stderr).not.toContain("\u001b");
  });
});

describe("hubref snippet with a provider mapping", () => {
  it("rejects a provider the model does not map, listing the ones it does", async () => {
    const result = await runInProcess(["snippet", LLAMA, "--provider", "together"]);
    expect(result.status).toBe(2);
    expect(result.stderr).toBe(
      "error: provider 'together' does not serve 'meta-llama/Llama-3.1-8B-Instruct'; it is served by: novita, cerebras, hf-inference\nhint: pick one of: novita, cerebras, hf-inference\n",
    );
  });

  it("takes the provider's model id from the mapping, overridable with --provider-model-id", async () => {
    const direct = await runInProcess(["snippet", LLAMA, "--provider", "cerebras", "--direct", "--language", "python", "--client", "requests"]);
    expect(direct.stdout).toContain('"model": "llama3.1-8b"');
    const overridden = await runInProcess([
      "snippet",
      LLAMA,
      "--provider",
      "cerebras",
      "--direct",
      "--provider-model-id",
      "llama-3.1-8b-fast",
      "--language",
      "python",
      "--client",
      "requests",
    ]);
    expect(overridden.stdout).toContain('"model": "llama-3.1-8b-fast"');
  });

  it("takes the task from the mapping entry", async () => {
    const model = modelFile("chat-untagged.json", {
      id: "org/chat",
      pipeline_tag: "text-generation",
      tags: [],
      inferenceProviderMapping: { together: { providerId: "org/chat-turbo", status: "live", task: "conversational" } },
    });
    const result = await runInProcess(["snippet", model, "--provider", "together", "--language", "sh", "--client", "curl"]);
    expect(result.status).toBe(0);
    expect(result.stdout).toContain("https://router.huggingface.co/v1/chat/completions");
    expect(result.stdout).toContain('"model": "org/chat:together"');
  });
});

describe("hubref snippet with a hub model id", () => {
  let hub: HubServer;
  const llama = JSON.parse(readFileSync(LLAMA, "utf8")) as Record<string, unknown>;
  beforeAll(async () => {
    hub = await startHubServer({
      "meta-llama/Llama-3.1-8B-Instruct": { body: llama },
      "org/gated": (request) =>
        request.headers.authorization === "Bearer hf_test"
          ? { body: { id: "org/gated", pipeline_tag: "text-classification" } }
          : { status: 401, body: { error: "gated" } },
    });
  });
  afterAll(() => hub.close());

  const env = () => ({ HF_ENDPOINT: hub.endpoint, XDG_CACHE_HOME: mkdtempSync(join(tmpdir(), "hubref-cache-")), HF_TOKEN: undefined });

  it("fetches the metadata by id and generates from it", async () => {
    const result = await runInProcess(["snippet", "meta-llama/Llama-3.1-8B-Instruct", "--provider", "novita", "--language", "js", "--client", "openai"], {
      env: env(),
    });
    expect(result.stderr).toBe("");
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('model: "meta-llama/Llama-3.1-8B-Instruct:novita"');
    const request = hub.requestsFor("meta-llama/Llama-3.1-8B-Instruct")[0]!;
    expect(request.query.getAll("expand[]")).toEqual(expect.arrayContaining(["pipeline_tag", "inferenceProviderMapping", "widgetData"]));
  });

  it("exits 1 for a gated model without a token, and works with HF_TOKEN", async () => {
    const denied = await runInProcess(["snippet", "org/gated", "--language", "python", "--client", "huggingface_hub"], { env: env() });
    expect(denied.status).toBe(1);
    expect(denied.stderr).toMatch(/^error: .*org\/gated/);
    expect(denied.stderr).toContain("HF_TOKEN");
    const allowed = await runInProcess(["snippet", "org/gated", "--language", "python", "--client", "huggingface_hub"], {
      env: { ...env(), HF_TOKEN: "hf_test" },
    });
    expect(allowed.status).toBe(0);
    expect(allowed.stdout).toContain("text_classification(");
  });

  it("serves --offline from the cache, and fails clearly when nothing is cached", async () => {
    const cached = env();
    await runInProcess(["snippet", "meta-llama/Llama-3.1-8B-Instruct", "--json"], { env: cached });
    const before = hub.requests.length;
    const offline = await runInProcess(["snippet", "meta-llama/Llama-3.1-8B-Instruct", "--json", "--offline"], { env: cached });
    expect(offline.status).toBe(0);
    expect(hub.requests.length).toBe(before);
    const missing = await runInProcess(["snippet", "meta-llama/Llama-3.1-8B-Instruct", "--offline"], { env: env() });
    expect(missing.status).toBe(1);
    expect(missing.stderr).toMatch(/^error: /);
  });

  it("rejects an argument that is neither a file nor a model id", async () => {
    const result = await runInProcess(["snippet", "not a model!"], { env: env() });
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/^error: /);
  });
});
