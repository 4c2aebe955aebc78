import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inferenceSnippets, libraryCode, type ModelData } from "../../src/api/index.js";
import { BIN } from "../helpers/cli.js";
import { startGgufHub, type GgufHub, type RepoFile } from "../helpers/gguf-hub.js";
import { llama, LLAMA_8B_QUANT_SIZES } from "../helpers/gguf-models.js";
import { writeGguf } from "../helpers/gguf-writer.js";
import { startHubServer, type HubServer } from "../helpers/hub-server.js";
import { startRouterServer } from "../helpers/router-server.js";
import { runInProcess } from "../helpers/in-process.js";
import { HOSTILE_IDS, startSearchHub, type SearchHub } from "../helpers/search-hub.js";

/*
 * `hubref mcp`, started as a child process from the built binary and driven
 * by the SDK's own client over stdio, against loopback stand-ins for the hub.
 */

const MODELS_DIR = "catalogue/models";
const examples: ModelData[] = readdirSync(MODELS_DIR).map((name) => JSON.parse(readFileSync(join(MODELS_DIR, name), "utf8")));
const LLAMA = "acme/Llama-3.1-8B-Instruct-GGUF";
const ggufFiles: RepoFile[] = LLAMA_8B_QUANT_SIZES.map(([quant, size]) => ({
  name: `Llama-3.1-8B-Instruct-${quant}.gguf`,
  size,
  content: writeGguf(llama(32_000).spec),
}));
/** What a terminal or an agent's screen could act on: C0 and C1 controls but line feeds, DEL, bidirectional overrides. */
const UNSAFE = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

type ToolResult = { content: { type: string; text: string }[]; structuredContent?: Record<string, unknown>; isError?: boolean };

async function startClient(env: NodeJS.ProcessEnv): Promise<{ client: Client; transport: StdioClientTransport }> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [BIN, "mcp"],
    env: { PATH: process.env.PATH ?? "", ...env } as Record<string, string>,
    stderr: "pipe",
  });
  const client = new Client({ name: "hubref-test", version: "1.0.0" });
  await client.connect(transport);
  return { client, transport };
}

const call = async (client: Client, name: string, args: Record<string, unknown>) => (await client.callTool({ name, arguments: args })) as ToolResult;
const textOf = (result: ToolResult) => result.content.map((part) => part.text).join("\n");

let hub: HubServer;
let gguf: GgufHub;
let search: SearchHub;
let client: Client;
let transport: StdioClientTransport;

beforeAll(async () => {
  hub = await startHubServer({
    ...Object.fromEntries(examples.map((model) => [model.id, { body: model }])),
    "acme/broken": { status: 500, body: { error: "upstream exploded" } },
    "acme/hangs": { headersDelayMs: 60_000 },
  });
  gguf = await startGgufHub({ [LLAMA]: { files: ggufFiles, gguf: { architecture: "llama", context_length: 131072 } } });
  search = await startSearchHub();
  // No cache (no HOME): every answer comes from the stand-in hub. The deadline is generous, so that a busy
  // machine's slow reply is not read as a hung hub; the test of a hung hub starts a server of its own.
  ({ client, transport } = await startClient({ HF_ENDPOINT: hub.endpoint, HUBREF_HUB_TIMEOUT_MS: "30000", HUBREF_HUB_RETRIES: "0" }));
}, 60_000);

afterAll(async () => {
  await client?.close();
  await Promise.all([hub?.close(), gguf?.close(), search?.close()]);
});

describe("hubref mcp", () => {
  it("lists its tools, each with JSON Schemas for input and output", async () => {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(
      ["describe_model", "get_snippet", "list_hardware", "list_tasks", "plan_local_run", "search_models"].sort(),
    );
    for (const tool of tools) {
      expect(tool.inputSchema.type).toBe("object");
      expect(tool.outputSchema?.type).toBe("object");
      expect(tool.description).toBeTruthy();
    }
  });

  it("gives the same snippets as the command line and the library, byte for byte", async () => {
    let compared = 0;
    for (const model of examples) {
      const cli = await runInProcess(["snippet", model.id, "--json"], { env: { HF_ENDPOINT: hub.endpoint, HOME: undefined, XDG_CACHE_HOME: undefined } });
      const library = inferenceSnippets(model);
      const blocks: { content: string; language: string }[] = [];
      let result: ToolResult;
      let page = 1;
      do {
        result = await call(client, "get_snippet", { model: model.id, language: "all", page });
        if (result.isError) {
          expect(cli.status, `${model.id}: ${textOf(result)}`).not.toBe(0);
          break;
        }
        blocks.push(...(result.structuredContent!.blocks as { content: string; language: string }[]));
        page++;
      } while (page <= (result.structuredContent!.pages as number));
      if (cli.status !== 0) {
        expect(result.isError, model.id).toBe(true);
        expect(library.ok).toBe(false);
        continue;
      }
      const expected = (JSON.parse(cli.stdout) as { content: string }[]).map((snippet) => snippet.content);
      expect(
        blocks.map((block) => block.content),
        model.id,
      ).toEqual(expected);
      expect(library.ok && library.value.map((snippet) => snippet.content), model.id).toEqual(expected);
      compared += expected.length;
    }
    expect(compared).toBeGreaterThan(examples.length);
  }, 120_000);

  it("gives a model's library code as `snippet --library` does", async () => {
    const model = examples.find((example) => example.library_name === "transformers")!;
    const result = await call(client, "get_snippet", { model: model.id, library: true, language: "python" });
    const library = await libraryCode(model, { language: "python" });
    expect(result.isError).toBeFalsy();
    expect((result.structuredContent!.blocks as { content: string }[]).map((block) => block.content)).toEqual(
      library.ok && library.value.map((block) => block.content),
    );
  });

  it("writes Responses API code with a reasoning effort as `snippet --api responses` does", async () => {
    const chat = examples.find((example) => example.id === "meta-llama/Llama-3.1-8B-Instruct")!;
    const args = { model: chat.id, language: "python", client: "openai", api: "responses", reasoningEffort: "low" };
    const result = await call(client, "get_snippet", args);
    expect(result.isError, textOf(result)).toBeFalsy();
    const cli = await runInProcess(
      ["snippet", chat.id, "--api", "responses", "--reasoning-effort", "low", "--language", "python", "--client", "openai", "--json"],
      { env: { HF_ENDPOINT: hub.endpoint, HOME: undefined, XDG_CACHE_HOME: undefined } },
    );
    const expected = (JSON.parse(cli.stdout) as { content: string }[]).map((snippet) => snippet.content);
    expect(expected[0]).toContain("client.responses.create");
    expect((result.structuredContent!.blocks as { content: string }[]).map((block) => block.content)).toEqual(expected);
    const refused = await call(client, "get_snippet", { ...args, client: "huggingface_hub" });
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toMatch(/^error: huggingface_hub does not speak the Responses API/);
  });

  it("answers bad arguments with the protocol's error result, and keeps serving", async () => {
    const model = examples.find((example) => example.id.includes("GGUF"))!;
    const unknownApp = await call(client, "get_snippet", { model: model.id, app: "ollamma" });
    expect(unknownApp.isError).toBe(true);
    expect(textOf(unknownApp)).toMatch(/^error: unknown app 'ollamma'\nhint: .*ollama/);
    const badLanguage = await call(client, "get_snippet", { model: model.id, language: "cobol" });
    expect(badLanguage.isError).toBe(true);
    expect(textOf(badLanguage)).toContain("language");
    const chat = examples.find((example) => example.id === "meta-llama/Llama-3.1-8B-Instruct")!;
    const tools = await call(client, "get_snippet", { model: chat.id, language: "go", tools: true });
    expect(tools.isError).toBeFalsy();
    expect((tools.structuredContent!.blocks as { content: string }[])[0]!.content).toContain("maxRounds");
    const badTools = await call(client, "get_snippet", { model: chat.id, tools: [{ type: "function", function: { name: "a b" } }] });
    expect(badTools.isError).toBe(true);
    expect(textOf(badTools)).toMatch(/^error: `tools`: field/);
    const badId = await call(client, "describe_model", { model: "not an id" });
    expect(badId.isError).toBe(true);
    expect((await call(client, "list_tasks", {})).isError).toBeFalsy();
  });

  it("a hub that fails, or hangs, is an error result within the deadline; the next call is served", async () => {
    // A short deadline: the hung hub costs a second.
    const short = await startClient({ HF_ENDPOINT: hub.endpoint, HUBREF_HUB_TIMEOUT_MS: "1000", HUBREF_HUB_RETRIES: "0" });
    try {
      const broken = await call(short.client, "describe_model", { model: "acme/broken" });
      expect(broken.isError).toBe(true);
      expect(textOf(broken)).toMatch(/^error: .*500/);
      const hung = await call(short.client, "describe_model", { model: "acme/hangs" });
      expect(hung.isError).toBe(true);
      expect(textOf(hung)).toMatch(/^error: /);
      const next = await call(short.client, "get_snippet", { model: examples[0]!.id, language: "sh" });
      expect(next.isError).toBeFalsy();
    } finally {
      await short.client.close();
    }
  }, 60_000);

  it("pages long lists and bounds every answer", async () => {
    const first = await call(client, "list_hardware", {});
    const { hardware, page, pages, total } = first.structuredContent as { hardware: unknown[]; page: number; pages: number; total: number };
    expect(page).toBe(1);
    expect(pages).toBeGreaterThan(1);
    expect(hardware.length).toBeLessThan(total);
    const last = await call(client, "list_hardware", { page: pages });
    expect((last.structuredContent!.hardware as unknown[]).length).toBe(total - (pages - 1) * hardware.length);
    const filtered = await call(client, "list_hardware", { query: "rtx 4090" });
    expect((filtered.structuredContent!.hardware as { name: string }[]).every((device) => /4090/.test(device.name))).toBe(true);
  });

  it("serves fifty calls in a row on one server, its memory flat", async () => {
    const rss = () => {
      const status = readFileSync(`/proc/${transport.pid}/status`, "utf8");
      return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) * 1024;
    };
    const model = examples[0]!.id;
    for (let index = 0; index < 10; index++) await call(client, "get_snippet", { model });
    const before = rss();
    for (let index = 0; index < 50; index++) expect((await call(client, "get_snippet", { model })).isError).toBeFalsy();
    // Warm, fifty more calls may not keep what they made: a leak of one snippet set per call would show.
    expect(rss() - before).toBeLessThan(40e6);
  }, 120_000);
});

describe("hubref mcp against other hubs", () => {
  it("passes no control character or bidirectional override of hub text to the agent", async () => {
    search.troubles.push({ kind: "hostile" });
    const { client: hostile } = await startClient({ HF_ENDPOINT: search.endpoint, HUBREF_HUB_RETRIES: "0" });
    try {
      const result = await call(hostile, "search_models", { query: "evil", limit: 100 });
      expect(result.isError).toBeFalsy();
      const ids = (result.structuredContent!.models as { id: string }[]).map((hit) => hit.id);
      expect(ids.some((id) => id.startsWith("evil/"))).toBe(true);
      expect(ids.filter((id) => UNSAFE.test(id))).toEqual([]);
      expect(UNSAFE.test(textOf(result))).toBe(false);
      expect(HOSTILE_IDS.length).toBeGreaterThan(0);
    } finally {
      await hostile.close();
    }
  });

  it("plans a local run of a GGUF repository on named hardware, as `snippet --app --fits` does", async () => {
    const { client: local } = await startClient({ HF_ENDPOINT: gguf.endpoint });
    try {
      const result = await call(local, "plan_local_run", { model: LLAMA, fits: "12GB", ctx: 32768 });
      expect(result.isError).toBeFalsy();
      const cli = await runInProcess(["snippet", LLAMA, "--app", "llama.cpp", "--fits", "12GB", "--ctx", "32768"], {
        env: { HF_ENDPOINT: gguf.endpoint, HOME: undefined, XDG_CACHE_HOME: undefined },
      });
      expect(result.structuredContent!.commands).toBe(cli.stdout);
      expect((result.structuredContent!.quant as { label: string }).label).toBe("Q5_K_M");
      expect((result.structuredContent!.notes as string[]).join("\n")).toContain(
        "Q5_K_M is the largest of Q4_K_M's class (up to Q8_0) that fits at 32,768 tokens",
      );
      // One parser for every edge: a bad value is refused as the command line refuses it, in the tools' own names.
      const bad = await call(local, "plan_local_run", { model: LLAMA, fits: "12GB", ram: "lots" });
      expect(bad.isError).toBe(true);
      expect(textOf(bad)).toMatch(/^error: `ram` takes a memory size such as 32GB or 16GiB, got 'lots'/);
      const offer = await call(local, "describe_model", { model: LLAMA });
      expect(offer.isError).toBeFalsy();
      expect((offer.structuredContent!.model as { id: string }).id).toBe(LLAMA);
    } finally {
      await local.close();
    }
  });

  it("checks tools against the router's list as the command line does, and takes the router's policies", async () => {
    const router = await startRouterServer();
    const providers = [
      { provider: "novita", status: "live", supports_tools: false },
      { provider: "cerebras", status: "live", supports_tools: true },
    ];
    router.answer({ body: { data: [{ id: "meta-llama/Llama-3.1-8B-Instruct", providers }] } });
    const { client: routed } = await startClient({ HF_ENDPOINT: hub.endpoint, HUBREF_ROUTER_URL: router.endpoint, HUBREF_HUB_RETRIES: "0" });
    try {
      const model = "meta-llama/Llama-3.1-8B-Instruct";
      const refused = await call(routed, "get_snippet", { model, provider: "novita", tools: true, client: "fetch" });
      expect(refused.isError).toBe(true);
      expect(textOf(refused)).toMatch(/^error: .*novita does not take tool calls \(`tools`\).*\nhint: providers that do: cerebras/);
      const pinned = await call(routed, "get_snippet", { model, tools: true, client: "fetch" });
      expect(pinned.isError).toBeFalsy();
      expect((pinned.structuredContent!.blocks as { content: string }[])[0]!.content).toContain(`"${model}:cerebras"`);
      expect((pinned.structuredContent!.notes as string[]).join("\n")).toContain("pinned to cerebras");
      const fastest = await call(routed, "get_snippet", { model, provider: "fastest", client: "fetch" });
      expect(fastest.isError).toBeFalsy();
      expect((fastest.structuredContent!.blocks as { content: string }[])[0]!.content).toContain(`"${model}:fastest"`);
      expect((await call(routed, "get_snippet", { model, provider: "fastest", tools: true })).isError).toBe(true);
    } finally {
      await routed.close();
      await router.close();
    }
  });
});
