import { afterEach, describe, expect, it } from "vitest";
import { ExitCode } from "../../src/errors.js";
import { EXPANDED_FIELDS } from "../../src/model/hub/endpoint.js";
import { fetchModel, type HubFetchSettings } from "../../src/model/hub/fetch-model.js";
import {
  CHAT_MODEL,
  closedPort,
  FILL_MASK_MODEL,
  GATED_MODEL,
  GATED_TOKEN,
  gatedModel,
  startHubServer,
  TEXT_TO_IMAGE_MODEL,
  type HubServer,
  type Responder,
} from "../helpers/hub-server.js";
import { rejected } from "../helpers/errors.js";

let server: HubServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** Fast settings: waits are recorded instead of slept. */
function quick(overrides: Partial<HubFetchSettings> = {}): { settings: Partial<HubFetchSettings>; waits: number[] } {
  const waits: number[] = [];
  const settings: Partial<HubFetchSettings> = {
    headersTimeoutMs: 5_000,
    bodyTimeoutMs: 5_000,
    retries: 3,
    backoffBaseMs: 400,
    backoffMaxMs: 10_000,
    retryAfterMaxMs: 60_000,
    random: () => 0.5,
    sleep: async (ms) => {
      waits.push(ms);
    },
    ...overrides,
  };
  return { settings, waits };
}

async function serve(routes: Record<string, Responder | Responder[]>): Promise<HubServer> {
  server = await startHubServer(routes);
  return server;
}

describe("fetchModel: models the hub serves", () => {
  it("fetches a chat model with its provider list, asking for every field the generators read", async () => {
    const hub = await serve({ [CHAT_MODEL.id]: { body: CHAT_MODEL } });
    const { settings } = quick();
    const model = await fetchModel(CHAT_MODEL.id, { endpoint: hub.endpoint, settings });
    expect(model.id).toBe("meta-llama/Llama-3.1-8B-Instruct");
    expect(model.pipeline_tag).toBe("text-generation");
    expect(model.transformersInfo?.auto_model).toBe("AutoModelForCausalLM");
    expect(model.inferenceProviderMapping).toHaveLength(4);
    const [request] = hub.requests;
    expect(request?.path).toBe("/api/models/meta-llama/Llama-3.1-8B-Instruct");
    expect(request?.query.getAll("expand[]")).toEqual([...EXPANDED_FIELDS]);
    expect(request?.query.getAll("expand[]")).toEqual(
      expect.arrayContaining([
        "pipeline_tag",
        "tags",
        "library_name",
        "config",
        "cardData",
        "widgetData",
        "transformersInfo",
        "gguf",
        "inferenceProviderMapping",
      ]),
    );
    expect(request?.headers.authorization).toBeUndefined();
  });

  it("fetches a text-to-image model whose mapping is keyed by provider, reading null as absent", async () => {
    const hub = await serve({ [TEXT_TO_IMAGE_MODEL.id]: { body: TEXT_TO_IMAGE_MODEL } });
    const model = await fetchModel(TEXT_TO_IMAGE_MODEL.id, { endpoint: hub.endpoint, settings: quick().settings });
    expect(model.pipeline_tag).toBe("text-to-image");
    expect(model.config?.diffusers?._class_name).toBe("FluxPipeline");
    expect(model.inferenceProviderMapping).toMatchObject({ "fal-ai": { providerId: "fal-ai/flux/dev", task: "text-to-image" } });
    expect(model.cardData).not.toHaveProperty("instance_prompt");
  });

  it("keeps the mask token and drops a null gguf", async () => {
    const hub = await serve({ [FILL_MASK_MODEL.id]: { body: FILL_MASK_MODEL } });
    const model = await fetchModel(FILL_MASK_MODEL.id, { endpoint: hub.endpoint, settings: quick().settings });
    expect(model.mask_token).toBe("[MASK]");
    expect(model).not.toHaveProperty("gguf");
  });

  it("works with an endpoint that has a path (a mirror behind a prefix)", async () => {
    const hub = await serve({});
    const error = await rejected(fetchModel("acme/none", { endpoint: `${hub.endpoint}/mirror`, settings: quick().settings }));
    expect(hub.requests[0]?.path).toBe("/mirror/api/models/acme/none");
    expect(error.exitCode).toBe(ExitCode.operational);
  });
});

describe("fetchModel: gated and private models", () => {
  const routes = () => ({ [GATED_MODEL.id]: gatedModel(GATED_MODEL) });

  it("without a token, a 401 says the model is gated or private and to set HF_TOKEN", async () => {
    const hub = await serve(routes());
    const error = await rejected(fetchModel(GATED_MODEL.id, { endpoint: hub.endpoint, settings: quick().settings }));
    expect(error.exitCode).toBe(ExitCode.operational);
    expect(error.message).toContain("cannot read model 'acme-research/gated-tiny-llm' (HTTP 401): it is gated or private");
    expect(error.message).toContain('the hub says: "Access to this model is restricted');
    expect(error.hint).toContain("set HF_TOKEN");
    expect(hub.requests).toHaveLength(1);
  });

  it("with a token that has no access, a 403 says to request access on the model page", async () => {
    const hub = await serve(routes());
    const error = await rejected(fetchModel(GATED_MODEL.id, { endpoint: hub.endpoint, token: "hf_someoneElse", settings: quick().settings }));
    expect(error.exitCode).toBe(ExitCode.operational);
    expect(error.message).toContain("access to model 'acme-research/gated-tiny-llm' is restricted (HTTP 403)");
    expect(error.hint).toContain(`request access on ${hub.endpoint}/acme-research/gated-tiny-llm`);
    expect(hub.requests[0]?.headers.authorization).toBe("Bearer hf_someoneElse");
  });

  it("with the right token, sends it as a bearer token and gets the metadata", async () => {
    const hub = await serve(routes());
    const model = await fetchModel(GATED_MODEL.id, { endpoint: hub.endpoint, token: GATED_TOKEN, settings: quick().settings });
    expect(model.id).toBe(GATED_MODEL.id);
    expect(hub.requests[0]?.headers.authorization).toBe(`Bearer ${GATED_TOKEN}`);
  });

  it("a 401 despite a token says the token was refused", async () => {
    const hub = await serve({ "acme/x": { status: 401, body: { error: "Invalid credentials in Authorization header" } } });
    const error = await rejected(fetchModel("acme/x", { endpoint: hub.endpoint, token: "hf_expired", settings: quick().settings }));
    expect(error.message).toContain("the hub refused HF_TOKEN (HTTP 401)");
    expect(error.hint).toContain("invalid or expired");
  });
});

describe("fetchModel: errors and retries", () => {
  it("a 404 says there is no such model, without retrying", async () => {
    const hub = await serve({});
    const { settings, waits } = quick();
    const error = await rejected(fetchModel("acme/no-such-model", { endpoint: hub.endpoint, settings }));
    expect(error.exitCode).toBe(ExitCode.operational);
    expect(error.message).toBe(`no model 'acme/no-such-model' on ${new URL(hub.endpoint).host} (HTTP 404)`);
    expect(hub.requests).toHaveLength(1);
    expect(waits).toEqual([]);
  });

  it("a 429 with Retry-After in seconds waits that long, then succeeds", async () => {
    const hub = await serve({
      [CHAT_MODEL.id]: [{ status: 429, headers: { "retry-after": "2" }, body: { error: "Too many requests" } }, { body: CHAT_MODEL }],
    });
    const { settings, waits } = quick();
    const model = await fetchModel(CHAT_MODEL.id, { endpoint: hub.endpoint, settings });
    expect(model.id).toBe(CHAT_MODEL.id);
    expect(waits).toEqual([2000]);
    expect(hub.requests).toHaveLength(2);
  });

  it("a 429 with Retry-After as an HTTP date waits until that date", async () => {
    const now = Date.parse("2025-06-01T12:00:00Z");
    const hub = await serve({ [CHAT_MODEL.id]: [{ status: 429, headers: { "retry-after": "Sun, 01 Jun 2025 12:00:03 GMT" } }, { body: CHAT_MODEL }] });
    const { settings, waits } = quick({ now: () => now });
    await fetchModel(CHAT_MODEL.id, { endpoint: hub.endpoint, settings });
    expect(waits).toEqual([3000]);
  });

  it("a Retry-After longer than the cap fails at once, saying how long the hub asks to wait", async () => {
    const hub = await serve({ [CHAT_MODEL.id]: [{ status: 429, headers: { "retry-after": "3600" } }, { body: CHAT_MODEL }] });
    const { settings, waits } = quick();
    const error = await rejected(fetchModel(CHAT_MODEL.id, { endpoint: hub.endpoint, settings }));
    expect(error.exitCode).toBe(ExitCode.operational);
    expect(error.message).toContain("rate-limiting requests (HTTP 429) and asks to wait 3600 s");
    expect(waits).toEqual([]);
    expect(hub.requests).toHaveLength(1);
  });

  it("a 500 followed by success retries after a jittered backoff", async () => {
    const hub = await serve({ [CHAT_MODEL.id]: [{ status: 500, body: { error: "Internal Error" } }, { body: CHAT_MODEL }] });
    const { settings, waits } = quick({ backoffBaseMs: 400, random: () => 0.5 });
    const model = await fetchModel(CHAT_MODEL.id, { endpoint: hub.endpoint, settings });
    expect(model.id).toBe(CHAT_MODEL.id);
    // Half the base plus half of the jitter range: 200 + 0.5 * 200.
    expect(waits).toEqual([300]);
  });

  it("gives up on a lasting 5xx after the allowed retries, with backoffs that double", async () => {
    const hub = await serve({ [CHAT_MODEL.id]: { status: 503, body: "upstream unavailable" } });
    const { settings, waits } = quick({ retries: 2, backoffBaseMs: 100, random: () => 1 });
    const error = await rejected(fetchModel(CHAT_MODEL.id, { endpoint: hub.endpoint, settings }));
    expect(error.exitCode).toBe(ExitCode.operational);
    expect(error.message).toContain("failed to answer for 'meta-llama/Llama-3.1-8B-Instruct' (HTTP 503) after 3 attempts");
    expect(hub.requests).toHaveLength(3);
    expect(waits).toEqual([100, 200]);
  });

  it("backoff never exceeds its maximum", async () => {
    const hub = await serve({ [CHAT_MODEL.id]: { status: 502 } });
    const { settings, waits } = quick({ retries: 5, backoffBaseMs: 100, backoffMaxMs: 250, random: () => 1 });
    await rejected(fetchModel(CHAT_MODEL.id, { endpoint: hub.endpoint, settings }));
    expect(waits).toEqual([100, 200, 250, 250, 250]);
  });

  it("a lasting 429 without Retry-After ends with a rate-limit error that suggests a token", async () => {
    const hub = await serve({ [CHAT_MODEL.id]: { status: 429 } });
    const { settings } = quick({ retries: 1 });
    const error = await rejected(fetchModel(CHAT_MODEL.id, { endpoint: hub.endpoint, settings }));
    expect(error.message).toContain("rate-limiting requests (HTTP 429) after 2 attempts");
    expect(error.hint).toContain("HF_TOKEN");
  });

  it("a server slower than the headers timeout fails with a timeout error, without retrying", async () => {
    const hub = await serve({ [CHAT_MODEL.id]: { headersDelayMs: 5_000, body: CHAT_MODEL } });
    const { settings, waits } = quick({ headersTimeoutMs: 100 });
    const error = await rejected(fetchModel(CHAT_MODEL.id, { endpoint: hub.endpoint, settings }));
    expect(error.exitCode).toBe(ExitCode.operational);
    expect(error.message).toContain("did not answer within 0.1 s");
    expect(hub.requests).toHaveLength(1);
    expect(waits).toEqual([]);
  });

  it("a body that stalls past the read timeout fails with its own timeout error", async () => {
    const hub = await serve({ [CHAT_MODEL.id]: { stallBodyMs: 5_000, body: CHAT_MODEL } });
    const { settings } = quick({ bodyTimeoutMs: 100 });
    const error = await rejected(fetchModel(CHAT_MODEL.id, { endpoint: hub.endpoint, settings }));
    expect(error.exitCode).toBe(ExitCode.operational);
    expect(error.message).toContain("stopped sending the metadata of 'meta-llama/Llama-3.1-8B-Instruct' (incomplete after 0.1 s)");
  });

  it("malformed JSON is an operational error", async () => {
    const hub = await serve({ [CHAT_MODEL.id]: { body: '{"id": "meta-llama/Llama-3.1-8B-Instruct", "tags": [' } });
    const error = await rejected(fetchModel(CHAT_MODEL.id, { endpoint: hub.endpoint, settings: quick().settings }));
    expect(error.exitCode).toBe(ExitCode.operational);
    expect(error.message).toBe("the hub's answer for 'meta-llama/Llama-3.1-8B-Instruct' is not valid JSON");
  });

  it("JSON that is not an object is an operational error", async () => {
    const hub = await serve({ [CHAT_MODEL.id]: { body: [CHAT_MODEL] } });
    const error = await rejected(fetchModel(CHAT_MODEL.id, { endpoint: hub.endpoint, settings: quick().settings }));
    expect(error.message).toContain("is not a JSON object");
  });

  it("a response failing the schema names the field, with exit code 1 (not a usage error)", async () => {
    const hub = await serve({ [CHAT_MODEL.id]: { body: { ...CHAT_MODEL, widgetData: [{ text: 42 }] } } });
    const error = await rejected(fetchModel(CHAT_MODEL.id, { endpoint: hub.endpoint, settings: quick().settings }));
    expect(error.exitCode).toBe(ExitCode.operational);
    expect(error.message).toContain("does not have the expected shape: field 'widgetData[0].text'");
  });

  it("a refused connection says the hub cannot be reached", async () => {
    const port = await closedPort();
    const { settings, waits } = quick();
    const error = await rejected(fetchModel(CHAT_MODEL.id, { endpoint: `http://127.0.0.1:${port}`, settings }));
    expect(error.exitCode).toBe(ExitCode.operational);
    expect(error.message).toBe(`cannot reach the hub at 127.0.0.1:${port}: connection refused`);
    expect(error.hint).toContain("--offline");
    expect(waits).toEqual([]);
  });

  it("a connection dropped mid-request is retried", async () => {
    const hub = await serve({ [CHAT_MODEL.id]: [{ drop: true }, { body: CHAT_MODEL }] });
    const { settings, waits } = quick();
    const model = await fetchModel(CHAT_MODEL.id, { endpoint: hub.endpoint, settings });
    expect(model.id).toBe(CHAT_MODEL.id);
    expect(hub.requests).toHaveLength(2);
    expect(waits).toHaveLength(1);
  });

  it("refuses a body larger than model metadata could be", async () => {
    const hub = await serve({ [CHAT_MODEL.id]: { body: { ...CHAT_MODEL, padding: "x".repeat(10_000) } } });
    const error = await rejected(fetchModel(CHAT_MODEL.id, { endpoint: hub.endpoint, settings: quick({ maxBodyBytes: 1_000 }).settings }));
    expect(error.message).toContain("too large for model metadata (over 1.0 kB)");
  });

  it("other 4xx statuses carry the hub's message, stripped of terminal control characters", async () => {
    const hub = await serve({ [CHAT_MODEL.id]: { status: 400, body: { error: "bad \u001b[31mrequest\u0007 here" } } });
    const error = await rejected(fetchModel(CHAT_MODEL.id, { endpoint: hub.endpoint, settings: quick().settings }));
    expect(error.message).toContain("(HTTP 400)");
    expect(error.message).toContain('the hub says: "bad [31mrequest here"');
    expect(error.message).not.toMatch(/[\u0000-\u001f]/);
    expect(hub.requests).toHaveLength(1);
  });
});
