import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { servePlan, type ModelData } from "../../src/api/index.js";
import { createServer } from "../../src/mcp/server.js";
import { runInProcess } from "../helpers/in-process.js";
import { startSafetensorsHub, type SafetensorsHub } from "../helpers/safetensors-hub.js";
import * as models from "../helpers/safetensors-models.js";

/*
 * The serving plan through the library (servePlan) and MCP (plan_local_run
 * with app vllm or sglang, for a safetensors repository) is the plan
 * `snippet --app vllm --fits --json` prints: one domain function behind the
 * three. What does not fit is a plan with fits false and the refusal's words.
 */

let hub: SafetensorsHub;
const root = mkdtempSync(join(tmpdir(), "hubref-serve-plan-"));
const LLAMA = "meta-llama/Llama-3.1-8B-Instruct";

beforeAll(async () => {
  hub = await startSafetensorsHub({
    [LLAMA]: { checkpoint: models.LLAMA_3_1_8B(), shardBytes: 5e9 },
    "Qwen/Qwen3-32B": { checkpoint: models.QWEN3_32B(), shardBytes: 5e9 },
  });
});

afterAll(async () => {
  await hub.close();
  rmSync(root, { recursive: true, force: true });
});

let caches = 0;
const cacheDir = () => join(root, `cache-${caches++}`);

async function cliPlan(id: string, args: string[]): Promise<Record<string, unknown>> {
  const result = await runInProcess(["snippet", id, ...args, "--json"], {
    env: { HF_ENDPOINT: hub.endpoint, XDG_CACHE_HOME: cacheDir(), HF_TOKEN: undefined },
  });
  expect(result.status, result.stderr).toBe(0);
  return (JSON.parse(result.stdout) as { plan: Record<string, unknown> }[])[0]!.plan;
}

async function mcpClient(): Promise<Client> {
  const server = createServer({ env: { HF_ENDPOINT: hub.endpoint, XDG_CACHE_HOME: cacheDir() }, offline: false, version: "0.0.0" });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: "hubref-test", version: "1.0.0" });
  await client.connect(clientSide);
  return client;
}

type ToolResult = { content: { type: string; text: string }[]; structuredContent?: Record<string, unknown>; isError?: boolean };

describe("the serving plan in the library and MCP", () => {
  it.each([
    [LLAMA, { fits: "RTX 4090" }, ["--app", "vllm", "--fits", "RTX 4090"]],
    [LLAMA, { fits: "H100", ctx: 16384, kvCacheDtype: "fp8" }, ["--app", "vllm", "--fits", "H100", "--ctx", "16384", "--kv-cache-dtype", "fp8"]],
    [
      "Qwen/Qwen3-32B",
      { engine: "sglang" as const, fits: "2x H100", gpuMemoryUtilization: 0.85 },
      ["--app", "sglang", "--fits", "2x H100", "--gpu-memory-utilization", "0.85"],
    ],
  ])("servePlan(%s, %j) is the snippet's plan", async (id, options, args) => {
    const result = await servePlan(id, options, { endpoint: hub.endpoint, cacheDir: cacheDir() });
    expect(result.ok && result.value).toEqual(await cliPlan(id, args));
  });

  it("takes model metadata as the hub's API gives it, and says what would when nothing fits", async () => {
    const metadata = (await (await fetch(`${hub.endpoint}/api/models/${LLAMA}`)).json()) as ModelData;
    const result = await servePlan(metadata, { fits: "RTX 4090", ctx: 131072 }, { endpoint: hub.endpoint, cacheDir: cacheDir() });
    if (!result.ok) throw new Error(result.problem.message);
    expect(result.value).toMatchObject({ fits: false, maxModelLen: 131072 });
    expect(result.warnings.join("\n")).toMatch(/vLLM would not start meta-llama\/Llama-3\.1-8B-Instruct on RTX 4090, 24 GB at 131,072 tokens/);
    expect(result.warnings.join("\n")).toMatch(/what would: `ctx` \d+ or less/);
  });

  it.each([
    [{ fits: "RTX 4090", gpuMemoryUtilization: 1.5 }, "serve-setting-invalid"],
    [{ fits: "RTX 4090", kvCacheDtype: "q8_0" }, "serve-setting-invalid"],
    [{ fits: "M3 Max:64" }, "serve-hardware-unsupported"],
  ])("refuses %j as a problem", async (options, kind) => {
    const result = await servePlan(LLAMA, options, { endpoint: hub.endpoint, cacheDir: cacheDir() });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.problem).toMatchObject({ code: "invalid-input", kind });
  });

  it("gives plan_local_run's plan and the server's command for app vllm", async () => {
    const client = await mcpClient();
    const result = (await client.callTool({
      name: "plan_local_run",
      arguments: { model: LLAMA, app: "vllm", fits: "RTX 4090", ctx: 16384, kvCacheDtype: "fp8" },
    })) as ToolResult;
    expect(result.isError, result.content[0]?.text).toBeFalsy();
    const answer = result.structuredContent as { plan: unknown; commands: string; quant: unknown; notes: string[] };
    expect(answer.plan).toEqual(await cliPlan(LLAMA, ["--app", "vllm", "--fits", "RTX 4090", "--ctx", "16384", "--kv-cache-dtype", "fp8"]));
    expect(answer.commands).toContain(`vllm serve ${LLAMA} --max-model-len 16384 --kv-cache-dtype fp8`);
    expect(answer.quant).toBeNull();
    expect(answer.notes[0]).toMatch(/^vLLM 0\.25 starts/);
    await client.close();
  });
});
