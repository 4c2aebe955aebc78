import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runProgram } from "../../src/cli/program.js";
import { fakeContext } from "../helpers/context.js";
import { CHAT_MODEL, startHubServer, type HubServer } from "../helpers/hub-server.js";
import { startRouterServer, type RouterServer } from "../helpers/router-server.js";

/*
 * `hubref model ID` for a chat model on the hub: the router's facts per
 * provider (status, context, price, tools, structured output), a provider
 * hubref has no table for included, hub text sanitised, and the list cached.
 */

const HOSTILE_PROVIDER = "evil\u001b[31m\u202e";
const LIST = {
  data: [
    {
      id: CHAT_MODEL.id,
      providers: [
        {
          provider: "cerebras",
          status: "live",
          context_length: 32768,
          pricing: { input: 0.1, output: 0.1 },
          supports_tools: true,
          supports_structured_output: false,
        },
        {
          provider: "newcloud",
          status: "live",
          context_length: 131072,
          pricing: { input: 0.02, output: 0.05 },
          supports_tools: false,
          supports_structured_output: true,
        },
        { provider: HOSTILE_PROVIDER, status: "staging", context_length: null, pricing: null, supports_tools: null, supports_structured_output: null },
      ],
    },
  ],
};

let hub: HubServer;
let router: RouterServer;
const dir = mkdtempSync(join(tmpdir(), "hubref-model-router-"));

beforeAll(async () => {
  hub = await startHubServer({ [CHAT_MODEL.id]: { body: CHAT_MODEL } });
  router = await startRouterServer();
  router.answer({ body: LIST });
});
afterAll(async () => {
  await hub.close();
  await router.close();
  rmSync(dir, { recursive: true, force: true });
});

async function run(args: string[], env: NodeJS.ProcessEnv = {}) {
  const { context, output, errors } = fakeContext(
    { NO_COLOR: "1", XDG_CACHE_HOME: dir, HF_ENDPOINT: hub.endpoint, HUBREF_ROUTER_URL: router.endpoint, HUBREF_HUB_RETRIES: "0", ...env },
    false,
    200,
  );
  const status = await runProgram(["node", "hubref", ...args], context);
  return { status, stdout: output(), stderr: errors() };
}

describe("hubref model: providers as the router lists them", () => {
  it("shows each provider's facts, live first, unknown providers included, hub text sanitised", async () => {
    const result = await run(["model", CHAT_MODEL.id]);
    expect(result.status, result.stderr).toBe(0);
    const section = result.stdout.slice(result.stdout.indexOf("Providers, as the router lists them"));
    const lines = section.split("\n").slice(1, 4);
    expect(lines[0]).toMatch(/^ {2}cerebras +live +32k ctx +\$0\.1 in \/ \$0\.1 out per 1M tokens +tools +no structured output$/);
    expect(lines[1]).toMatch(/^ {2}newcloud +live +128k ctx +\$0\.02 in \/ \$0\.05 out per 1M tokens +no tools +structured output$/);
    expect(lines[2]).toMatch(/^ {2}evil.* +staging +- +-$/);
    expect(result.stdout).not.toContain("\u001b");
    expect(result.stdout).not.toContain("\u202e");
  });

  it("--json carries the facts as the router gave them", async () => {
    const result = await run(["model", CHAT_MODEL.id, "--json"]);
    const offer = JSON.parse(result.stdout) as { routerProviders: { provider: string; supportsTools: boolean | null }[] };
    expect(offer.routerProviders.map((provider) => [provider.provider, provider.supportsTools])).toEqual([
      ["cerebras", true],
      ["newcloud", false],
      [HOSTILE_PROVIDER, null],
    ]);
  });

  it("reads the cached list with --offline, and a failing router is one warning, the rest of the view intact", async () => {
    const asked = router.requests.length;
    const offline = await run(["model", CHAT_MODEL.id, "--offline"]);
    expect(offline.status).toBe(0);
    expect(offline.stdout).toContain("newcloud");
    expect(router.requests.length).toBe(asked);
    router.answer({ status: 500, body: { error: "down" } });
    try {
      const down = await run(["model", CHAT_MODEL.id, "--refresh"]);
      expect(down.status).toBe(0);
      expect(down.stdout).toContain("Hosted inference");
      expect(down.stdout).not.toContain("Providers, as the router lists them");
      expect(down.stderr.trim().split("\n")).toHaveLength(1);
      expect(down.stderr).toMatch(/^warning: no provider facts from the router: /);
    } finally {
      router.answer({ body: LIST });
    }
  });

  it("offers a command for a live provider hubref has no table for, since its chat goes through the router", async () => {
    const file = join(dir, "newco.json");
    const mapping = { newco: { providerId: "x", status: "live", task: "conversational" } };
    writeFileSync(file, JSON.stringify({ id: "acme/m", pipeline_tag: "text-generation", tags: ["conversational"], inferenceProviderMapping: mapping }));
    const result = await run(["model", file]);
    expect(result.stdout).toMatch(new RegExp(` {2}newco +live +x +hubref snippet ${file.replaceAll("/", "\\/")} --provider newco\n`));
    const snippet = await run(["snippet", file, "--provider", "newco", "--language", "sh"]);
    expect(snippet.status, snippet.stderr).toBe(0);
  });
});
