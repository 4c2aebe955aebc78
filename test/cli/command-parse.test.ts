import { describe, expect, it } from "vitest";
import { thrown as refusal } from "../helpers/errors.js";
import { parseTasksCommand } from "../../src/cli/tasks.js";
import { parseLibrariesCommand } from "../../src/cli/libraries.js";
import { parseAppsCommand } from "../../src/cli/apps.js";
import { parseQuantTypesCommand } from "../../src/cli/quant-types.js";
import { parseModelsCommand, type ModelsCommandOptions } from "../../src/cli/models-run.js";
import { parseModelViewCommand } from "../../src/cli/model-view.js";
import type { QuantTypesOptions } from "../../src/cli/quant-types-options.js";
import { FORMAT_LIBRARIES } from "../../src/libraries/registry.js";
import { parseCompleteCommand, parseCompletionCommand } from "../../src/cli/completion.js";
import { parseMcpCommand } from "../../src/cli/mcp.js";
import { parseHardwareCommand } from "../../src/cli/hardware.js";
import { parseSnippetCommand } from "../../src/cli/snippet-command.js";
import { buildProgram } from "../../src/cli/program.js";
import { fakeContext } from "../helpers/context.js";

/** Each command's parse step: a new command without one fails the first test below. */
const PARSERS: Record<string, (...args: never[]) => unknown> = {
  tasks: parseTasksCommand,
  libraries: parseLibrariesCommand,
  apps: parseAppsCommand,
  "quant-types": parseQuantTypesCommand,
  models: parseModelsCommand,
  model: parseModelViewCommand,
  hardware: parseHardwareCommand,
  snippet: parseSnippetCommand,
  completion: parseCompletionCommand,
  __complete: parseCompleteCommand,
  mcp: parseMcpCommand,
};

describe("every command", () => {
  it("has a parse step, hidden ones included", () => {
    const names = buildProgram(fakeContext({}, false).context).commands.map((command) => command.name());
    expect(names.length).toBeGreaterThan(5);
    expect(names.filter((name) => PARSERS[name] === undefined)).toEqual([]);
  });
});

describe("completion, __complete and mcp", () => {
  it("completion takes a shell in any case, and refuses another", () => {
    expect(parseCompletionCommand("Bash")).toEqual({ shell: "bash" });
    const error = refusal(() => parseCompletionCommand("powershell"));
    expect(error.exitCode).toBe(2);
    expect(error.message).toBe("unknown shell 'powershell'");
  });

  it("__complete splits the line at the cursor, and completes nothing of a line no user typed", () => {
    expect(parseCompleteCommand(["snippet", "--app", "ll"])).toEqual({ before: ["snippet", "--app"], current: "ll" });
    expect(parseCompleteCommand([])).toEqual({ before: [], current: "" });
    expect(parseCompleteCommand(Array.from({ length: 1000 }, () => "x"))).toBeUndefined();
    expect(parseCompleteCommand(["x".repeat(100_000)])).toBeUndefined();
  });

  it("mcp takes the cache policy", () => {
    expect(parseMcpCommand({ offline: true })).toEqual({ offline: true });
    expect(parseMcpCommand({})).toEqual({ offline: false });
  });
});

/*
 * Every command but snippet (test/cli/snippet-command.test.ts), parsed
 * without running: commander's strings in, one typed command or one usage
 * error out, before any model is read or anything printed.
 */

describe("tasks", () => {
  it("lists with the filters checked, or shows one task named in any case", () => {
    expect(parseTasksCommand(undefined, { json: false })).toEqual({ mode: "list", filter: {}, json: false });
    expect(parseTasksCommand(undefined, { modality: "CV", json: true })).toEqual({ mode: "list", filter: { modality: "cv" }, json: true });
    expect(parseTasksCommand("Text-Classification", { json: false })).toEqual({ mode: "show", id: "text-classification", json: false });
  });

  it("refuses a filter with a task id, naming the id in the hint, and unknown values", () => {
    const error = refusal(() => parseTasksCommand("text-classification", { modality: "nlp", json: false }));
    expect(error.exitCode).toBe(2);
    expect(error.message).toBe("--modality and --library filter the list; they do not go with a task id");
    expect(error.hint).toBe("run `hubref tasks text-classification` alone, or `hubref tasks --modality ...`");
    expect(refusal(() => parseTasksCommand(undefined, { modality: "vision", json: false })).message).toBe("unknown modality 'vision'");
    expect(refusal(() => parseTasksCommand("no-such-task", { json: false })).exitCode).toBe(2);
  });
});

describe("libraries", () => {
  const raw = { filterable: false, withSnippets: false, json: false };

  it("shows a library by key in any case, and a file format as the library that runs it", () => {
    const shown = parseLibrariesCommand("Diffusers", raw);
    expect(shown.mode === "show" && shown.entry.key).toBe("diffusers");
    const format = parseLibrariesCommand("GGUF", raw);
    expect(format).toMatchObject({ mode: "show", format: "gguf", entry: { key: FORMAT_LIBRARIES.gguf } });
    expect(parseLibrariesCommand(undefined, { ...raw, withSnippets: true })).toEqual({ mode: "list", filterable: false, withSnippets: true, json: false });
  });

  it("refuses a filter with a key, and an unknown key", () => {
    const error = refusal(() => parseLibrariesCommand("diffusers", { ...raw, filterable: true }));
    expect(error.message).toBe("--filterable and --with-snippets filter the list; they do not go with a library key");
    expect(error.hint).toBe("run `hubref libraries diffusers` alone, or `hubref libraries --with-snippets`");
    expect(refusal(() => parseLibrariesCommand("difusers", raw)).hint).toBe("did you mean 'diffusers'?");
  });
});

describe("apps", () => {
  const raw = { json: false, offline: false, refresh: false };

  it("shows one app by key, or lists them, narrowed to a model with its cache flags", () => {
    const shown = parseAppsCommand("LLAMA.CPP", raw);
    expect(shown.mode === "show" && shown.app.key).toBe("llama.cpp");
    expect(parseAppsCommand(undefined, raw)).toEqual({ mode: "list", json: false });
    expect(parseAppsCommand(undefined, { ...raw, for: "org/m", offline: true })).toEqual({
      mode: "list",
      for: { model: "org/m", offline: true, refresh: false },
      json: false,
    });
  });

  it("refuses --for with a key, the cache flags without --for, and the two cache flags together", () => {
    const error = refusal(() => parseAppsCommand("ollama", { ...raw, for: "org/m" }));
    expect(error.message).toBe("--for filters the list; it does not go with an app key");
    expect(error.hint).toBe("run `hubref apps ollama` alone, or `hubref apps --for MODEL`");
    expect(refusal(() => parseAppsCommand(undefined, { ...raw, refresh: true })).message).toBe("--offline and --refresh go with --for");
    expect(refusal(() => parseAppsCommand(undefined, { ...raw, for: "m.json", offline: true, refresh: true })).message).toBe(
      "--offline and --refresh contradict each other",
    );
  });
});

describe("quant-types", () => {
  const raw: QuantTypesOptions = { tensorTypes: false, json: false, offline: false, refresh: false };

  it("one mode at a time, with its values checked", () => {
    expect(parseQuantTypesCommand(raw)).toEqual({ mode: "file-types", json: false });
    expect(parseQuantTypesCommand({ ...raw, tensorTypes: true })).toEqual({ mode: "tensor-types", json: false });
    expect(parseQuantTypesCommand({ ...raw, parse: ["a.Q4_K_M.gguf"] })).toEqual({ mode: "parse", files: ["a.Q4_K_M.gguf"], json: false });
    expect(parseQuantTypesCommand({ ...raw, nearest: "q4_k_m", available: ["Q8_0", "q3_k_m"] })).toEqual({
      mode: "nearest",
      wanted: "Q4_K_M",
      available: ["Q8_0", "Q3_K_M"],
      json: false,
    });
  });

  it("--for estimates with --ctx alone, and holds them to a budget with --fits", () => {
    const ctx = parseQuantTypesCommand({ ...raw, for: "org/m", ctx: "4096" });
    expect(ctx).toMatchObject({ mode: "for", model: "org/m", estimating: true, local: { ctx: 4096 } });
    expect(ctx.mode === "for" && ctx.local.machine).toBeUndefined();
    expect(parseQuantTypesCommand({ ...raw, for: "org/m" })).toMatchObject({ mode: "for", estimating: false });
    expect(parseQuantTypesCommand({ ...raw, for: "org/m", fits: "8GB" })).toMatchObject({
      mode: "for",
      estimating: true,
      local: { machine: { fits: { kind: "size" } } },
    });
  });

  it("refuses modes together, what goes with --for without it, half of --nearest, and unknown labels", () => {
    expect(refusal(() => parseQuantTypesCommand({ ...raw, tensorTypes: true, for: "org/m" })).message).toBe(
      "--tensor-types, --parse, --nearest and --for go one at a time",
    );
    expect(refusal(() => parseQuantTypesCommand({ ...raw, fits: "8GB" })).message).toBe(
      "--fits, --ram, --margin, --prefer, --ctx and the cache and flash-attention settings go with --for",
    );
    expect(refusal(() => parseQuantTypesCommand({ ...raw, offline: true })).message).toBe("--offline and --refresh go with --for");
    expect(refusal(() => parseQuantTypesCommand({ ...raw, nearest: "Q4_K_M" })).message).toBe("--nearest and --available go together");
    expect(refusal(() => parseQuantTypesCommand({ ...raw, nearest: "Q4_K_M", available: ["Q9_X"] })).message).toBe("unknown quantization type 'Q9_X'");
  });

  it("refuses an empty file name to --parse, alone or among others, as a usage error with an example", () => {
    for (const name of ["", "  ", "\t"]) {
      const error = refusal(() => parseQuantTypesCommand({ ...raw, parse: [name] }));
      expect([error.message, error.hint, error.exitCode]).toEqual([
        "--parse takes GGUF file names, and the one given is empty",
        "for example: --parse model-Q4_K_M.gguf",
        2,
      ]);
    }
    expect(refusal(() => parseQuantTypesCommand({ ...raw, parse: ["a-Q4_K_M.gguf", ""] })).message).toBe(
      "--parse takes GGUF file names, and name 2 of 2 is empty",
    );
  });
});

describe("models", () => {
  const raw: ModelsCommandOptions = { json: false, offline: false, sort: "trending", limit: "20" };
  const PIPE = { interactive: false };
  const TERMINAL = { interactive: true };

  it("browses at a terminal that named no filter, or with -i; searches otherwise", () => {
    expect(parseModelsCommand(undefined, raw, TERMINAL)).toMatchObject({ mode: "browse", offline: false });
    expect(parseModelsCommand(undefined, { ...raw, offline: true }, TERMINAL)).toMatchObject({ mode: "browse", offline: true });
    expect(parseModelsCommand("llama", raw, TERMINAL)).toMatchObject({ mode: "search", request: { search: "llama" } });
    expect(parseModelsCommand(undefined, raw, PIPE)).toMatchObject({ mode: "search", json: false });
    expect(parseModelsCommand("llama", { ...raw, interactive: true }, PIPE)).toMatchObject({ mode: "browse", request: { search: "llama" } });
  });

  it("-i --fits opens the browser with its fits row on the value, the plans at --ctx", () => {
    expect(parseModelsCommand(undefined, { ...raw, interactive: true, fits: "4090", ctx: "16k" }, TERMINAL)).toMatchObject({
      mode: "browse",
      fits: { text: "4090", local: { ctx: 16384, machine: { fits: { kind: "hardware" } } }, runArgs: ["--fits", "4090", "--ctx", "16k"] },
    });
    expect(parseModelsCommand(undefined, { ...raw, fits: "4090" }, TERMINAL)).toMatchObject({ mode: "fits" });
    expect(refusal(() => parseModelsCommand(undefined, { ...raw, interactive: true, fits: "RTX 4099" }, TERMINAL)).exitCode).toBe(2);
  });

  it("refuses --json with the browser, --offline with a search, and unknown values", () => {
    expect(refusal(() => parseModelsCommand(undefined, { ...raw, json: true, interactive: true }, PIPE)).message).toBe(
      "--json prints the results; the browser (-i) shows them",
    );
    const offline = refusal(() => parseModelsCommand("llama", { ...raw, offline: true }, TERMINAL));
    expect(offline.message).toBe("--offline goes with -i or --fits: a search needs the hub");
    expect(refusal(() => parseModelsCommand(undefined, { ...raw, sort: "best" }, PIPE)).exitCode).toBe(2);
  });
});

describe("model", () => {
  it("takes the model and the cache flags, and refuses the two together", () => {
    expect(parseModelViewCommand("org/m", { json: true, offline: true, refresh: false })).toEqual({
      model: "org/m",
      json: true,
      offline: true,
      refresh: false,
      local: {},
      runArgs: [],
      namedRunArgs: [],
    });
    expect(refusal(() => parseModelViewCommand("org/m", { json: false, offline: true, refresh: true })).message).toBe(
      "--offline and --refresh contradict each other",
    );
  });

  it("takes --fits (off too), --ctx and the cache settings, and refuses what models --fits refuses", () => {
    const base = { json: false, offline: false, refresh: false };
    expect(parseModelViewCommand("org/m", { ...base, fits: "RTX 4090", ctx: "32k", cacheType: "q8_0" })).toMatchObject({
      local: {
        machine: { fits: { kind: "hardware", hardware: { device: { name: "RTX 4090" } } } },
        ctx: 32768,
        cacheTypeK: "q8_0",
        cacheTypeV: "q8_0",
      },
      // Each quant's command repeats them, so that it reproduces its row.
      runArgs: ["--fits", "'RTX 4090'", "--ctx", "32k", "--cache-type", "q8_0"],
    });
    // A row that names its quant repeats them but --prefer, which `snippet` refuses beside --quant.
    expect(parseModelViewCommand("org/m", { ...base, fits: "RTX 4090", prefer: "speed", ctx: "8k" })).toMatchObject({
      runArgs: ["--fits", "'RTX 4090'", "--prefer", "speed", "--ctx", "8k"],
      namedRunArgs: ["--fits", "'RTX 4090'", "--ctx", "8k"],
    });
    const off = parseModelViewCommand("org/m", { ...base, fits: "OFF" });
    expect(off).toMatchObject({ fitsOff: true });
    expect(off.local).not.toHaveProperty("machine");
    expect(refusal(() => parseModelViewCommand("org/m", { ...base, fits: "RTX 4099" })).message).toBe("unknown hardware 'RTX 4099'");
    expect(refusal(() => parseModelViewCommand("org/m", { ...base, cacheType: "q8_0", cacheTypeK: "q4_0" })).message).toMatch(
      /^--cache-type sets the K and V caches both/,
    );
  });
});
