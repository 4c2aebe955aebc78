import { describe, expect, it } from "vitest";
import { ExitCode } from "../../src/errors.js";
import { cliError } from "../../src/cli/names.js";
import { modelApiUrl } from "../../src/model/hub/endpoint.js";
import { makeHub } from "../../src/model/hub/hub.js";
import { backoffMs, retryAfterMs } from "../../src/model/hub/retry.js";
import { transportError } from "../../src/model/hub/failures.js";
import { TransportFailure } from "../../src/model/hub/request.js";
import { thrown } from "../helpers/errors.js";

const hubEndpoint = (env: NodeJS.ProcessEnv) => makeHub({ endpoint: env.HF_ENDPOINT }).endpoint;
const hubToken = (env: NodeJS.ProcessEnv) => makeHub({ token: env.HF_TOKEN }).token;

describe("the hub's endpoint", () => {
  it("defaults to the public hub", () => {
    expect(hubEndpoint({})).toBe("https://huggingface.co");
    expect(hubEndpoint({ HF_ENDPOINT: "  " })).toBe("https://huggingface.co");
  });

  it("takes HF_ENDPOINT without its trailing slashes, keeping a path prefix", () => {
    expect(hubEndpoint({ HF_ENDPOINT: "https://hf-mirror.example.com/" })).toBe("https://hf-mirror.example.com");
    expect(hubEndpoint({ HF_ENDPOINT: "http://127.0.0.1:8080/hub//" })).toBe("http://127.0.0.1:8080/hub");
  });

  it("rejects what is not an http(s) base URL as a usage error", () => {
    for (const value of ["not a url", "ftp://example.com", "https://user:pw@example.com", "https://example.com/?x=1"]) {
      const error = thrown(() => hubEndpoint({ HF_ENDPOINT: value }));
      expect(error.exitCode).toBe(ExitCode.usage);
      expect(error.message).toContain("HF_ENDPOINT");
    }
  });
});

describe("modelApiUrl", () => {
  it("puts the id in the path and each expanded field in its own expand[] parameter", () => {
    const url = new URL(modelApiUrl("https://huggingface.co", "openai/whisper-large-v3"));
    expect(url.pathname).toBe("/api/models/openai/whisper-large-v3");
    expect(url.searchParams.getAll("expand[]")).toContain("inferenceProviderMapping");
    expect(url.searchParams.getAll("expand[]")).toContain("mask_token");
  });
});

describe("the hub's token", () => {
  it("is undefined when HF_TOKEN is unset or blank, and trimmed otherwise", () => {
    expect(hubToken({})).toBeUndefined();
    expect(hubToken({ HF_TOKEN: " " })).toBeUndefined();
    expect(hubToken({ HF_TOKEN: " hf_abc\n" })).toBe("hf_abc");
  });

  it("rejects a token that no header could carry", () => {
    const error = thrown(() => hubToken({ HF_TOKEN: "hf_abc\r\nX-Injected: 1" }));
    expect(error.exitCode).toBe(ExitCode.usage);
    expect(error.message).toContain("HF_TOKEN");
  });
});

describe("retryAfterMs", () => {
  const now = Date.parse("2025-06-01T12:00:00Z");
  it("reads seconds and HTTP dates", () => {
    expect(retryAfterMs("7", now)).toBe(7000);
    expect(retryAfterMs("1.5", now)).toBe(1500);
    expect(retryAfterMs("Sun, 01 Jun 2025 12:01:00 GMT", now)).toBe(60_000);
  });
  it("treats a date in the past as no wait, and nonsense as absent", () => {
    expect(retryAfterMs("Sun, 01 Jun 2025 11:00:00 GMT", now)).toBe(0);
    expect(retryAfterMs("soon", now)).toBeUndefined();
    expect(retryAfterMs("-3", now)).toBeUndefined();
    expect(retryAfterMs(null, now)).toBeUndefined();
  });
});

describe("backoffMs", () => {
  it("stays between half and all of the doubled base, capped", () => {
    expect(backoffMs(0, 100, 1000, () => 0)).toBe(50);
    expect(backoffMs(0, 100, 1000, () => 1)).toBe(100);
    expect(backoffMs(3, 100, 1000, () => 0.999)).toBeLessThanOrEqual(800);
    expect(backoffMs(3, 100, 1000, () => 0)).toBe(400);
    expect(backoffMs(10, 100, 1000, () => 1)).toBe(1000);
  });
});

describe("transportError", () => {
  const context = { host: "hub.example", subject: { kind: "model" as const, id: "acme/m" }, page: "https://hub.example/acme/m", hasToken: false };
  const limits = { headersTimeoutMs: 15_000, bodyTimeoutMs: 30_000, maxBodyBytes: 16_000_000 };
  const said = (failure: TransportFailure) => cliError(transportError(failure, context, limits))!;
  it("names an unknown host and a TLS problem in words", () => {
    expect(said(new TransportFailure("network", "ENOTFOUND")).message).toBe("cannot reach the hub at hub.example: host not found");
    expect(said(new TransportFailure("network", "UNABLE_TO_VERIFY_LEAF_SIGNATURE")).message).toContain("TLS certificate problem");
    expect(said(new TransportFailure("network", "ENOTFOUND")).exitCode).toBe(ExitCode.operational);
  });
});
