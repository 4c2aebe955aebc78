import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { HubrefError } from "../../../src/errors.js";
import type { HubConfig } from "../../../src/model/hub/hub.js";
import { parseRouterModels, providersSupporting } from "../../../src/model/router/facts.js";
import { loadRouterModels as loadRouter } from "../../../src/model/router/load.js";
import { rejected, thrown } from "../../helpers/errors.js";
import { hubFromEnv } from "../../helpers/test-hub.js";
import { ROUTER_LIST, startRouterServer, type RouterServer } from "../../helpers/router-server.js";

/*
 * The router's model list, read like model metadata: cached per router,
 * --offline and --refresh, HF_TOKEN sent, failures as the hub's, and each
 * entry checked on its own.
 */

let router: RouterServer;
let cache: string;
const FAST = { retries: 0, headersTimeoutMs: 2000, bodyTimeoutMs: 2000 };

beforeAll(async () => {
  router = await startRouterServer();
  cache = mkdtempSync(join(tmpdir(), "hubref-router-"));
});
afterAll(async () => {
  await router.close();
  rmSync(cache, { recursive: true, force: true });
});

function env(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return { HUBREF_ROUTER_URL: router.endpoint, XDG_CACHE_HOME: cache, ...extra };
}

/** The list as a command reaching the router with this environment and flags reads it. */
function loadRouterModels(options: { env: NodeJS.ProcessEnv } & Omit<HubConfig, "endpoint" | "token" | "router" | "cacheRoot">) {
  const { env: environment, ...config } = options;
  return loadRouter(hubFromEnv(environment, config));
}

const routerEndpoint = (environment: NodeJS.ProcessEnv) => hubFromEnv(environment).router;

describe("the model list", () => {
  it("keeps each provider's facts, leaves out an entry it cannot read, and reads null as not said", () => {
    const models = parseRouterModels(ROUTER_LIST)!;
    expect([...models.keys()]).toEqual(["acme/chat", "acme/other"]);
    expect(models.get("acme/chat")).toEqual([
      {
        provider: "together",
        status: "live",
        contextLength: 131072,
        pricing: { input: 0.2, output: 0.6 },
        supportsTools: true,
        supportsStructuredOutput: true,
      },
      {
        provider: "newcloud",
        status: "live",
        contextLength: 32768,
        pricing: { input: 0.05, output: 0.1 },
        supportsTools: false,
        supportsStructuredOutput: true,
      },
      { provider: "cerebras", status: "staging", contextLength: null, pricing: null, supportsTools: null, supportsStructuredOutput: null },
    ]);
    expect(parseRouterModels({ error: "nope" })).toBeUndefined();
  });

  it("names the live providers that have a feature, in the router's order", () => {
    const providers = parseRouterModels(ROUTER_LIST)!.get("acme/chat")!;
    expect(providersSupporting(providers, "tools")).toEqual(["together"]);
    expect(providersSupporting(providers, "structured_output")).toEqual(["together", "newcloud"]);
  });
});

describe("fetching and caching", () => {
  it("fetches once with the token, then reads the cache; --refresh fetches again; --offline reads the cache", async () => {
    const before = router.requests.length;
    const first = await loadRouterModels({ env: env({ HF_TOKEN: "hf_router_token" }), fetch: FAST });
    expect(first?.get("acme/other")?.[0]?.provider).toBe("groq");
    expect(router.requests.length).toBe(before + 1);
    expect(router.requests.at(-1)?.headers.authorization).toBe("Bearer hf_router_token");
    await loadRouterModels({ env: env(), fetch: FAST });
    expect(router.requests.length).toBe(before + 1);
    await loadRouterModels({ env: env(), refresh: true, fetch: FAST });
    expect(router.requests.length).toBe(before + 2);
    // Old, but --offline takes it whatever its age.
    const offline = await loadRouterModels({ env: env(), offline: true, now: () => Date.now() + 400 * 24 * 3600 * 1000 });
    expect(offline?.has("acme/chat")).toBe(true);
    expect(router.requests.length).toBe(before + 2);
  });

  it("--offline without a cached list is an operational error that says how to get one", async () => {
    const empty = mkdtempSync(join(tmpdir(), "hubref-router-empty-"));
    try {
      const error = await rejected(loadRouterModels({ env: env({ XDG_CACHE_HOME: empty }), offline: true }));
      expect(error.exitCode).toBe(1);
      expect(error.message).toBe("the router's model list is not in the cache, and --offline forbids fetching it");
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });

  it("a failing router gives the hub's kind of error; an answer that is not a list says so", async () => {
    const fresh = mkdtempSync(join(tmpdir(), "hubref-router-fail-"));
    try {
      router.answer({ status: 503, body: { error: "down" } });
      const down: HubrefError = await rejected(loadRouterModels({ env: env({ XDG_CACHE_HOME: fresh }), fetch: FAST }));
      expect(down.exitCode).toBe(1);
      router.answer({ body: { data: "nothing" } });
      const odd = await rejected(loadRouterModels({ env: env({ XDG_CACHE_HOME: fresh }), fetch: FAST }));
      expect(odd.message).toMatch(/is not a model list$/);
    } finally {
      router.answer({ body: ROUTER_LIST });
      rmSync(fresh, { recursive: true, force: true });
    }
  });

  it("asks the public router by default, none for another hub, and refuses a router URL that is not one", () => {
    expect(routerEndpoint({})).toBe("https://router.huggingface.co");
    expect(routerEndpoint({ HF_ENDPOINT: "http://127.0.0.1:9" })).toBeUndefined();
    expect(routerEndpoint({ HUBREF_ROUTER_URL: "http://127.0.0.1:9/", HF_ENDPOINT: "http://127.0.0.1:9" })).toBe("http://127.0.0.1:9");
    expect(thrown(() => routerEndpoint({ HUBREF_ROUTER_URL: "ftp://x" })).message).toMatch(/HUBREF_ROUTER_URL is not an http\(s\) URL/);
  });
});
