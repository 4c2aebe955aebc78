import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { rejected, thrown } from "../helpers/errors.js";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startGgufHub, type GgufHub } from "../helpers/gguf-hub.js";
import { catalogueRepos } from "./plan-repos.js";
import { parseSnippetCommand, type SnippetCommand } from "../../src/cli/snippet-command.js";
import { COMMAND_RULES, FLAG_NAMES } from "../../src/cli/flag-rules.js";
import type { SnippetCommandOptions } from "../../src/cli/snippet-options.js";
import { modelMenu } from "../../src/blocks/menu.js";
import type { HubrefError } from "../../src/errors.js";
import { LANGUAGE_ALIASES } from "../../src/format/languages.js";
import { ModelDataSchema } from "../../src/model/schema.js";
import { initialState, rowOptions, shownEntry } from "../../src/ui/state.js";
import { blockLanguage, blockTool } from "../../src/blocks/code-block.js";
import { runInProcess } from "../helpers/in-process.js";
import { fakeContext } from "../helpers/context.js";
import { pickerMenu } from "../../src/cli/snippet-interactive.js";

/*
 * `hubref snippet`'s flags become one typed command before anything runs:
 * every alias, every mode, and every refused combination, without running.
 */

const DEFAULTS: SnippetCommandOptions = { stream: false, direct: false, json: false, library: false, offline: false, refresh: false, provider: "auto" };
const PIPE = { interactive: false };
const TERMINAL = { interactive: true };

function parse(extra: Partial<SnippetCommandOptions>, terminal = PIPE, models = ["m.json"]): SnippetCommand {
  return parseSnippetCommand(models, { ...DEFAULTS, ...extra }, terminal);
}

/** The command line's error for flags it refuses, worded as it reports them. */
function refusal(extra: Partial<SnippetCommandOptions>, terminal = PIPE, models = ["m.json"]): HubrefError {
  return thrown(() => parse(extra, terminal, models));
}

/** A value for each flag, as a person would give it. */
const SAMPLE: { [F in keyof SnippetCommandOptions]-?: SnippetCommandOptions[F] } = {
  language: "python",
  client: "requests",
  provider: "together",
  stream: true,
  billTo: "acme",
  token: "hf_abc",
  direct: true,
  endpointUrl: "https://example.com",
  providerModelId: "x/y",
  inputs: "hi",
  image: ["cat.jpg"],
  temperature: "0.5",
  maxTokens: "10",
  topP: "0.5",
  tools: true,
  schema: true,
  json: true,
  library: true,
  interactive: true,
  offline: true,
  refresh: true,
  app: "llama.cpp",
  quant: "Q4_K_M",
  file: "a.gguf",
  fits: "8GB",
  ram: "32GB",
  margin: "1GiB",
  prefer: "quality",
  ctx: "4096",
  cacheType: "q8_0",
  cacheTypeK: "q8_0",
  cacheTypeV: "q4_0",
  flashAttn: "on",
  kvCacheDtype: "fp8",
  gpuMemoryUtilization: "0.9",
  verbose: true,
  api: "responses",
  reasoningEffort: "high",
};

describe("modes", () => {
  it("prints inference code when piped, and opens the picker at a terminal that chose nothing", () => {
    expect(parse({}).mode).toBe("inference");
    expect(parse({}, TERMINAL).mode).toBe("picker");
    expect(parse({ json: true }, TERMINAL).mode).toBe("inference");
    expect(parse({ language: "sh" }, TERMINAL).mode).toBe("inference");
    expect(parse({ interactive: true }).mode).toBe("picker");
  });

  it("--library and --app print their own code, unless -i opens the picker on them", () => {
    expect(parse({ library: true }, TERMINAL).mode).toBe("library");
    expect(parse({ app: "ollama" }, TERMINAL).mode).toBe("app");
    expect(parse({ library: true, interactive: true })).toMatchObject({ mode: "picker", presets: { source: "library" } });
    expect(parse({ app: "ollama", quant: "Q5_K_M", interactive: true })).toMatchObject({
      mode: "picker",
      presets: { source: "local", app: "ollama", quant: "Q5_K_M" },
    });
  });
});

describe("values", () => {
  it.each(Object.entries(LANGUAGE_ALIASES))("--language %s means %s, printed and in the picker", (alias, language) => {
    expect(parse({ language: alias })).toMatchObject({ mode: "inference", options: { language } });
    expect(parse({ language: alias.toUpperCase(), interactive: true })).toMatchObject({ mode: "picker", presets: { source: "inference", language } });
  });

  it("takes a client in any case, and a client of one language names it for the picker", () => {
    expect(parse({ client: "FETCH" })).toMatchObject({ options: { client: "fetch" } });
    expect(parse({ language: "js", client: "FETCH", interactive: true })).toMatchObject({ presets: { source: "inference", language: "js", client: "fetch" } });
    expect(parse({ client: "fetch", interactive: true })).toMatchObject({ presets: { source: "inference", client: "fetch" } });
  });

  it("--image is repeatable, keeps its order, and opens the picker on the inference calls", () => {
    const images = ["cat.jpg", "https://example.com/dog.png?size=2", "my photo.png"];
    expect(parse({ image: images })).toMatchObject({ mode: "inference", options: { images } });
    expect(parse({ image: ["cat.jpg"], interactive: true })).toMatchObject({
      mode: "picker",
      options: { images: ["cat.jpg"] },
      presets: { source: "inference" },
    });
  });

  it("takes the sampling numbers as people write them: .5, 1e-1, 1k tokens", () => {
    expect(parse({ temperature: ".5", topP: "1e-1", maxTokens: "1k" })).toMatchObject({ options: { temperature: 0.5, topP: 0.1, maxTokens: 1024 } });
    expect(refusal({ temperature: "0x1" }).message).toBe("--temperature takes a number from 0 to 2, got '0x1'");
    expect(refusal({ topP: "0" }).exitCode).toBe(2);
    expect(refusal({ maxTokens: "1.5" }).message).toBe("--max-tokens takes a whole number above 0 (1000, 4k), got '1.5'");
  });

  it("refuses an --image that is empty, a broken URL, or text meant for --inputs", () => {
    expect(refusal({ image: ["cat.jpg", " "] }).message).toBe("--image is empty");
    expect(refusal({ image: ["https://exa mple.com/x.jpg"] }).message).toBe('--image "https://exa mple.com/x.jpg" is not a valid URL');
    const text = refusal({ image: ["what is in this picture"] });
    expect(text.exitCode).toBe(2);
    expect(text.message).toBe("--image takes a local image file or its http(s) URL, not text");
    expect(text.hint).toBe("give the text with --inputs, for example --inputs 'what is in this picture' --image cat.jpg");
  });

  it("refuses unknown values with a suggestion", () => {
    expect(refusal({ language: "pyhton" }).hint).toBe("did you mean 'python'?");
    expect(refusal({ client: "fetch", language: "python" }).message).toBe("fetch is not a python client");
  });
});

describe("flag combinations: one table", () => {
  // Every refusal of the table, each with the message its rule gives.
  const cases = COMMAND_RULES.snippet.flatMap((rule) =>
    "when" in rule ? rule.refuses.map((refused) => [rule.when.join(" "), refused, rule.message(FLAG_NAMES[refused], 1)] as const) : [],
  );

  // The refusals a flag's value makes: each rule of the table that reads a value, by an example of it.
  const VALUED: [Partial<SnippetCommandOptions>, string, string?][] = [
    [{ app: "mlx-lm", kvCacheDtype: "fp8" }, "MLX LM has no --kv-cache-dtype or --gpu-memory-utilization", "leave them out with --app mlx-lm"],
    [
      { app: "ollama", gpuMemoryUtilization: "0.9" },
      "--kv-cache-dtype and --gpu-memory-utilization set a server's memory for safetensors weights",
      "use them with --app vllm or --app sglang",
    ],
    [{ app: "llama.cpp", language: "py" }, "--app prints shell commands, not python", "leave out --language with --app"],
    [{ library: true, language: "go" }, "--library prints usage code in python, js and sh, not go"],
    [{ provider: "together", endpointUrl: "https://example.com" }, "--endpoint-url calls your own endpoint, not together: leave out --provider"],
    [{ client: "huggingface_hub", api: "responses" }, "huggingface_hub does not speak the Responses API"],
  ];
  it("covers every rule that reads a value", () => {
    expect(VALUED.length).toBe(COMMAND_RULES.snippet.filter((rule) => "valued" in rule).length);
  });
  it.each(VALUED)("%o is refused by its value, with exit 2", (raw, message, hint) => {
    const error = refusal(raw);
    expect(error.exitCode).toBe(2);
    expect(error.message).toBe(message);
    if (hint !== undefined) expect(error.hint).toBe(hint);
  });
  it.each(cases)("%s refuses %s, with exit 2, whatever the terminal", (when, refused, message) => {
    const extra = Object.fromEntries([...when.split(" "), refused].map((flag) => [flag, SAMPLE[flag as keyof SnippetCommandOptions]]));
    for (const terminal of [PIPE, TERMINAL]) {
      const error = refusal(extra, terminal);
      expect(error.exitCode).toBe(2);
      expect(error.message).toBe(message);
    }
  });

  it("-i --json is refused: the picker prints no JSON", () => {
    expect(refusal({ interactive: true, json: true }).message).toBe("-i opens the picker, which --json does not apply to");
  });

  it("--quant, --file, --fits and the run settings need --app or --library; --quant and --file go one at a time", () => {
    expect(refusal({ quant: "Q4_K_M" }).message).toBe("--quant, --file, --fits, --ctx and the cache and flash-attention settings go with --app or --library");
    for (const flag of ["ctx", "cacheTypeK", "cacheTypeV", "flashAttn"] as const) expect(refusal({ [flag]: SAMPLE[flag] }).exitCode).toBe(2);
    expect(refusal({ app: "ollama", quant: "Q4_K_M", file: "a.gguf" }).message).toBe("--quant and --file each pick the file: give one");
  });

  it("--fits with --quant plans that quant; --ctx, the cache types and flash attention go with --app alone", () => {
    expect(parse({ app: "ollama", quant: "Q4_K_M", fits: "8GB" })).toMatchObject({
      mode: "app",
      local: { quant: "Q4_K_M", machine: { fits: { kind: "size" } } },
    });
    expect(parse({ app: "llama.cpp", ctx: "32k" })).toMatchObject({ mode: "app", local: { ctx: 32768 } });
    expect(parse({ app: "llama.cpp", ctx: "1M" })).toMatchObject({ local: { ctx: 1_048_576 } });
    expect(parse({ app: "llama.cpp", ctx: "MAX" })).toMatchObject({ local: { ctx: "max" } });
    expect(parse({ library: true, ctx: "8192", cacheType: "q8_0" })).toMatchObject({
      mode: "library",
      local: { ctx: 8192, cacheTypeK: "q8_0", cacheTypeV: "q8_0" },
    });
    expect(parse({ app: "llama.cpp", cacheTypeK: "q8_0", cacheTypeV: "q4_0", flashAttn: "AUTO" })).toMatchObject({
      local: { cacheTypeK: "q8_0", cacheTypeV: "q4_0", flashAttention: "auto" },
    });
    expect(parse({ app: "llama.cpp", fits: "RTX 4090", quant: "Q4_K_M", ctx: "fit" })).toMatchObject({ local: { ctx: "fit", quant: "Q4_K_M" } });
    expect(parse({ app: "llama.cpp", fits: "RTX 3060:12", ram: "32GB", margin: "512MB", prefer: "SPEED" })).toMatchObject({
      local: { machine: { ram: 32 * 2 ** 30, margin: 512e6 }, prefer: "speed" },
    });
    expect(parse({ app: "llama.cpp", verbose: true, fits: "8GB" })).toMatchObject({ mode: "app", verbose: true });
  });

  it("refuses a bad --ctx, --cache-type-k/-v or --flash-attn, --ctx fit without --fits and one quant, and a quantized V cache without flash attention", () => {
    const refused = (extra: Partial<SnippetCommandOptions>) => {
      const error = refusal({ app: "llama.cpp", ...extra });
      expect(error.exitCode).toBe(2);
      return error.message;
    };
    expect(refused({ ctx: "lots" })).toBe("--ctx takes a number of tokens (32768, 32k, 1M), max or fit; got 'lots'");
    expect(refused({ ctx: "1.5" })).toBe("--ctx takes a number of tokens (32768, 32k, 1M), max or fit; got '1.5'");
    expect(refused({ ctx: "128" })).toBe("--ctx 128 is below 256 tokens, llama.cpp's smallest context");
    expect(refused({ ctx: "fit" })).toBe("--ctx fit is the largest context that fits: it needs --fits");
    expect(refused({ ctx: "fit", fits: "8GB" })).toBe("--ctx fit is the largest context one quant fits: name it with --quant or --file");
    expect(refused({ cacheTypeV: "q9" })).toBe("--cache-type-v takes f16, q8_0, q4_0, got 'q9'");
    expect(refused({ flashAttn: "yes" })).toBe("--flash-attn takes on, off or auto, got 'yes'");
    expect(refused({ cacheType: "q8_0", flashAttn: "off" })).toBe("llama.cpp refuses a q8_0 V cache without flash attention");
    expect(parse({ app: "llama.cpp", cacheTypeK: "q8_0", flashAttn: "off" })).toMatchObject({ local: { cacheTypeK: "q8_0", flashAttention: "off" } });
    expect(refused({ fits: "RTX 3060:12", ram: "lots" })).toBe("--ram takes a memory size such as 32GB or 16GiB, got 'lots'");
    expect(refused({ fits: "RTX 3060:12", margin: "1" })).toBe("--margin takes a memory size such as 32GB or 16GiB, got '1'");
    expect(refused({ fits: "RTX 3060:12", margin: "16GB" })).toBe("--margin 16.00 GB leaves nothing of RTX 3060:12: each device has 12.88 GB");
    expect(refused({ fits: "RTX 3060:12", prefer: "fast" })).toBe("--prefer takes quality or speed, got 'fast'");
    expect(refused({ fits: "16GB", ram: "32GB" })).toBe("--ram is the system memory beside a GPU, and a size names all the memory already");
    expect(refused({ ram: "32GB" })).toBe("--ram, --margin and --prefer go with --fits, the machine they are about");
    expect(refused({ cacheType: "q8_0", cacheTypeV: "q4_0" })).toBe("--cache-type sets the K and V caches both, which --cache-type-v would set again");
  });

  it("-i --library takes no --quant (the picker chooses quants for local apps only)", () => {
    expect(refusal({ library: true, quant: "Q4_K_M", interactive: true }).exitCode).toBe(2);
  });

  it("--direct needs a provider named (auto, in any case, names none), unless --endpoint-url says more", () => {
    expect(refusal({ direct: true }).message).toBe("--direct calls one provider: name it with --provider");
    expect(refusal({ direct: true, provider: "AUTO" }).message).toBe("--direct calls one provider: name it with --provider");
    expect(parse({ direct: true, provider: "together" })).toMatchObject({ mode: "inference", options: { provider: "together", direct: true } });
    expect(refusal({ direct: true, endpointUrl: "https://example.com" }).message).toBe(
      "--endpoint-url and --direct do not go together: an endpoint is always called directly",
    );
  });

  it("--app takes --language sh only", () => {
    expect(parse({ app: "ollama", language: "bash" }).mode).toBe("app");
    expect(refusal({ app: "ollama", language: "python" }).message).toBe("--app prints shell commands, not python");
  });

  it("refuses the picker for several models, stdin twice, and --offline with --refresh", () => {
    expect(refusal({ interactive: true }, PIPE, ["a.json", "b.json"]).message).toBe("the interactive picker shows one model at a time");
    expect(refusal({}, PIPE, ["-", "-"]).message).toBe("stdin (-) can be read once");
    expect(refusal({ offline: true, refresh: true }).message).toBe("--offline and --refresh contradict each other");
  });
});

describe("the picker opens on what the printing command would print", () => {
  const llama = ModelDataSchema.parse(JSON.parse(readFileSync("catalogue/models/meta-llama--Llama-3.1-8B-Instruct.json", "utf8")));
  const opened = async (extra: Partial<SnippetCommandOptions>) => {
    const command = parse({ ...extra, interactive: true });
    if (command.mode !== "picker") throw new Error("not the picker");
    const block = shownEntry(initialState(await modelMenu(llama, command.options, command.presets)))!;
    return `${blockLanguage(block)}/${blockTool(block)}`;
  };

  it.each([
    [{ language: "node" }, "js/huggingface.js"],
    [{ language: "JS" }, "js/huggingface.js"],
    [{ language: "bash" }, "sh/curl"],
    [{ client: "fetch" }, "js/fetch"],
    [{ language: "js", client: "FETCH" }, "js/fetch"],
  ] as const)("%j opens on %s", async (extra, expected) => {
    expect(await opened(extra)).toBe(expected);
  });

  it("a provider the model's mapping does not offer exits 2 with the printing command's error, before any screen", async () => {
    const bert = "catalogue/models/google-bert--bert-base-uncased.json";
    const printed = await runInProcess(["snippet", bert, "--provider", "together", "--language", "sh"]);
    const command = parse({ provider: "together", interactive: true }, TERMINAL, [bert]);
    if (command.mode !== "picker") throw new Error("not the picker");
    const model = ModelDataSchema.parse(JSON.parse(readFileSync(bert, "utf8")));
    const error = await rejected(modelMenu(model, command.options, command.presets));
    expect(printed.status).toBe(2);
    expect(error.exitCode).toBe(2);
    expect(`error: ${error.message}`).toBe(printed.stderr.split("\n")[0]);
  });
});

describe("a model tagged gguf whose files hold none", () => {
  // The tags say GGUF, the file list says otherwise: the files win everywhere.
  const dir = mkdtempSync(join(tmpdir(), "hubref-tagged-"));
  const path = join(dir, "m.json");
  writeFileSync(
    path,
    JSON.stringify({ id: "org/m", pipeline_tag: "text-generation", tags: ["gguf", "conversational"], siblings: [{ rfilename: "README.md" }] }),
  );

  it("gets a hosted snippet, not a pointer to local apps that do not run it", async () => {
    const printed = await runInProcess(["snippet", path, "--language", "sh"]);
    expect(printed.status).toBe(0);
    expect(printed.stderr).not.toContain("to run it yourself");
    expect(printed.stderr).toContain("no inference provider serves this model (its metadata maps none), so this call may fail");
    const apps = await runInProcess(["apps", "--for", path]);
    expect(apps.stdout + apps.stderr).toMatch(/no local app/i);
  });

  it("opens the picker on the same snippets the printing command prints", async () => {
    const model = ModelDataSchema.parse(JSON.parse(readFileSync(path, "utf8")));
    const command = parse({ interactive: true });
    if (command.mode !== "picker") throw new Error("not the picker");
    const menu = await modelMenu(model, command.options, command.presets);
    expect(menu.loadBlocks(menu.initialToggles).some((block) => block.source === "inference")).toBe(true);
  });
});

describe("-i with --app and --fits, against a stand-in hub that serves the metadata file's repository", () => {
  const file = "catalogue/models/bartowski--Llama-3.2-3B-Instruct-GGUF.json";
  let hub: GgufHub;
  const cache = mkdtempSync(join(tmpdir(), "hubref-picker-fits-"));
  beforeAll(async () => {
    hub = await startGgufHub(catalogueRepos());
  });
  afterAll(async () => {
    await hub.close();
    rmSync(cache, { recursive: true, force: true });
  });
  const env = () => ({ HF_ENDPOINT: hub.endpoint, XDG_CACHE_HOME: cache, HF_TOKEN: undefined });
  const quantLabels = async (options: Record<string, string | boolean>) => {
    const command = parse({ app: "ollama", interactive: true, ...options }, TERMINAL, [file]);
    if (command.mode !== "picker") throw new Error("not the picker");
    const { menu } = await pickerMenu(command, fakeContext(env(), false).context);
    const state = initialState(menu);
    const { labels, chosen } = rowOptions(state, "quant");
    return { labels, chosen: labels[chosen]! };
  };

  it("opens the picker on the quant --fits picks, saying why on stderr, as the printing command does", async () => {
    const printed = await runInProcess(["snippet", file, "--app", "ollama", "--fits", "6GB"], { env: env() });
    const command = parse({ app: "ollama", fits: "6GB", interactive: true }, TERMINAL, [file]);
    if (command.mode !== "picker") throw new Error("not the picker");
    const { context, errors } = fakeContext(env(), false);
    const { menu } = await pickerMenu(command, context);
    const shown = shownEntry(initialState(menu))!;
    expect(shown.source).toBe("local");
    expect(printed.stdout).toContain(`:${shown.source === "local" ? shown.quant?.label : ""}\n`);
    expect(errors()).toContain("Q8_0 is the largest of Q4_K_M's class (up to Q8_0) that fits at 8,192 tokens");
    expect(errors()).toContain("its GGUF header (Llama-3.2-3B-Instruct-IQ3_M.gguf) was read from the hub");
  });

  it("marks every quant that fits the machine, the chosen one among them, and no other", async () => {
    const { labels, chosen } = await quantLabels({ fits: "6GB" });
    const gb = (label: string) => Number(/ ([\d.]+) GB/.exec(label)![1]);
    const marked = labels.filter((label) => label.endsWith(" ✓ fits"));
    const unmarked = labels.filter((label) => !marked.includes(label));
    // Q8_0, the largest of the default class that fits, is chosen; the float file is larger, and left unmarked.
    expect(chosen).toMatch(/^Q8_0 3\.42 GB ✓ fits$/);
    expect(marked.length).toBeGreaterThan(1);
    expect(unmarked).toContain("F16 6.43 GB");
    expect(Math.min(...unmarked.map(gb))).toBeGreaterThan(Math.max(...marked.map(gb)));
  });

  it("marks none without --fits", async () => {
    const { labels, chosen } = await quantLabels({});
    expect(chosen).toBe("Q4_K_M 2.02 GB");
    expect(labels.filter((label) => label.includes("fits"))).toEqual([]);
  });
});

describe("--api and --reasoning-effort", () => {
  it("takes the Responses API and an effort, any case; chat is the default and is not sent as a choice", () => {
    expect(parse({ api: "Responses", reasoningEffort: "HIGH" })).toMatchObject({ mode: "inference", options: { api: "responses", reasoningEffort: "high" } });
    const chat = parse({ api: "chat" });
    expect(chat.mode === "inference" && chat.options.api).toBeUndefined();
  });

  it("refuses an unknown API or effort, with the values it takes", () => {
    const api = refusal({ api: "completions" });
    expect(api.exitCode).toBe(2);
    expect(api.message).toContain("completions");
    expect(`${api.message} ${api.hint ?? ""}`).toContain("chat, responses");
    const effort = refusal({ reasoningEffort: "max" });
    expect(effort.exitCode).toBe(2);
    expect(`${effort.message} ${effort.hint ?? ""}`).toContain("low, medium, high");
  });

  it("refuses a client that cannot speak the Responses API, naming those that can", () => {
    for (const client of ["huggingface_hub", "huggingface.js", "fal_client"]) {
      const error = refusal({ api: "responses", client });
      expect(error.exitCode).toBe(2);
      expect(error.message).toBe(`${client} does not speak the Responses API`);
      expect(error.hint).toContain("openai (python)");
      expect(error.hint).toContain("net/http (go)");
      expect(error.hint).not.toContain("huggingface");
    }
    // curl is sh's and PHP's: both speak it.
    expect(parse({ api: "responses", client: "curl" }).mode).toBe("inference");
  });

  it("refuses --direct with --api responses: the router or a server of your own serves it, no provider's own route", () => {
    const direct = refusal({ api: "responses", direct: true, provider: "together" });
    expect(direct.message).toBe("--api responses goes through the hub router (or your own server, with --endpoint-url), which --direct does not apply to");
    expect(direct.hint).toBe("leave out --direct, or use --api chat for a direct call to the provider");
    expect(parse({ api: "chat", direct: true, provider: "together" }).mode).toBe("inference");
  });

  it("takes --endpoint-url with --api responses: an OpenAI-compatible server of your own", () => {
    expect(parse({ api: "responses", endpointUrl: "http://127.0.0.1:8000/v1" })).toMatchObject({
      mode: "inference",
      options: { api: "responses", endpointUrl: "http://127.0.0.1:8000/v1" },
    });
  });
});

describe("--provider fastest and cheapest", () => {
  it("are the router's policies: provider auto, with the policy", () => {
    expect(parse({ provider: "Fastest" })).toMatchObject({ mode: "inference", options: { provider: "auto", routerPolicy: "fastest" } });
    expect(parse({ provider: "cheapest" })).toMatchObject({ mode: "inference", options: { provider: "auto", routerPolicy: "cheapest" } });
  });

  it("refuse a direct call or an endpoint, and are suggested for a typo", () => {
    expect(refusal({ provider: "fastest", direct: true }).message).toBe("--provider fastest is the router's choice: it does not go with --direct");
    expect(refusal({ provider: "cheapest", endpointUrl: "https://example.com" }).exitCode).toBe(2);
    expect(refusal({ provider: "cheapst" }).hint).toBe("did you mean 'cheapest'?");
  });
});
