import { describe, expect, it } from "vitest";
import { settleOptions, type SnippetOptions } from "../../src/inference/snippet.js";

describe("settleOptions", () => {
  it("fills in provider auto, no stream, routed calls when they are left out", () => {
    expect(settleOptions({})).toEqual({ provider: "auto", stream: false, direct: false });
    expect(settleOptions({ stream: undefined, direct: undefined, provider: undefined })).toEqual({ provider: "auto", stream: false, direct: false });
  });

  const given: SnippetOptions[] = [
    { provider: "together", stream: true, language: "python", client: "openai" },
    { direct: true, provider: "fal-ai", token: "fal_key", inputs: "a cat", temperature: 0.5, maxTokens: 10, topP: 0.9 },
  ];
  it.each(given)("keeps what was given: %j", (options) => {
    expect(settleOptions(options)).toMatchObject(options);
  });
});
