import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runInProcess } from "../helpers/in-process.js";

const LORA = "catalogue/models/ostris--watercolor_style_lora_sdxl.json";

/** Runs `hubref ARGS` in-process, offline. */
const hubref = (...args: string[]) => runInProcess(args, { env: { HUBREF_OFFLINE: "1" } });

describe("hubref snippet --library with other options", () => {
  it("--language keeps only the blocks in that language", async () => {
    const python = await hubref("snippet", LORA, "--library", "--language", "python");
    expect(python.status).toBe(0);
    expect(python.stdout).toContain('pipe.load_lora_weights("ostris/watercolor_style_lora_sdxl")');
    expect(python.stdout).not.toContain("pip install");
    const sh = await hubref("snippet", LORA, "--library", "--language", "sh", "--json");
    expect((JSON.parse(sh.stdout) as { language: string }[]).map((block) => block.language)).toEqual(["sh"]);
  });

  it("exits 2 when the library has no code in that language, naming the ones it has", async () => {
    const result = await hubref("snippet", LORA, "--library", "--language", "js");
    expect(result.status).toBe(2);
    expect(result.stdout).toBe("");
    expect(result.stderr).toBe(
      "error: ostris/watercolor_style_lora_sdxl: the library 'diffusers' has no js usage code\nhint: its usage code is in: sh, python\n",
    );
  });

  it.each([
    [["--client", "requests"], "--client does"],
    [["--provider", "together"], "--provider does"],
    [["--stream"], "--stream does"],
    [["--client", "openai", "--stream"], "--client, --stream do"],
  ])("refuses %j with exit 2 instead of ignoring it", async (flags, named) => {
    const result = await hubref("snippet", LORA, "--library", ...flags);
    expect(result.status).toBe(2);
    expect(result.stdout).toBe("");
    expect(result.stderr).toBe(
      `error: --library prints the library's usage code, which ${named} not apply to\nhint: leave out --library for inference API snippets\n`,
    );
  });
});

describe("hubref snippet --library: what the metadata gives", () => {
  const folder = mkdtempSync(join(tmpdir(), "hubref-library-"));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));
  const modelFile = (name: string, model: object) => {
    const path = join(folder, `${name}.json`);
    writeFileSync(path, JSON.stringify(model));
    return path;
  };
  const gguf = (id: string, files: Record<string, number>) =>
    modelFile(id.replace("/", "--"), {
      id,
      library_name: "gguf",
      tags: ["gguf", "conversational"],
      siblings: Object.entries(files).map(([rfilename, size]) => ({ rfilename, size })),
    });

  it("exits 2 when all there is, is a fallback, with its reason and way forward", async () => {
    const path = modelFile("nameless", { id: "acme/sb", library_name: "speechbrain", tags: [] });
    const result = await hubref("snippet", path, "--library");
    expect(result.status).toBe(2);
    expect(result.stdout).toBe("");
    expect(result.stderr).toMatch(
      /^error: acme\/sb: no 'speechbrain' usage code from its metadata: interface not specified or invalid in config\nhint: \S.*\n$/,
    );
  });

  it("names the model in each block's header and in --json when there are several models", async () => {
    const other = modelFile("sklearn", { id: "acme/churn", library_name: "sklearn", tags: [], siblings: [{ rfilename: "sklearn_model.joblib" }] });
    const text = await hubref("snippet", LORA, other, "--library");
    expect(text.status).toBe(0);
    expect(text.stdout).toContain("# ostris/watercolor_style_lora_sdxl: diffusers (python)\n");
    expect(text.stdout).toContain("# acme/churn: sklearn (python)\n");
    const json = JSON.parse((await hubref("snippet", LORA, other, "--library", "--json")).stdout) as { model: string; library: string }[];
    expect(json.map((block) => `${block.model} ${block.library}`)).toContain("acme/churn sklearn");
    expect(json.map((block) => block.model)).toContain("ostris/watercolor_style_lora_sdxl");
  });

  const repo = gguf("acme/chat-GGUF", {
    "chat-Q8_0.gguf": 4e9,
    "chat-Q4_K_M.gguf": 2e9,
    "chat-Q5_K_M.gguf": 2.5e9,
    "mmproj-chat-f16.gguf": 0.5e9,
    "chat-Q6_K-00001-of-00002.gguf": 1.6e9,
    "chat-Q6_K-00002-of-00002.gguf": 1.6e9,
  });
  it("gives a GGUF repository llama-cpp-python's code, with the file --app would choose", async () => {
    const result = await hubref("snippet", repo, "--library", "--language", "python");
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('Llama.from_pretrained(\n    repo_id="acme/chat-GGUF",\n    filename="chat-Q4_K_M.gguf",\n)');
    expect(result.stdout).toContain("llm.create_chat_completion(");
    const quant = await hubref("snippet", repo, "--library", "--language", "python", "--quant", "q5_k_m");
    expect(quant.stdout).toContain('filename="chat-Q5_K_M.gguf"');
    const file = await hubref("snippet", repo, "--library", "--language", "python", "--file", "chat-Q8_0.gguf");
    expect(file.stdout).toContain('filename="chat-Q8_0.gguf"');
    const split = await hubref("snippet", repo, "--library", "--language", "python", "--quant", "Q6_K");
    expect(split.stdout).toContain('filename="chat-Q6_K-00001-of-00002.gguf",\n    additional_files=[\n        "chat-Q6_K-00002-of-00002.gguf",\n    ],');
    // A metadata file names its repository: the header a plan needs is read from the hub, and where the hub cannot be
    // reached there is no verdict, rather than a guess at the cache (a port nothing listens on stands for it).
    const fits = await runInProcess(["snippet", repo, "--library", "--language", "python", "--fits", "4.6GB"], {
      env: { HF_ENDPOINT: "http://127.0.0.1:9", HUBREF_HUB_RETRIES: "0", XDG_CACHE_HOME: undefined, HOME: undefined },
    });
    expect(fits).toMatchObject({ status: 1, stdout: "" });
    expect(fits.stderr).toMatch(
      /^error: cannot judge whether acme\/chat-GGUF fits at \d[\d,]* tokens: the KV cache and compute buffers are sized from its GGUF header, and /,
    );
  });

  it("refuses a quant the GGUF repository lacks as --app does, and --quant for a library that loads no GGUF", async () => {
    const missing = await hubref("snippet", repo, "--library", "--quant", "Q2_K");
    expect(missing.status).toBe(2);
    expect(missing.stderr).toMatch(/^error: acme\/chat-GGUF has no Q2_K file\nhint: nearest available: /);
    const notGguf = await hubref("snippet", LORA, "--library", "--quant", "Q4_K_M");
    expect(notGguf.status).toBe(2);
    expect(notGguf.stderr).toContain("--quant picks a GGUF file");
  });

  it("knows gguf as a file format whose code is llama-cpp-python's", async () => {
    const result = await hubref("libraries", "gguf");
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/^key\s+llama-cpp-python$/m);
    expect(result.stdout).toMatch(/^format\s+gguf: /m);
  });
});
