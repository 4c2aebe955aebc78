import { expect } from "vitest";
import type { ExpectedRequest } from "./expected-request.js";
import type { SentRequest } from "./snippet-harness.js";
import type { RunOutcome } from "./snippet-runners.js";

export function expectSame(actual: SentRequest | undefined, expected: ExpectedRequest, label: string): void {
  expect(actual, `${label}: no request`).toBeDefined();
  expect(actual!.method, label).toBe(expected.method);
  expect(actual!.url, label).toBe(expected.url);
  for (const [name, value] of Object.entries(expected.headers)) expect(actual!.headers[name], `${label}: header ${name}`).toBe(value);
  if (expected.bytes) expect(actual!.bytes.equals(expected.bytes), `${label}: body bytes`).toBe(true);
  else expect(actual!.json, `${label}: body`).toEqual(expected.json);
}

/*
 * Where the JS library does not send what the provider expects, hubref keeps
 * to the provider. What the library does instead is asserted, so a library
 * that comes to agree (or differs more) shows up here.
 */
export interface LibraryDifference {
  what: string;
  check(posts: SentRequest[], expected: ExpectedRequest, outcome: RunOutcome | undefined): void;
}

/** The library sends the whole request, plus the hub's `inputs` field the completions API does not define. */
const EXTRA_INPUTS_FIELD: LibraryDifference = {
  what: "it adds an `inputs` copy of the prompt",
  check(posts, expected) {
    expect(posts).toHaveLength(1);
    const { json, ...rest } = expected;
    const { prompt } = json as { prompt: string };
    expectSame(posts[0], { ...rest, json: { ...(json as object), inputs: prompt } }, "huggingface.js");
  },
};

/** fal takes MP3, WAV and WebM: given a FLAC file of the user's, the library refuses it before sending anything; hubref sends it (with a warning). */
export const REFUSES_FLAC: LibraryDifference = {
  what: "it refuses a FLAC file and sends nothing",
  check(posts, _expected, outcome) {
    expect(posts).toEqual([]);
    expect(outcome?.ok).toBe(false);
    expect(outcome?.error).toContain("does not support blob type audio/flac");
  },
};

export const LIBRARY_DIFFERS: Record<string, LibraryDifference> = {
  "together text-generation": EXTRA_INPUTS_FIELD,
  "scaleway text-generation": EXTRA_INPUTS_FIELD,
};
