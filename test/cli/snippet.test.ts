import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { runCli } from "../helpers/cli.js";
import { runInProcess } from "../helpers/in-process.js";
import { CLIENTS, LANGUAGES, PROVIDER_CHOICES } from "../../src/inference/id-lists.js";
import { parsePython } from "../helpers/python.js";
import { bashSyntaxError } from "../helpers/bash.js";

/* `hubref snippet` as a user runs it: the built CLI, stdout and stderr captured. */

const CLASSIFIER = "catalogue/models/distilbert--distilbert-base-uncased-finetuned-sst-2-english.json";
/** What a user's script may rely on in `--json` output. */
const SnippetSchema = z.strictObject({
  model: z.string(),
  source: z.literal("inference"),
  language: z.enum(LANGUAGES),
  client: z.enum(CLIENTS),
  provider: z.enum(PROVIDER_CHOICES),
  title: z.string(),
  content: z.string(),
});
const LLAMA = "catalogue/models/meta-llama--Llama-3.1-8B-Instruct.json";
const FLUX = "catalogue/models/black-forest-labs--FLUX.1-dev.json";
const QWEN_VL = "catalogue/models/Qwen--Qwen2.5-VL-7B-Instruct.json";
/** FLUX without its provider mapping: every provider may be asked for, and the engine decides. */
const FLUX_UNMAPPED = (() => {
  const { inferenceProviderMapping: _mapping, ...model } = JSON.parse(readFileSync(FLUX, "utf8")) as Record<string, unknown>;
  const path = join(mkdtempSync(join(tmpdir(), "hubref-flux-")), "flux.json");
  writeFileSync(path, JSON.stringify(model));
  return path;
})();

describe("hubref snippet", () => {
  it("prints just the code when one snippet is selected, ready for `> run.py`", async () => {
    const result = await runInProcess(["snippet", CLASSIFIER, "--provider", "hf-inference", "--language", "python", "--client", "requests"]);
    expect(result.status).toBe(0);
    expect(result.stderr).toBe("");
    expect(result.stdout.startsWith("import os\n")).toBe(true);
    expect(result.stdout.endsWith(")\n")).toBe(true);
    const [parsed] = parsePython([result.stdout]);
    expect(parsed?.ok).toBe(true);
  });

  it("separates several snippets with a comment header each, in its own language", async () => {
    const result = await runInProcess(["snippet", LLAMA, "--provider", "cerebras"]);
    expect(result.status).toBe(0);
    const headers = result.stdout.split("\n").filter((line) => /^(#|\/\/) (python|js|sh) \/ /.test(line));
    expect(headers).toEqual([
      "# python / huggingface_hub / cerebras",
      "# python / requests / cerebras",
      "# python / openai / cerebras",
      "// js / huggingface.js / cerebras",
      "// js / fetch / cerebras",
      "// js / openai / cerebras",
      "# sh / curl / cerebras",
    ]);
  });

  it("names the model in the headers when there are several models", async () => {
    const result = await runInProcess(["snippet", CLASSIFIER, LLAMA, "--language", "sh", "--provider", "hf-inference"]);
    expect(result.status).toBe(0);
    expect(result.stdout).toContain("# distilbert/distilbert-base-uncased-finetuned-sst-2-english: sh / curl / hf-inference\n");
    expect(result.stdout).toContain("# meta-llama/Llama-3.1-8B-Instruct: sh / curl / hf-inference\n");
    expect(bashSyntaxError(result.stdout)).toBeUndefined();
  });

  it("--json prints an array of model, source, language, client, provider, title and content", async () => {
    const result = await runInProcess(["snippet", FLUX, "--json"]);
    expect(result.status).toBe(0);
    const snippets = z.array(SnippetSchema).parse(JSON.parse(result.stdout));
    // With provider auto the hub clients leave the choice to the hub; the others call the first live provider.
    expect(snippets.filter((snippet) => snippet.provider === "auto").map((snippet) => `${snippet.language}/${snippet.client}`)).toEqual([
      "python/huggingface_hub",
      "js/huggingface.js",
    ]);
    expect(snippets.some((snippet) => snippet.client === "curl" && snippet.provider === "fal-ai")).toBe(true);
    for (const snippet of snippets) {
      expect(Object.keys(snippet).sort()).toEqual(["client", "content", "language", "model", "provider", "source", "title"]);
      expect(snippet.content.endsWith("\n")).toBe(true);
      expect(snippet).toMatchObject({
        model: "black-forest-labs/FLUX.1-dev",
        source: "inference",
        title: `${snippet.language} / ${snippet.client} / ${snippet.provider}`,
      });
    }
  });

  it("reads the model from stdin with -", async () => {
    const result = runCli(["snippet", "-", "--client", "curl", "--provider", "together"], { input: readFileSync(FLUX) });
    expect(result.status).toBe(0);
    expect(result.stdout).toContain("curl -sS --fail-with-body https://router.huggingface.co/together/v1/images/generations \\\n");
  });

  it("--inputs replaces the example input", async () => {
    const result = await runInProcess(["snippet", CLASSIFIER, "--provider", "hf-inference", "--client", "curl", "--inputs", "it's $(great)"]);
    expect(result.stdout).toContain(`"inputs": "it'\\''s $(great)"`);
  });

  it.each([
    [["--language", "pyton"], "error: unknown language 'pyton'\nhint: did you mean 'python'?\n"],
    [["--client", "request"], "error: unknown client 'request'\nhint: did you mean 'requests'?\n"],
    [["--provider", "togther"], "error: unknown provider 'togther'\nhint: did you mean 'together'?\n"],
    [["--language", "sh", "--client", "fetch"], "error: fetch is not a sh client\nhint: sh clients: curl; fetch is for js\n"],
    [["--direct"], "error: --direct calls one provider: name it with --provider\nhint: for example: --provider together --direct\n"],
    [["--provider", "together", "--direct", "--bill-to", "acme"], "error: --bill-to bills a hub organisation, which --direct calls bypass\n"],
    [["--bill-to", "acme\nX-Evil: 1"], "error: --bill-to takes a hub organisation name, got 'acme\\nX-Evil: 1'\n"],
    [["--token", "hf_a b"], "error: --token: a token is printable ASCII with no spaces\n"],
    [["--temperature", "hot"], "error: --temperature takes a number from 0 to 2, got 'hot'\n"],
    [["--temperature", "0x10"], "error: --temperature takes a number from 0 to 2, got '0x10'\n"],
    [["--temperature", "2.5"], "error: --temperature takes a number from 0 to 2, got '2.5'\n"],
    [["--temperature", ""], "error: --temperature takes a number from 0 to 2, got ''\n"],
    [["--max-tokens", "99999999999999999999"], "error: --max-tokens takes a whole number above 0 (1000, 4k), got '99999999999999999999'\n"],
    [["--max-tokens", "0"], "error: --max-tokens takes a whole number above 0 (1000, 4k), got '0'\n"],
    [["--top-p", "-0.5"], "error: --top-p takes a number above 0, at most 1, got '-0.5'\n"],
    [["--inputs", ""], "error: --inputs is empty\nhint: give the text or JSON to send, or leave out --inputs for the example input\n"],
    [["--max-tokens", "1.5"], "error: --max-tokens takes a whole number above 0 (1000, 4k), got '1.5'\n"],
    [["--top-p", "0"], "error: --top-p takes a number above 0, at most 1, got '0'\n"],
    [
      ["--endpoint-url", "https://x.example", "--direct"],
      "error: --endpoint-url and --direct do not go together: an endpoint is always called directly\nhint: leave out --direct\n",
    ],
    [["--endpoint-url", "ftp://x"], "error: --endpoint-url takes an http(s) URL, got ftp:\n"],
    [["--endpoint-url", "https://x.example", "--provider", "together"], "error: --endpoint-url calls your own endpoint, not together: leave out --provider\n"],
  ])("refuses %j with exit 2 and a hint", async (args, stderr) => {
    const result = await runInProcess(["snippet", CLASSIFIER, ...args]);
    expect(result).toMatchObject({ status: 2, stdout: "", stderr });
  });

  it.each([
    [
      ["--inputs", '[{"role":"user"'],
      "error: --inputs starts like JSON and is not valid JSON: line 1, column 16: unexpected end of input, expected ',' or '}'\n" +
        'hint: fix the JSON at that position; a text that starts like JSON goes as a JSON string ("…")\n',
    ],
    [
      ["--inputs", '[{"role":"robot","content":"hi"}]'],
      'error: --inputs: message 1 has the role "robot", which no chat API takes\nhint: a message\'s role is one of: system, developer, user, assistant, tool\n',
    ],
  ])("refuses a chat --inputs of %j with exit 2, sending nothing", async (args, stderr) => {
    for (const extra of [[], ["--json"], ["--language", "sh"]]) {
      const result = await runInProcess(["snippet", LLAMA, ...args, ...extra]);
      expect(result, extra.join(" ")).toEqual({ status: 2, stdout: "", stderr });
    }
  });

  it("takes languages, clients and providers in any case, and the usual names of the languages", async () => {
    const expected = (await runInProcess(["snippet", LLAMA, "--language", "python", "--client", "openai", "--provider", "cerebras"])).stdout;
    expect(expected).toContain("from openai import OpenAI");
    expect(await runInProcess(["snippet", LLAMA, "--language", "Python", "--client", "OpenAI", "--provider", "CEREBRAS"])).toMatchObject({
      status: 0,
      stdout: expected,
    });
    expect(await runInProcess(["snippet", LLAMA, "--language", "py", "--client", "openai", "--provider", "cerebras"])).toMatchObject({
      status: 0,
      stdout: expected,
    });
    for (const [alias, client] of [
      ["node", "fetch"],
      ["javascript", "fetch"],
      ["bash", "curl"],
      ["shell", "curl"],
    ]) {
      expect((await runInProcess(["snippet", LLAMA, "--language", alias!, "--client", client!, "--provider", "cerebras"])).status).toBe(0);
    }
  });

  it("points a model with a library but no pipeline tag to --library", async () => {
    const path = join(mkdtempSync(join(tmpdir(), "hubref-untagged-")), "untagged.json");
    writeFileSync(path, JSON.stringify({ id: "acme/lora", library_name: "diffusers" }));
    expect(await runInProcess(["snippet", path, "--language", "python"])).toMatchObject({
      status: 2,
      stderr: "error: acme/lora: the metadata has no pipeline tag, so there is no inference snippet\nhint: its library's usage code is there: add --library\n",
    });
  });

  it("reads a decimal temperature as written", async () => {
    expect(
      (await runInProcess(["snippet", LLAMA, "--client", "curl", "--provider", "cerebras", "--temperature", "0.5", "--max-tokens", "300"])).stdout,
    ).toMatch(/"temperature": 0\.5,[\s\S]*"max_tokens": 300/);
  });

  it("exits 2 with the reason when no snippet exists for the request", async () => {
    const template = await runInProcess(["snippet", CLASSIFIER, "--provider", "hf-inference", "--language", "python", "--client", "openai"]);
    expect(template).toMatchObject({
      status: 2,
      stdout: "",
      stderr:
        "error: the openai client is for chat models, not text-classification\nhint: with provider hf-inference: huggingface_hub (python), requests (python), huggingface.js (js), fetch (js), curl (sh), net/http (go), java.net.http (java), net/http (ruby), curl (php)\n",
    });
    const helper = await runInProcess(["snippet", FLUX_UNMAPPED, "--provider", "cerebras"]);
    expect(helper.status).toBe(2);
    expect(helper.stderr).toBe(
      "error: cerebras does not serve text-to-image\nhint: text-to-image is served by: deepinfra, fal-ai, hf-inference, nscale, replicate, together, wavespeed, zai-org (choose one with --provider)\n",
    );
  });

  it("--image sends images to a vision chat model, and exits 2 with one error line for a model that takes none", async () => {
    const vision = await runInProcess(["snippet", QWEN_VL, "--language", "sh", "--provider", "together", "--image", "cat.jpg", "--image", "notes.txt"]);
    expect(vision.status).toBe(0);
    expect(vision.stdout).toContain(`image1=$(base64 < cat.jpg | tr -d '\\n')\nimage2=$(base64 < notes.txt | tr -d '\\n')`);
    expect(vision.stderr).toBe("warning: --image notes.txt: .txt is not an image file\n");
    const refused = {
      status: 2,
      stdout: "",
      stderr:
        "error: meta-llama/Llama-3.1-8B-Instruct: --image adds images to a chat message, and text-generation models take text only\nhint: --image is for image-text-to-text chat models\n",
    };
    expect(await runInProcess(["snippet", LLAMA, "--image", "cat.jpg"])).toMatchObject(refused);
    // The picker refuses it as the printing command does, before it asks for a terminal.
    expect(await runInProcess(["snippet", LLAMA, "--image", "cat.jpg", "-i"])).toMatchObject(refused);
    expect(await runInProcess(["snippet", QWEN_VL, "--library", "--image", "cat.jpg"])).toMatchObject({
      status: 2,
      stderr: "error: --library prints the library's usage code, which --image does not apply to\nhint: leave out --library for inference API snippets\n",
    });
  });

  it("prints the models that get code, then says which got none and exits 1, as grep does with a missing file", async () => {
    const result = await runInProcess(["snippet", FLUX_UNMAPPED, LLAMA, "--provider", "cerebras", "--language", "sh"]);
    expect(result.status).toBe(1);
    expect(result.stderr).toBe("error: black-forest-labs/FLUX.1-dev: cerebras does not serve text-to-image\n");
    expect(result.stdout).toContain("meta-llama/Llama-3.1-8B-Instruct:cerebras");
    // With several models, the header names the model even when only one printed.
    expect(result.stdout.split("\n")[0]).toBe("# meta-llama/Llama-3.1-8B-Instruct: sh / curl / cerebras");
    const unmapped = await runInProcess(["snippet", FLUX, LLAMA, "--provider", "cerebras", "--language", "sh"]);
    expect(unmapped.status).toBe(1);
    expect(unmapped.stderr).toBe(
      "error: provider 'cerebras' does not serve 'black-forest-labs/FLUX.1-dev'; it is served by: fal-ai, replicate, together, wavespeed\n",
    );
  });

  it("names the model in every header when one model is given twice", async () => {
    const result = await runInProcess(["snippet", LLAMA, LLAMA, "--provider", "cerebras", "--client", "curl"]);
    expect(result.status).toBe(0);
    expect(result.stdout.match(/^# .*$/gm)).toEqual([
      "# meta-llama/Llama-3.1-8B-Instruct: sh / curl / cerebras",
      "# meta-llama/Llama-3.1-8B-Instruct: sh / curl / cerebras",
    ]);
  });

  it("writes notes to stderr and keeps stdout for code", async () => {
    const dir = mkdtempSync(join(tmpdir(), "hubref-snippet-"));
    const model = join(dir, "model.json");
    writeFileSync(model, JSON.stringify({ id: "acme/unmapped", pipeline_tag: "text-to-image" }));
    const result = await runInProcess(["snippet", model, "--provider", "nscale", "--language", "sh"]);
    expect(result.status).toBe(0);
    expect(result.stderr).toBe(
      "note: acme/unmapped: no inference provider serves this model (its metadata maps none), so this call may fail\n" +
        "note: acme/unmapped: the metadata maps no nscale model id; the snippet uses the hub id (set one with --provider-model-id)\n",
    );
    expect(bashSyntaxError(result.stdout)).toBeUndefined();
  });

  it("shows the options and examples in its help", async () => {
    const result = await runInProcess(["snippet", "--help"]);
    expect(result.status).toBe(0);
    for (const option of [
      "--language",
      "--client",
      "--provider",
      "--stream",
      "--bill-to",
      "--token",
      "--direct",
      "--endpoint-url",
      "--provider-model-id",
      "--inputs",
      "--temperature",
      "--max-tokens",
      "--top-p",
      "--json",
    ]) {
      expect(result.stdout).toContain(option);
    }
    expect(result.stdout).toContain("$ hubref snippet model.json --language python --client requests > run.py");
  });
});
