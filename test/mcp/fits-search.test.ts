import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { modelsThatFit } from "../../src/api/index.js";
import { runProgram } from "../../src/cli/program.js";
import { createServer } from "../../src/mcp/server.js";
import { fakeContext } from "../helpers/context.js";
import { type FitsHub, startFitsHub } from "../helpers/fits-hub.js";

/*
 * "Which models run on my GPU", asked through MCP: search_models with the
 * fits filters of `hubref models --fits` answers from the same search and
 * the same judge, so it lists the same repositories with the same quants as
 * the command line's --json, against the stand-in hub of test/helpers/fits-hub.ts.
 */

type Row = { id: string; quant: string | null; file: string; size: number; runs: string; plan: { context: number } };

let hub: FitsHub;
let client: Client;

beforeAll(async () => {
  hub = await startFitsHub();
  const server = createServer({ env: { HF_ENDPOINT: hub.endpoint, HUBREF_HUB_RETRIES: "0" }, offline: false, version: "test" });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  client = new Client({ name: "hubref-test", version: "1.0.0" });
  await client.connect(clientSide);
});

afterAll(async () => {
  await client?.close();
  await hub?.close();
});

async function cliRows(args: string[]): Promise<Row[]> {
  const cache = mkdtempSync(join(tmpdir(), "hubref-mcp-fits-"));
  const { context, output, errors } = fakeContext({ HF_ENDPOINT: hub.endpoint, XDG_CACHE_HOME: cache, NO_COLOR: "1" }, false);
  const status = await runProgram(["node", "hubref", "models", ...args, "--json"], context);
  expect(status, errors()).toBe(0);
  return JSON.parse(output()) as Row[];
}

const REQUESTS: [Record<string, unknown>, string[]][] = [
  [
    { fits: "RTX 4090", ctx: 32768, task: "text-generation", limit: 10 },
    ["--fits", "RTX 4090", "--ctx", "32768", "--task", "text-generation", "--limit", "10"],
  ],
  [{ fits: "16GB", ctx: "8k", cacheType: "q8_0", limit: 8 }, ["--fits", "16GB", "--ctx", "8k", "--cache-type", "q8_0", "--limit", "8"]],
  [{ fits: "RTX 3060:12", ram: "64GB", prefer: "quality", limit: 6 }, ["--fits", "RTX 3060:12", "--ram", "64GB", "--prefer", "quality", "--limit", "6"]],
];

describe("search_models with fits", () => {
  it.each(REQUESTS)(
    "%j lists what `hubref models --fits --json` lists",
    async (args, argv) => {
      const expected = await cliRows(argv);
      expect(expected.length).toBeGreaterThan(0);
      const answer = (await client.callTool({ name: "search_models", arguments: args })) as {
        isError?: boolean;
        content: { text: string }[];
        structuredContent?: { models: Row[]; notes: string[] };
      };
      expect(answer.isError, answer.content[0]?.text).toBeFalsy();
      const models = answer.structuredContent!.models;
      const pick = (rows: Row[]) => rows.map(({ id, quant, file, size, runs, plan }) => ({ id, quant, file, size, runs, context: plan.context }));
      expect(pick(models)).toEqual(pick(expected));
      expect(answer.structuredContent!.notes.join("\n")).toMatch(/^models that fit /);
    },
    60_000,
  );

  it("the library's modelsThatFit gives the same rows", async () => {
    const [args, argv] = REQUESTS[0]!;
    const expected = await cliRows(argv);
    const { fits, ctx, ...filters } = args as { fits: string; ctx: number; task: string; limit: number };
    const found = await modelsThatFit(filters, { fits, ctx }, { endpoint: hub.endpoint });
    if (!found.ok) throw new Error(found.problem.message);
    expect(found.value.map((row) => [row.id, row.quant])).toEqual(expected.map((row) => [row.id, row.quant]));
  }, 60_000);
});
