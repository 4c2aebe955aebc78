import { describe, expect, it } from "vitest";
import { settleOptions, type SnippetOptions } from "../../src/inference/snippet.js";
import { SnippetOptionsSchema } from "../../src/inference/snippet-schema.js";

describe("settleOptions", () => {
  const cases: SnippetOptions[] = [
    {},
    { stream: undefined, direct: undefined, provider: undefined },
    { provider: "together", stream: true, language: "python", client: "openai" },
    { direct: true, provider: "fal-ai", token: "fal_key", inputs: "a cat", temperature: 0.5, maxTokens: 10, topP: 0.9 },
    { endpointUrl: "https://example.com/", billTo: "acme", providerModelId: "m" },
  ];
  it.each(cases)("fills in the defaults the option schema holds: %j", (options) => {
    expect(settleOptions(options)).toEqual(SnippetOptionsSchema.parse(options));
  });
});
