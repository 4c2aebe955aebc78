import { describe, expect, it } from "vitest";
import { appsPart } from "../../src/build/parts.js";
import { APP_KINDS } from "../../src/apps/app-keys.js";

describe("APP_KINDS", () => {
  it("names every app of the catalogue with its kind, and no other", () => {
    const catalogue = appsPart.load();
    expect(Object.fromEntries(Object.entries(catalogue).map(([key, app]) => [key, app.kind]))).toEqual(APP_KINDS);
  });

  it("makes the build refuse an app it does not name, or names with another kind", () => {
    const app = { prettyLabel: "Acme", docsUrl: "https://example.com/", mainTask: "text-generation", description: "An app.", runs: ["gguf"] };
    const unknown = appsPart.schema.safeParse({ ...appsPart.load(), "acme-runner": { ...app, kind: "snippet" } });
    expect(unknown.error?.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`)).toEqual([
      "acme-runner: not in APP_KINDS (src/apps/app-keys.ts): add it there",
    ]);
    const { ollama: _ollama, ...withoutOllama } = appsPart.load();
    expect(appsPart.schema.safeParse(withoutOllama).error?.issues[0]?.message).toMatch(/in APP_KINDS .* but not in the catalogue/);
  });
});
