import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runProgram } from "../../src/cli/program.js";
import { parseFits } from "../../src/hardware/budget.js";
import { parseLanguage } from "../../src/inference/values.js";
import { parseLocalRequest } from "../../src/local/request.js";
import { createServer } from "../../src/mcp/server.js";
import { MCP_NAMES } from "../../src/mcp/names.js";
import { isFailure, type Failure } from "../../src/outcome/problems.js";
import { searchRequest } from "../../src/search/request.js";
import { CLI_NAMES } from "../../src/words/cli-names.js";
import { failureText } from "../../src/words/problems.js";
import { fakeContext } from "../helpers/context.js";
import { startGgufHub, type GgufHub, type RepoFile } from "../helpers/gguf-hub.js";
import { llama, LLAMA_8B_QUANT_SIZES } from "../helpers/gguf-models.js";
import { writeGguf } from "../helpers/gguf-writer.js";
import { startHubServer } from "../helpers/hub-server.js";

/*
 * One parser for the command line and the MCP server: the same bad value is
 * refused by both with the same problem record, worded by each edge with its
 * own names (flags there, the tools' arguments here), as `error:` lines and
 * a `hint:` line. The server runs in this process, over the SDK's in-memory
 * transport, against a loopback stand-in hub.
 */

const LLAMA = "acme/Llama-3.1-8B-Instruct-GGUF";
const files: RepoFile[] = LLAMA_8B_QUANT_SIZES.map(([quant, size]) => ({
  name: `Llama-3.1-8B-Instruct-${quant}.gguf`,
  size,
  content: writeGguf(llama(32_000).spec),
}));

type ToolResult = { content: { type: string; text: string }[]; isError?: boolean };

let hub: GgufHub;
let client: Client;

beforeAll(async () => {
  hub = await startGgufHub({ [LLAMA]: { files, gguf: { architecture: "llama", context_length: 131072 } } });
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

async function tool(name: string, args: Record<string, unknown>): Promise<ToolResult> {
  return (await client.callTool({ name, arguments: args })) as ToolResult;
}

async function cli(args: string[]): Promise<{ status: number; stderr: string; stdout: string }> {
  const { context, output, errors } = fakeContext({ HF_ENDPOINT: hub.endpoint, HUBREF_HUB_RETRIES: "0", NO_COLOR: "1" }, false);
  const status = await runProgram(["node", "hubref", ...args], context);
  return { status, stderr: errors(), stdout: output() };
}

/** The failure a domain parser throws for a value. */
function refusal(parse: () => unknown): Failure {
  try {
    parse();
  } catch (error) {
    if (isFailure(error)) return error;
    throw error;
  }
  throw new Error("the parser took the value");
}

/** A failure's lines as an edge prints them, with that edge's names. */
function lines(failure: Failure, names: typeof CLI_NAMES): string {
  const text = failureText(failure, names);
  return [...text.messages.map((message) => `error: ${message}`), ...(text.hint === undefined ? [] : [`hint: ${text.hint}`])].join("\n");
}

interface Row {
  what: string;
  /** The domain parser's refusal: the problem both edges must give. */
  problem: () => unknown;
  tool: string;
  args: Record<string, unknown>;
  argv: string[];
}

const TABLE: Row[] = [
  {
    what: "a context that is no number of tokens",
    problem: () => parseLocalRequest({ ctx: "lots" }),
    tool: "get_snippet",
    args: { model: LLAMA, app: "llama.cpp", ctx: "lots" },
    argv: ["snippet", LLAMA, "--app", "llama.cpp", "--ctx", "lots"],
  },
  {
    what: "a context too small",
    problem: () => parseLocalRequest({ ctx: 3 }),
    tool: "plan_local_run",
    args: { model: LLAMA, fits: "16GB", ctx: 3 },
    argv: ["snippet", LLAMA, "--app", "llama.cpp", "--fits", "16GB", "--ctx", "3"],
  },
  {
    what: "hardware hubref does not know",
    problem: () => parseFits("RTX 9999"),
    tool: "plan_local_run",
    args: { model: LLAMA, fits: "RTX 9999" },
    argv: ["snippet", LLAMA, "--app", "llama.cpp", "--fits", "RTX 9999"],
  },
  {
    what: "system memory beside a size, which names no GPU",
    problem: () => parseLocalRequest({ fits: "16GB", ram: "32GB" }),
    tool: "plan_local_run",
    args: { model: LLAMA, fits: "16GB", ram: "32GB" },
    argv: ["snippet", LLAMA, "--app", "llama.cpp", "--fits", "16GB", "--ram", "32GB"],
  },
  {
    what: "a cache type llama.cpp has not",
    problem: () => parseLocalRequest({ cacheType: "q3_0" }),
    tool: "get_snippet",
    args: { model: LLAMA, app: "llama.cpp", cacheType: "q3_0" },
    argv: ["snippet", LLAMA, "--app", "llama.cpp", "--cache-type", "q3_0"],
  },
  {
    what: "a language hubref does not write",
    problem: () => parseLanguage("cobol"),
    tool: "get_snippet",
    args: { model: LLAMA, language: "cobol" },
    argv: ["snippet", LLAMA, "--language", "cobol"],
  },
  {
    what: "a search limit of none",
    problem: () => searchRequest({ limit: "0" }),
    tool: "search_models",
    args: { limit: 0 },
    argv: ["models", "--limit", "0"],
  },
  {
    what: "a search limit that is no number",
    problem: () => searchRequest({ limit: "many" }),
    tool: "search_models",
    args: { limit: "many" },
    argv: ["models", "--limit", "many"],
  },
  {
    what: "a task the hub has not",
    problem: () => searchRequest({ task: "text-to-txet" }),
    tool: "search_models",
    args: { task: "text-to-txet" },
    argv: ["models", "--task", "text-to-txet"],
  },
  {
    what: "a preference of none of the two, with fits",
    problem: () => parseLocalRequest({ fits: "16GB", prefer: "cheap" }),
    tool: "search_models",
    args: { fits: "16GB", prefer: "cheap" },
    argv: ["models", "--fits", "16GB", "--prefer", "cheap"],
  },
];

describe("the MCP server and the command line refuse the same values with the same problem", () => {
  it.each(TABLE)("$what", async ({ problem, tool: name, args, argv }) => {
    const expected = refusal(problem);
    const command = await cli(argv);
    expect(command.status).toBe(2);
    expect(command.stdout).toBe("");
    expect(command.stderr.trimEnd()).toBe(lines(expected, CLI_NAMES));
    const result = await tool(name, args);
    expect(result.isError).toBe(true);
    const text = result.content.map((part) => part.text).join("\n");
    expect(text).toBe(lines(expected, MCP_NAMES));
    expect(text).toMatch(/^error: /);
    expect(text).toMatch(/\nhint: \S/);
    // The tools' names, never the command line's flags.
    expect(text).not.toMatch(/(?<![\w-])--[a-z]/);
  });
});

describe("arguments a tool would ignore are refused, not dropped", () => {
  it.each([
    [{ model: LLAMA, fits: "16GB" }, /^error: `fits` goes with `app` or `library`.*\nhint: give `app`/],
    [{ model: LLAMA, quant: "Q4_K_M", ctx: "16k" }, /^error: `quant` and `ctx` go with `app` or `library`/],
    [{ model: LLAMA, app: "ollama", language: "python" }, /^error: `app` gives a local app's commands, which `language` does not apply to\nhint: /],
    [{ model: LLAMA, app: "llama.cpp", client: "openai" }, /^error: `app` gives a local app's commands, which `client` does not apply to\nhint: /],
    [{ model: LLAMA, library: true, tools: true }, /^error: `library` gives the library's usage code, which `tools` does not apply to\nhint: /],
  ])("%j", async (args, message) => {
    const result = await tool("get_snippet", args);
    expect(result.isError).toBe(true);
    expect(result.content.map((part) => part.text).join("\n")).toMatch(message);
  });

  it("an argument no tool takes, misspelt or not", async () => {
    const misspelt = await tool("get_snippet", { model: LLAMA, lanugage: "go" });
    expect(misspelt.isError).toBe(true);
    expect(misspelt.content[0]!.text).toBe("error: get_snippet: unknown argument `lanugage`\nhint: did you mean `language`?");
    const other = await tool("list_hardware", { vendor: "nvidia" });
    expect(other.content[0]!.text).toBe("error: list_hardware: unknown argument `vendor`\nhint: its arguments: `query`, `page`");
  });

  it("library code in a language libraries do not write, in the tools' names", async () => {
    const result = await tool("get_snippet", { model: LLAMA, library: true, language: "go" });
    expect(result.isError).toBe(true);
    expect(result.content[0]!.text).toBe("error: `library` gives usage code in python, js, sh, not go\nhint: leave out `library` for go inference snippets");
  });

  it("a search's run settings without fits", async () => {
    const result = await tool("search_models", { ctx: "16k" });
    expect(result.isError).toBe(true);
    expect(result.content[0]!.text).toMatch(/^error: `ctx` does not apply to a search without `fits`\nhint: give `fits`/);
  });

  it("takes the command line's spellings the schema used to refuse: 16k tokens, a cache type in capitals", async () => {
    const result = await tool("get_snippet", { model: LLAMA, app: "llama.cpp", ctx: "16k", cacheType: "Q8_0" });
    expect(result.isError, result.content[0]?.text).toBeFalsy();
    const command = await cli(["snippet", LLAMA, "--app", "llama.cpp", "--ctx", "16k", "--cache-type", "Q8_0", "--json"]);
    expect(command.status).toBe(0);
    const blocks = (result as { structuredContent?: { blocks: { content: string }[] } }).structuredContent!.blocks;
    expect(blocks.map((block) => block.content)).toEqual((JSON.parse(command.stdout) as { content: string }[]).map((block) => block.content));
    expect(blocks.map((block) => block.content).join("\n")).toContain("-c 16384 -fa on -ctk q8_0 -ctv q8_0");
  });
});

describe("what the library words for its callers, the server words for agents", () => {
  it("a gated model asks for the server's HF_TOKEN, not the library's `hub.token`", async () => {
    const gated = await startHubServer({ "acme/gated": { status: 401, body: { error: "Access to model acme/gated is restricted." } } });
    const server = createServer({ env: { HF_ENDPOINT: gated.endpoint, HUBREF_HUB_RETRIES: "0" }, offline: false, version: "test" });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    const other = new Client({ name: "hubref-test", version: "1.0.0" });
    await other.connect(clientSide);
    try {
      const result = (await other.callTool({ name: "describe_model", arguments: { model: "acme/gated" } })) as ToolResult;
      expect(result.isError).toBe(true);
      const text = result.content.map((part) => part.text).join("\n");
      expect(text).toMatch(/^error: cannot read model 'acme\/gated' \(HTTP 401\)/);
      expect(text).toMatch(/\nhint: set HF_TOKEN to an access token/);
      expect(text).not.toContain("hub.token");
    } finally {
      await other.close();
      await gated.close();
    }
  });
});
