import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ModelData } from "../../src/api/index.js";
import { createServer, MAX_ANSWER_CHARS, PAGE_BLOCKS, PAGE_SIZE } from "../../src/mcp/server.js";
import { startGgufHub, type GgufHub, type RepoFile } from "../helpers/gguf-hub.js";
import { writeGguf } from "../helpers/gguf-writer.js";
import { llama } from "../helpers/gguf-models.js";
import { startHubServer, type HubServer } from "../helpers/hub-server.js";

/*
 * Answers an agent can take in: one language by default, a page of blocks
 * within the sizes docs/mcp.md states, and a note naming the argument that
 * fetches the rest. The biggest answers hubref can make are asked for: a
 * chat model's tool-calling programs in every language, and a GGUF
 * repository with more quants than a page holds.
 */

const examples: ModelData[] = readdirSync("catalogue/models").map((name) => JSON.parse(readFileSync(join("catalogue/models", name), "utf8")));
const CHAT = "meta-llama/Llama-3.1-8B-Instruct";
const MANY = "acme/Many-Quants-GGUF";
const QUANTS = [
  ...["IQ1_S", "IQ1_M", "IQ2_XXS", "IQ2_XS", "IQ2_S", "IQ2_M", "IQ3_XXS", "IQ3_XS", "IQ3_S", "IQ3_M", "IQ4_XS", "IQ4_NL"],
  ...["Q2_K", "Q3_K_S", "Q3_K_M", "Q3_K_L", "Q4_0", "Q4_K_S", "Q4_K_M", "Q5_0", "Q5_K_S", "Q5_K_M", "Q6_K", "Q8_0", "F16"],
];
const manyFiles: RepoFile[] = QUANTS.map((quant, index) => ({ name: `Many-${quant}.gguf`, size: 1e9 + index * 5e8, content: writeGguf(llama(32_000).spec) }));

/** What an answer's text adds to its blocks' JSON: indentation, notes, the page's numbers (docs/mcp.md states the sum). */
const ENVELOPE = 2_000;

type Answer = { content: { text: string }[]; structuredContent?: Record<string, unknown>; isError?: boolean };

let hub: HubServer;
let gguf: GgufHub;
let client: Client;
let local: Client;

async function connect(endpoint: string): Promise<Client> {
  const server = createServer({ env: { HF_ENDPOINT: endpoint, HUBREF_HUB_RETRIES: "0" }, offline: false, version: "test" });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const connected = new Client({ name: "hubref-test", version: "1.0.0" });
  await connected.connect(clientSide);
  return connected;
}

beforeAll(async () => {
  hub = await startHubServer(Object.fromEntries(examples.map((model) => [model.id, { body: model }])));
  gguf = await startGgufHub({ [MANY]: { files: manyFiles, gguf: { architecture: "llama", context_length: 131072 } } });
  client = await connect(hub.endpoint);
  local = await connect(gguf.endpoint);
});

afterAll(async () => {
  await Promise.all([client?.close(), local?.close()]);
  await Promise.all([hub?.close(), gguf?.close()]);
});

const call = async (on: Client, name: string, args: Record<string, unknown>) => (await on.callTool({ name, arguments: args })) as Answer;
const size = (answer: Answer) => answer.content.map((part) => part.text).join("\n").length;
const blocksOf = (answer: Answer) => answer.structuredContent!.blocks as { language: string; content: string }[];
const notesOf = (answer: Answer) => (answer.structuredContent!.notes as string[]).join("\n");

describe("bounded answers", () => {
  it("get_snippet gives python alone by default, and says how to get another language", async () => {
    const answer = await call(client, "get_snippet", { model: CHAT, tools: true });
    expect(answer.isError, answer.content[0]?.text).toBeFalsy();
    expect(new Set(blocksOf(answer).map((block) => block.language))).toEqual(new Set(["python"]));
    expect(notesOf(answer)).toContain("python only: pass `language` for another (js, sh");
    expect(size(answer)).toBeLessThanOrEqual(MAX_ANSWER_CHARS + ENVELOPE);
    const go = await call(client, "get_snippet", { model: CHAT, tools: true, language: "go" });
    expect(new Set(blocksOf(go).map((block) => block.language))).toEqual(new Set(["go"]));
    expect(notesOf(go)).not.toContain("python only");
  });

  it("every language's tool-calling programs come a page at a time, each page within the stated size", async () => {
    let page = 1;
    let pages = 1;
    let total = 0;
    const seen: string[] = [];
    do {
      const answer = await call(client, "get_snippet", { model: CHAT, tools: true, language: "all", page });
      expect(answer.isError, answer.content[0]?.text).toBeFalsy();
      const blocks = blocksOf(answer);
      pages = answer.structuredContent!.pages as number;
      total = answer.structuredContent!.total as number;
      expect(blocks.length).toBeGreaterThan(0);
      expect(blocks.length).toBeLessThanOrEqual(PAGE_BLOCKS);
      // A page holds MAX_ANSWER_CHARS of blocks; the envelope (indentation, notes) adds a little; one block alone may be larger.
      if (blocks.length > 1) expect(size(answer)).toBeLessThanOrEqual(MAX_ANSWER_CHARS + ENVELOPE);
      if (page < pages) expect(notesOf(answer)).toContain(`pass \`page: ${page + 1}\` for the next`);
      seen.push(...blocks.map((block) => block.content));
      page++;
    } while (page <= pages);
    expect(pages).toBeGreaterThan(2);
    expect(seen.length).toBe(new Set(seen).size);
    expect(seen.length).toBe(total);
  });

  it("describe_model gives a page of quants and says how to get the rest", async () => {
    const first = await call(local, "describe_model", { model: MANY });
    expect(first.isError, first.content[0]?.text).toBeFalsy();
    const { model, page, pages, total } = first.structuredContent as { model: { quants: unknown[] }; page: number; pages: number; total: number };
    expect(total).toBe(QUANTS.length);
    expect(model.quants).toHaveLength(PAGE_SIZE);
    expect([page, pages]).toEqual([1, 2]);
    expect(notesOf(first)).toContain("quants: page 1 of 2 (25 in all): pass `page: 2` for the next");
    const second = await call(local, "describe_model", { model: MANY, page: 2 });
    expect((second.structuredContent!.model as { quants: unknown[] }).quants).toHaveLength(total - PAGE_SIZE);
  });
});
