import { describe, expect, it } from "vitest";
import { problemWords } from "../helpers/worded.js";
import { featureDecision, pinnedOptions } from "../../src/inference/provider-features.js";
import type { RouterFacts, RouterProvider } from "../../src/model/router/facts.js";
import { settleOptions } from "../../src/inference/snippet.js";
import { SAMPLE_SCHEMA, SAMPLE_TOOLS } from "../../src/inference/tools.js";

/*
 * The --tools/--schema decision alone, over plain router lists: the command
 * line's side (with its messages) is test/cli/snippet-router-features.test.ts.
 */

const TOOLS = { tools: { tools: SAMPLE_TOOLS, sample: true } };
const SCHEMA = { schema: { schema: SAMPLE_SCHEMA, sample: true } };
const entry = (provider: string, tools: boolean | null, structured: boolean | null, status = "live"): RouterProvider => ({
  provider,
  status,
  contextLength: null,
  pricing: null,
  supportsTools: tools,
  supportsStructuredOutput: structured,
});
const facts = (...providers: RouterProvider[]): RouterFacts => ({ models: new Map([["acme/m", providers]]) });

describe("featureDecision", () => {
  it("asks nothing when no feature is needed, for your own endpoint, or when nobody read the list", () => {
    const router = facts(entry("together", false, false));
    expect(featureDecision("acme/m", settleOptions({ provider: "together" }), router)).toEqual({ kind: "go" });
    expect(featureDecision("acme/m", settleOptions({ ...TOOLS, endpointUrl: "https://e.example" }), router)).toEqual({ kind: "go" });
    expect(featureDecision("acme/m", settleOptions({ ...TOOLS, provider: "together" }), undefined)).toEqual({ kind: "go" });
  });

  it("with auto, counts only a yes from a live provider, and needs both features of one provider", () => {
    const router = facts(entry("staged", true, true, "staging"), entry("silent", null, null), entry("tools-only", true, false), entry("both", true, true));
    expect(featureDecision("acme/m", settleOptions(TOOLS), router)).toMatchObject({ kind: "pin", provider: "tools-only" });
    expect(featureDecision("acme/m", settleOptions({ ...TOOLS, ...SCHEMA }), router)).toMatchObject({ kind: "pin", provider: "both" });
    expect(featureDecision("acme/m", settleOptions(SCHEMA), facts(entry("silent", null, null)))).toMatchObject({ kind: "refuse" });
  });

  it("refuses a named provider for the feature it lacks, naming only that one", () => {
    const decision = featureDecision("acme/m", settleOptions({ ...TOOLS, ...SCHEMA, provider: "together" }), facts(entry("together", true, false)));
    if (decision.kind !== "refuse") throw new Error(`expected a refusal, got ${decision.kind}`);
    expect(problemWords(decision.problem).message).toBe("acme/m: together does not take structured output (--schema), as the router lists it");
  });

  it("refuses the router's policies even without a list", () => {
    const decision = featureDecision("acme/m", settleOptions({ ...TOOLS, routerPolicy: "fastest" }), undefined);
    if (decision.kind !== "refuse") throw new Error(`expected a refusal, got ${decision.kind}`);
    expect(problemWords(decision.problem).hint).toBe("name a provider with --provider, or use --provider auto, which chooses one that does");
  });

  it("pins a provider hubref knows by its id, and another through the router by name", () => {
    expect(pinnedOptions(settleOptions({}), "together")).toMatchObject({ provider: "together" });
    expect(pinnedOptions(settleOptions({}), "together").unlistedProvider).toBeUndefined();
    expect(pinnedOptions(settleOptions({}), "newcloud")).toMatchObject({ provider: "auto", unlistedProvider: "newcloud" });
  });
});
