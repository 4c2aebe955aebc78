import { describe, expect, it } from "vitest";
import { readHit, shortAge, shortCount } from "../../src/search/hits.js";
import { nextPageUrl, parseLimit, parseParamRange } from "../../src/search/query.js";
import { searchRequest } from "../../src/search/request.js";
import { usageRefusal } from "../helpers/errors.js";

describe("search query", () => {
  it("reads parameter ranges with one or two bounds", () => {
    expect(parseParamRange("7B..14B")).toEqual({ min: "7B", max: "14B" });
    expect(parseParamRange("..3b")).toEqual({ max: "3B" });
    expect(parseParamRange("500M..")).toEqual({ min: "500M" });
  });

  it("refuses a range it cannot read, in the command line's words with an example", () => {
    const example = "for example: --params 7B..14B, --params ..3B or --params 70B..";
    const words = (text: string) => {
      const error = usageRefusal(() => parseParamRange(text));
      return [error.message, error.hint];
    };
    expect(words("..")).toEqual(["--params needs a bound on at least one side", example]);
    expect(words("7..14")).toEqual(["--params: '7' is not a parameter count such as 500M, 7B or 1.5T", example]);
    expect(words("7B")).toEqual(["--params takes MIN..MAX, got '7B'", example]);
    expect(words("14B..7B")).toEqual(["--params: 14B is more than 7B", "put the smaller count first"]);
  });

  it("refuses a limit out of range and an author the hub cannot have", () => {
    expect(usageRefusal(() => parseLimit("0")).message).toBe("--limit takes a whole number from 1 to 1000, got '0'");
    expect(usageRefusal(() => searchRequest({ author: "no such author" })).message).toBe(
      "--author takes a user or organisation name such as meta-llama, got 'no such author'",
    );
    const provider = usageRefusal(() => searchRequest({ provider: "togther" }));
    expect([provider.message, provider.hint]).toEqual(["unknown provider 'togther'", "did you mean 'together'?"]);
  });

  it("follows a next link only on the same hub", () => {
    const current = "http://127.0.0.1:9/api/models?search=x";
    expect(nextPageUrl('<http://127.0.0.1:9/api/models?cursor=abc>; rel="next"', current)).toBe("http://127.0.0.1:9/api/models?cursor=abc");
    expect(nextPageUrl('</api/models?cursor=rel>; rel="next"', current)).toBe("http://127.0.0.1:9/api/models?cursor=rel");
    expect(nextPageUrl('<http://127.0.0.1:9/a>; rel="prev", <http://127.0.0.1:9/b>; rel=next', current)).toBe("http://127.0.0.1:9/b");
    expect(nextPageUrl('<https://elsewhere.example/api/models?cursor=abc>; rel="next"', current)).toBeUndefined();
    expect(nextPageUrl(null, current)).toBeUndefined();
  });
});

describe("search hits", () => {
  it("reads the provider mapping in its object and its list form, live providers only", () => {
    const object = readHit({
      id: "a/b",
      inferenceProviderMapping: {
        together: { providerId: "x", status: "live", task: "conversational" },
        groq: { providerId: "y", status: "staging", task: "conversational" },
      },
    });
    const list = readHit({ id: "a/b", inferenceProviderMapping: [{ provider: "novita", providerId: "x", status: "live", task: "conversational" }] });
    expect(object?.providers).toEqual(["together"]);
    expect(list?.providers).toEqual(["novita"]);
  });

  it("drops entries without an id and treats odd fields as absent", () => {
    expect(readHit({ downloads: 3 })).toBeUndefined();
    expect(readHit({ id: "a/b", downloads: "many", likes: -1, pipeline_tag: 7, gated: "manual" })).toMatchObject({
      downloads: 0,
      likes: 0,
      task: null,
      gated: "manual",
    });
  });

  it("shortens counts and ages", () => {
    expect([999, 1234, 3_400_000, 15_000_000, 250_000, 2_100_000_000].map(shortCount)).toEqual(["999", "1.2k", "3.4M", "15M", "250k", "2.1B"]);
    const now = Date.parse("2026-11-24T00:00:00Z");
    expect(shortAge("2026-11-23T20:00:00Z", now)).toBe("4h");
    expect(shortAge("2026-11-20T00:00:00Z", now)).toBe("4d");
    expect(shortAge("2026-06-01T00:00:00Z", now)).toBe("5mo");
    expect(shortAge("2023-11-01T00:00:00Z", now)).toBe("3y");
    expect(shortAge(null, now)).toBe("");
  });
});
