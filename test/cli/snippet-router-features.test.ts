import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runProgram } from "../../src/cli/program.js";
import { fakeContext } from "../helpers/context.js";
import { CHAT_MODEL, startHubServer, type HubServer } from "../helpers/hub-server.js";
import { startRouterServer, type RouterServer } from "../helpers/router-server.js";

/*
 * `hubref snippet MODEL --tools/--schema` against the router's model list
 * (served by the stand-in router): a named provider that lacks the feature is
 * refused with those that have it, auto pins one that has it and says so,
 * the policies are refused, and without the list the snippet is written
 * unchecked with one note.
 */

const ID = CHAT_MODEL.id;
const provider = (name: string, tools: boolean | null, structured: boolean | null, status = "live") => ({
  provider: name,
  status,
  context_length: 32768,
  pricing: { input: 0.1, output: 0.2 },
  supports_tools: tools,
  supports_structured_output: structured,
});
/** novita: structured output only; cerebras: tools only; newcloud (no table in hubref, not in the hub's mapping): both; hf-inference: the router does not say. */
const LIST = {
  data: [
    {
      id: ID,
      providers: [
        provider("novita", false, true),
        provider("cerebras", true, false),
        provider("groq", true, true, "staging"),
        provider("newcloud", true, true),
        provider("hf-inference", null, null),
      ],
    },
  ],
};
const NONE_HAS_TOOLS = { data: [{ id: ID, providers: [provider("novita", false, true), provider("cerebras", false, false)] }] };

let hub: HubServer;
let router: RouterServer;
const dirs: string[] = [];
function cacheDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "hubref-router-features-"));
  dirs.push(dir);
  return dir;
}
const shared = cacheDir();

beforeAll(async () => {
  hub = await startHubServer({ [ID]: { body: CHAT_MODEL } });
  router = await startRouterServer();
  router.answer({ body: LIST });
});
afterAll(async () => {
  await hub.close();
  await router.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

async function run(args: string[], env: NodeJS.ProcessEnv = {}) {
  const { context, output, errors } = fakeContext(
    { NO_COLOR: "1", XDG_CACHE_HOME: shared, HF_ENDPOINT: hub.endpoint, HUBREF_ROUTER_URL: router.endpoint, HUBREF_HUB_RETRIES: "0", ...env },
    false,
  );
  const status = await runProgram(["node", "hubref", "snippet", ID, "--language", "python", "--client", "openai", ...args], context);
  return { status, stdout: output(), stderr: errors() };
}

/** The model the openai snippet's request names. */
function modelLine(stdout: string): string | undefined {
  return /^ +(?:"model": |model=)"([^"]*)",$/m.exec(stdout)?.[1];
}

describe("--tools and --schema with a named provider", () => {
  it("refuses a provider the router lists without the feature, naming those that have it", async () => {
    const result = await run(["--tools", "--provider", "novita"]);
    expect(result).toEqual({
      status: 2,
      stdout: "",
      stderr: `error: ${ID}: novita does not take tool calls (--tools), as the router lists it\nhint: providers that do: cerebras, newcloud (choose with --provider)\n`,
    });
    const schema = await run(["--schema", "--provider", "cerebras"]);
    expect(schema.status).toBe(2);
    expect(schema.stderr).toBe(
      `error: ${ID}: cerebras does not take structured output (--schema), as the router lists it\nhint: providers that do: novita, newcloud (choose with --provider)\n`,
    );
  });

  it("writes the snippet for a provider that has it, pinned, without a word", async () => {
    const result = await run(["--tools", "--provider", "cerebras"]);
    expect(result.status, result.stderr).toBe(0);
    expect(result.stderr).toBe("");
    expect(modelLine(result.stdout)).toBe(`${ID}:cerebras`);
  });

  it("takes a provider hubref has no table for when the router lists it live, though the hub's mapping does not", async () => {
    const result = await run(["--tools", "--schema", "--provider", "newcloud"]);
    expect(result.status, result.stderr).toBe(0);
    expect(modelLine(result.stdout)).toBe(`${ID}:newcloud`);
  });

  it("notes a provider the router says nothing about, and goes on", async () => {
    const result = await run(["--tools", "--provider", "hf-inference"]);
    expect(result.status, result.stderr).toBe(0);
    expect(result.stderr).toBe(`note: ${ID}: the router does not say whether hf-inference takes tool calls (--tools)\n`);
  });
});

describe("--tools and --schema with --provider auto", () => {
  it("pins the first live provider that has the feature, and says which and why in one line", async () => {
    const tools = await run(["--tools"]);
    expect(tools.status, tools.stderr).toBe(0);
    expect(modelLine(tools.stdout)).toBe(`${ID}:cerebras`);
    expect(tools.stderr).toBe(
      `note: ${ID}: --tools needs a provider that takes tool calls: pinned to cerebras, the first of cerebras, newcloud in the router's list\n`,
    );
    const schema = await run(["--schema"]);
    expect(modelLine(schema.stdout)).toBe(`${ID}:novita`);
  });

  it("needs both features of one provider for --tools with --schema: here one hubref has no table for, through the router", async () => {
    const result = await run(["--tools", "--schema", "--provider", "auto"]);
    expect(result.status, result.stderr).toBe(0);
    expect(modelLine(result.stdout)).toBe(`${ID}:newcloud`);
    expect(result.stderr).toBe(
      `note: ${ID}: --tools and --schema need a provider that takes tool calls and structured output: pinned to newcloud, the only one in the router's list\n`,
    );
  });

  it("exits 2 when no live provider has the feature", async () => {
    router.answer({ body: NONE_HAS_TOOLS });
    try {
      const result = await run(["--tools"], { XDG_CACHE_HOME: cacheDir() });
      expect(result).toEqual({
        status: 2,
        stdout: "",
        stderr: `error: ${ID}: no live provider of ${ID} takes tool calls (--tools), as the router lists them\nhint: leave out --tools, or choose another model\n`,
      });
    } finally {
      router.answer({ body: LIST });
    }
  });

  it("writes the snippet unchecked, with one note, when the router does not list the model", async () => {
    router.answer({ body: { data: [] } });
    try {
      const result = await run(["--tools"], { XDG_CACHE_HOME: cacheDir() });
      expect(result.status, result.stderr).toBe(0);
      expect(modelLine(result.stdout)).toBe(`${ID}`);
      expect(result.stderr).toBe(
        `note: ${ID}: the router's model list does not list it, so whether the router's choice takes tool calls (--tools) is not checked\n`,
      );
    } finally {
      router.answer({ body: LIST });
    }
  });
});

describe("--tools and --schema with the router's policies", () => {
  it("refuses fastest and cheapest, which choose without looking at the feature, naming the providers that have it", async () => {
    const fastest = await run(["--tools", "--provider", "fastest"]);
    expect(fastest).toEqual({
      status: 2,
      stdout: "",
      stderr:
        `error: ${ID}: --provider fastest lets the router pick by speed alone, and it may pick a provider that does not take tool calls (--tools)\n` +
        "hint: name one that does (--provider cerebras, --provider newcloud), or use --provider auto, which chooses among them\n",
    });
    const cheapest = await run(["--schema", "--provider", "cheapest"]);
    expect(cheapest.status).toBe(2);
    expect(cheapest.stderr).toContain("--provider cheapest lets the router pick by price alone");
  });
});

describe("the router's list from the cache", () => {
  it("--offline checks against the cached list without asking the router", async () => {
    const dir = cacheDir();
    expect((await run(["--tools", "--provider", "cerebras"], { XDG_CACHE_HOME: dir })).status).toBe(0);
    const asked = router.requests.length;
    const refused = await run(["--tools", "--provider", "novita", "--offline"], { XDG_CACHE_HOME: dir });
    expect(refused.status).toBe(2);
    expect(refused.stderr).toContain("novita does not take tool calls (--tools)");
    const pinned = await run(["--tools", "--offline"], { XDG_CACHE_HOME: dir });
    expect(modelLine(pinned.stdout)).toBe(`${ID}:cerebras`);
    expect(router.requests.length).toBe(asked);
  });

  it("--offline with no cached list writes the snippet unchecked, with one note", async () => {
    const dir = cacheDir();
    // The model's metadata is cached; the router's list is not.
    expect((await run([], { XDG_CACHE_HOME: dir })).status).toBe(0);
    const result = await run(["--tools", "--offline"], { XDG_CACHE_HOME: dir });
    expect(result.status, result.stderr).toBe(0);
    expect(modelLine(result.stdout)).toBe(`${ID}`);
    expect(result.stderr).toBe(
      `note: ${ID}: no model list from the router (the router's model list is not in the cache, and --offline forbids fetching it), so whether the router's choice takes tool calls (--tools) is not checked\n`,
    );
  });

  it("asks nothing of the router for a model file, which is read without the network", async () => {
    const asked = router.requests.length;
    const { context, errors } = fakeContext({ NO_COLOR: "1", XDG_CACHE_HOME: shared, HUBREF_ROUTER_URL: router.endpoint }, false);
    const status = await runProgram(
      ["node", "hubref", "snippet", "catalogue/models/meta-llama--Llama-3.1-8B-Instruct.json", "--tools", "--provider", "novita", "--language", "sh"],
      context,
    );
    expect(status).toBe(0);
    expect(errors()).toBe("");
    expect(router.requests.length).toBe(asked);
  });
});
