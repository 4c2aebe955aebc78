import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { modelMenu } from "../../src/blocks/menu.js";
import { parseSnippetOptions } from "../../src/cli/snippet-command.js";
import { runInProcess } from "../helpers/in-process.js";

/*
 * `hubref snippet` when the combination asked for has no snippet: the error
 * names what does exist; and the choices the picker and the command make
 * from the model's mapping are the same.
 */

const BERT = "catalogue/models/google-bert--bert-base-uncased.json";
const WHISPER = "catalogue/models/openai--whisper-large-v3.json";
const CLASSIFIER = "catalogue/models/distilbert--distilbert-base-uncased-finetuned-sst-2-english.json";

function modelFile(model: object): string {
  const path = join(mkdtempSync(join(tmpdir(), "hubref-forward-")), "model.json");
  writeFileSync(path, JSON.stringify(model));
  return path;
}

const COMMAND_DEFAULTS = { stream: false, direct: false, json: false, library: false, offline: false, refresh: false };

describe("no snippet for the combination asked for", () => {
  it("a provider without the task names the providers that serve it", async () => {
    const result = await runInProcess(["snippet", BERT, "--provider", "together"]);
    expect(result).toMatchObject({
      status: 2,
      stdout: "",
      stderr: "error: together does not serve fill-mask\nhint: fill-mask is served by: hf-inference (choose one with --provider)\n",
    });
  });

  it("a language no snippet is in names the languages there are, and the providers with that language", async () => {
    const result = await runInProcess(["snippet", BERT, "--language", "sh"]);
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(
      /^error: .*\nhint: with provider auto: huggingface_hub \(python\), huggingface\.js \(js\); sh snippets with --provider hf-inference\n$/,
    );
  });

  it("never shows an internal template path", async () => {
    const result = await runInProcess(["snippet", WHISPER, "--provider", "fal-ai", "--client", "fal_client"]);
    expect(result.status).toBe(2);
    expect(result.stderr).not.toContain("Template not found");
    expect(result.stderr).toContain("hint: ");
  });
});

describe("provider auto with one mapped provider", () => {
  it("uses it, so curl gets the provider's request, and the picker offers the same single provider", async () => {
    const result = await runInProcess(["snippet", CLASSIFIER, "--language", "sh", "--json"]);
    expect(result.status).toBe(0);
    const [printed] = JSON.parse(result.stdout) as { provider: string; content: string }[];
    expect(printed!.provider).toBe("hf-inference");
    expect(printed!.content).toContain("router.huggingface.co/hf-inference/models/distilbert/");
    const model = JSON.parse(readFileSync(CLASSIFIER, "utf8"));
    const input = await modelMenu(model, parseSnippetOptions(COMMAND_DEFAULTS));
    const shown = input
      .loadBlocks({ stream: false, direct: false })
      .flatMap((entry) => (entry.source === "inference" && entry.language === "sh" ? [entry] : []));
    expect(shown.map((entry) => [entry.provider, entry.content])).toEqual([["hf-inference", printed!.content]]);
  });
});

describe("the provider's mapping decides the task, for the command and the picker alike", () => {
  // Tagged text-generation without `conversational`: only together's mapping says it is a chat model.
  const model = {
    id: "acme/mapped-chat",
    pipeline_tag: "text-generation",
    tags: ["text-generation"],
    inferenceProviderMapping: [{ provider: "together", providerId: "acme/mapped-chat-t", status: "live", task: "conversational" }],
  };

  it("snippet --provider together prints the chat snippet the picker shows, not a /v1/completions one", async () => {
    const file = modelFile(model);
    const result = await runInProcess(["snippet", file, "--provider", "together", "--language", "sh"]);
    expect(result.status).toBe(0);
    expect(result.stdout).toContain("https://router.huggingface.co/v1/chat/completions");
    expect(result.stdout).toContain('"model": "acme/mapped-chat:together"');
    expect(result.stdout).not.toContain("/v1/completions ");
    const input = await modelMenu(JSON.parse(readFileSync(file, "utf8")), parseSnippetOptions({ ...COMMAND_DEFAULTS, provider: "together" }));
    const curl = input
      .loadBlocks({ stream: false, direct: false })
      .find((entry) => entry.source === "inference" && entry.client === "curl" && entry.provider === "together");
    expect(curl?.content).toBe(result.stdout);
  });
});

describe("file types the provider refuses", () => {
  it("the example input for fal-ai is an mp3 sample, with nothing on stderr", async () => {
    const result = await runInProcess(["snippet", WHISPER, "--provider", "fal-ai", "--language", "python"]);
    expect(result.status).toBe(0);
    expect(result.stderr).toBe("");
    expect(result.stdout).toContain("sample1.mp3");
    expect(result.stdout).not.toContain(".flac");
  });

  it("the user's own flac file gets one warning (and one that it is not here)", async () => {
    const result = await runInProcess(["snippet", WHISPER, "--provider", "fal-ai", "--inputs", "speech.flac", "--language", "python"]);
    expect(result.status).toBe(0);
    expect(result.stderr).toBe(
      "warning: --inputs speech.flac: there is no such file here; the snippet reads it when it runs\n" +
        "warning: fal-ai refuses audio/flac files: pass a file of type audio/mpeg, audio/wav, audio/webm with --inputs\n",
    );
  });
});
