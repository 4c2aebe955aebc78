import { describe, expect, it } from "vitest";
import { PROVIDERS } from "../../src/inference/providers/index.js";
import { tokenEnvName } from "../../src/inference/token.js";
import { DIRECT_TOKEN_VARIABLES, ENDPOINT_TOKEN_VARIABLE, ROUTED_TOKEN_VARIABLE } from "../helpers/token-variables.js";

describe("the token variable a snippet reads", () => {
  it("states a direct key for every provider in the registry, and none for a provider that is gone", () => {
    expect(Object.keys(DIRECT_TOKEN_VARIABLES).sort()).toEqual(Object.keys(PROVIDERS).sort());
  });

  it.each(Object.entries(DIRECT_TOKEN_VARIABLES))("%s: direct calls read %s, routed calls HF_TOKEN", (provider, name) => {
    expect(tokenEnvName("direct", provider as never)).toBe(name);
    expect(tokenEnvName("routed", provider as never)).toBe(ROUTED_TOKEN_VARIABLE);
    expect(tokenEnvName("endpoint", provider as never)).toBe(ENDPOINT_TOKEN_VARIABLE);
  });

  it("reads the README's examples: HF_TOKEN, API_TOKEN, TOGETHER_API_KEY, FIREWORKS_AI_API_KEY", () => {
    expect(tokenEnvName("routed", "auto")).toBe("HF_TOKEN");
    expect(tokenEnvName("direct", "auto")).toBe("HF_TOKEN");
    expect(tokenEnvName("endpoint", "auto")).toBe("API_TOKEN");
    expect(tokenEnvName("direct", "together")).toBe("TOGETHER_API_KEY");
    expect(tokenEnvName("direct", "fireworks-ai")).toBe("FIREWORKS_AI_API_KEY");
  });
});
