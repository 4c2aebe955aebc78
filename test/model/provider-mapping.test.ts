import { describe, expect, it } from "vitest";
import { ExitCode } from "../../src/errors.js";
import { hasProviderMapping, liveProviders, mappingFor, mappedTask, providerMappings, requireProvider } from "../../src/model/provider-mapping.js";
import { ModelDataSchema, type ModelData } from "../../src/model/schema.js";
import { CHAT_MODEL, TEXT_TO_IMAGE_MODEL } from "../helpers/hub-server.js";
import { thrown } from "../helpers/errors.js";

const model = (value: object): ModelData => ModelDataSchema.parse(value);
const chat = model(CHAT_MODEL);
const image = model({ ...TEXT_TO_IMAGE_MODEL, cardData: {} });
const local = model({ id: "acme/local-only", pipeline_tag: "text-classification" });

describe("providerMappings", () => {
  it("reads the list shape", () => {
    expect(providerMappings(chat).map((m) => m.provider)).toEqual(["novita", "cerebras", "nscale", "hf-inference"]);
    expect(mappingFor(chat, "cerebras")).toEqual({ provider: "cerebras", providerId: "llama3.1-8b", status: "live", task: "conversational" });
  });

  it("reads the object shape, taking the provider from the key", () => {
    expect(providerMappings(image)).toEqual([
      { provider: "fal-ai", providerId: "fal-ai/flux/dev", status: "live", task: "text-to-image" },
      { provider: "replicate", providerId: "black-forest-labs/flux-dev", status: "live", task: "text-to-image" },
      { provider: "together", providerId: "black-forest-labs/FLUX.1-dev", status: "error", task: "text-to-image" },
    ]);
  });

  it("keeps adapter fields, drops entries without a usable provider name, and keeps the first of duplicates", () => {
    const odd = model({
      id: "acme/lora",
      inferenceProviderMapping: [
        { provider: "fal-ai", providerId: "fal-ai/lora", status: "live", task: "text-to-image", adapter: "lora", adapterWeightsPath: "w.safetensors" },
        { providerId: "nameless", status: "live", task: "text-to-image" },
        { provider: "evil\u001b[2J", providerId: "x", status: "live", task: "text-to-image" },
        { provider: "fal-ai", providerId: "second", status: "live", task: "text-to-image" },
      ],
    });
    expect(providerMappings(odd)).toEqual([
      { provider: "fal-ai", providerId: "fal-ai/lora", status: "live", task: "text-to-image", adapter: "lora", adapterWeightsPath: "w.safetensors" },
    ]);
  });

  it("is empty for a model without a mapping", () => {
    expect(providerMappings(local)).toEqual([]);
    expect(hasProviderMapping(local)).toBe(false);
    expect(hasProviderMapping(chat)).toBe(true);
  });
});

describe("liveProviders", () => {
  it("offers only live providers, in the hub's order", () => {
    expect(liveProviders(chat).map((m) => m.provider)).toEqual(["novita", "cerebras", "hf-inference"]);
    expect(liveProviders(image).map((m) => m.provider)).toEqual(["fal-ai", "replicate"]);
  });
});

describe("requireProvider and mappedTask", () => {
  it("takes the provider's model id and task from the mapping", () => {
    expect(requireProvider(chat, "cerebras")).toMatchObject({ provider: "cerebras", providerId: "llama3.1-8b", task: "conversational" });
    expect(requireProvider(image, "fal-ai")).toMatchObject({ providerId: "fal-ai/flux/dev", task: "text-to-image" });
    expect(mappedTask(image, "fal-ai")).toBe("text-to-image");
  });

  it("gives no task when the model has no mapping", () => {
    expect(requireProvider(local, "together")).toBeUndefined();
    expect(mappedTask(local, "together")).toBeUndefined();
  });

  it("a provider the model does not map is a usage error listing the live ones", () => {
    const error = thrown(() => requireProvider(chat, "groq"));
    expect(error.exitCode).toBe(ExitCode.usage);
    expect(error.message).toBe("provider 'groq' does not serve 'meta-llama/Llama-3.1-8B-Instruct'; it is served by: novita, cerebras, hf-inference");
  });

  it("suggests the closest live provider for a typo", () => {
    expect(thrown(() => requireProvider(chat, "cerebra")).hint).toBe("did you mean 'cerebras'?");
  });

  it("a mapped provider that is not live is refused, saying its status", () => {
    const error = thrown(() => mappedTask(chat, "nscale"));
    expect(error.exitCode).toBe(ExitCode.usage);
    expect(error.message).toContain("provider 'nscale' does not serve 'meta-llama/Llama-3.1-8B-Instruct' yet (status: staging)");
    expect(error.hint).toBe("pick one of: novita, cerebras, hf-inference");
  });

  it("says so when no provider serves the model live", () => {
    const dead = model({ id: "acme/dead", inferenceProviderMapping: { together: { providerId: "x", status: "error", task: "text-generation" } } });
    expect(thrown(() => requireProvider(dead, "novita")).message).toContain("no provider serves it live");
  });
});
