import { spawn } from "node:child_process";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { runProgram } from "../../src/cli/program.js";
import { fakeContext } from "../helpers/context.js";
import { BIN, ROOT, runCliAsync } from "../helpers/cli.js";
import { HOSTILE_IDS, SEARCH_FIXTURE, selectRecords, startSearchHub, type SearchHub } from "../helpers/search-hub.js";
import { toolsHere } from "../helpers/tools.js";

let hub: SearchHub;
beforeAll(async () => {
  hub = await startSearchHub();
});
afterAll(async () => {
  await hub.close();
});
beforeEach(() => {
  hub.requests.length = 0;
  hub.troubles.length = 0;
});

async function models(args: string[], options: { tty?: boolean; env?: NodeJS.ProcessEnv } = {}) {
  const env = { HF_ENDPOINT: hub.endpoint, NO_COLOR: "1", HUBREF_HUB_RETRIES: "0", ...options.env };
  const { context, output, errors } = fakeContext(env, options.tty ?? false, 160);
  const status = await runProgram(["node", "hubref", "models", ...args], context);
  return { status, stdout: output(), stderr: errors() };
}

const lastQuery = () => hub.requests.at(-1)!.query;

describe("hubref models: the query each option sends", () => {
  it("sends the search text and every filter as the hub names it, and asks for exactly the fields shown", async () => {
    const result = await models([
      "llama",
      "--task",
      "Text-Generation",
      "--library",
      "Transformers",
      "--provider",
      "all",
      "--app",
      "vllm",
      "--author",
      "meta-llama",
      "--gguf",
      "--params",
      "7B..14B",
      "--sort",
      "downloads",
      "--limit",
      "5",
    ]);
    expect(result.stderr).toMatch(/^note: no model matches/);
    const query = lastQuery();
    expect(query.get("search")).toBe("llama");
    expect(query.get("pipeline_tag")).toBe("text-generation");
    expect(query.getAll("filter")).toEqual(["transformers", "gguf"]);
    expect(query.get("inference_provider")).toBe("all");
    expect(query.get("apps")).toBe("vllm");
    expect(query.get("author")).toBe("meta-llama");
    expect(query.get("num_parameters")).toBe("min:7B,max:14B");
    expect(query.get("sort")).toBe("downloads");
    expect(query.get("limit")).toBe("5");
    expect(query.getAll("expand[]")).toEqual([
      "pipeline_tag",
      "library_name",
      "downloads",
      "likes",
      "trendingScore",
      "createdAt",
      "inferenceProviderMapping",
      "gated",
    ]);
  });

  it("sorts by trending score by default, and names each sort as the hub does", async () => {
    await models(["qwen"]);
    expect(lastQuery().get("sort")).toBe("trendingScore");
    expect(lastQuery().get("limit")).toBe("20");
    for (const [sort, field] of [
      ["created", "createdAt"],
      ["modified", "lastModified"],
      ["likes", "likes"],
    ]) {
      await models(["qwen", "--sort", sort!]);
      expect(lastQuery().get("sort")).toBe(field);
    }
  });

  it("takes task aliases and labels, a provider in any case, an upper bound alone", async () => {
    await models(["--task", "asr", "--provider", "FAL-AI", "--params", "..3b"]);
    expect(lastQuery().get("pipeline_tag")).toBe("automatic-speech-recognition");
    expect(lastQuery().get("inference_provider")).toBe("fal-ai");
    expect(lastQuery().get("num_parameters")).toBe("max:3B");
    await models(["--task", "text to image"]);
    expect(lastQuery().get("pipeline_tag")).toBe("text-to-image");
  });

  it("refuses unknown values with exit 2 and a suggestion, before asking the hub", async () => {
    const cases: [string[], RegExp][] = [
      [["--task", "text-generaton"], /^error: unknown task 'text-generaton'\nhint: did you mean 'text-generation'\?\n$/],
      [["--provider", "togther"], /^error: unknown provider 'togther'\nhint: did you mean 'together'\?\n$/],
      [["--app", "olama"], /^error: unknown app 'olama'\nhint: did you mean 'ollama'\?\n$/],
      [["--library", "difusers"], /^error: unknown library 'difusers'\nhint: did you mean 'diffusers'\?\n$/],
      [["--sort", "stars"], /^error: unknown sort 'stars'\nhint: one of: trending, downloads, likes, created, modified\n$/],
      [["--params", "14B..7B"], /^error: --params: 14B is more than 7B\n/],
      [["--params", "big"], /^error: --params takes MIN\.\.MAX, got 'big'\n/],
      [["--limit", "1001"], /^error: --limit takes a whole number from 1 to 1000, got '1001'\nhint: for example: --limit 50\n$/],
    ];
    for (const [args, message] of cases) {
      const result = await models(args);
      expect(result.status, args.join(" ")).toBe(2);
      expect(result.stdout).toBe("");
      expect(result.stderr).toMatch(message);
    }
    expect(hub.requests).toHaveLength(0);
  });
});

describe("hubref models: pages", () => {
  it("follows the Link header until --limit results are in", async () => {
    const result = await models(["--limit", "230", "--sort", "downloads"]);
    expect(result.status).toBe(0);
    const ids = result.stdout
      .trimEnd()
      .split("\n")
      .map((line) => line.split("\t")[0]);
    const expected = selectRecords(SEARCH_FIXTURE, new URLSearchParams({ sort: "downloads" })).map((record) => record.id);
    expect(ids).toEqual(expected.slice(0, 230));
    expect(hub.requests).toHaveLength(3);
    expect(hub.requests[1]!.query.get("cursor")).toBeTruthy();
  });

  it("stops when the hub has no next page", async () => {
    const result = await models(["--limit", "1000", "--gguf"]);
    const expected = selectRecords(SEARCH_FIXTURE, new URLSearchParams({ filter: "gguf" }));
    expect(result.stdout.trimEnd().split("\n")).toHaveLength(expected.length);
    expect(hub.requests).toHaveLength(Math.ceil(expected.length / 100));
  });
});

describe("hubref models: output", () => {
  it("prints tab-separated lines when piped: id first, raw counts, live providers of either mapping form", async () => {
    const result = await models(["Llama-3.1-8B-Instruct", "--author", "meta-llama"]);
    expect(result.status).toBe(0);
    const record = SEARCH_FIXTURE.find((entry) => entry.id === "meta-llama/Llama-3.1-8B-Instruct")!;
    expect(result.stdout).toBe(`meta-llama/Llama-3.1-8B-Instruct\ttext-generation\t${record.downloads}\t${record.likes}\tgroq,nscale\t${record.createdAt}\n`);
    const listForm = SEARCH_FIXTURE.find(
      (entry) => Array.isArray(entry.inferenceProviderMapping) && entry.inferenceProviderMapping.some((m: { status: string }) => m.status === "live"),
    )!;
    const line = (await models([listForm.id.split("/")[1]!, "--author", listForm.author])).stdout.split("\n")[0]!.split("\t");
    const live = (listForm.inferenceProviderMapping as { provider: string; status: string }[]).filter((m) => m.status === "live").map((m) => m.provider);
    expect(line[4]).toBe(live.join(","));
  });

  it("draws an aligned table at a terminal, with counts as 1.2M and 3.4k", async () => {
    const result = await models(["Llama-3.1-8B-Instruct", "--author", "meta-llama"], { tty: true });
    const [header, row] = result.stdout.trimEnd().split("\n");
    expect(header).toMatch(/^MODEL +TASK +DOWNLOADS +LIKES +PROVIDERS +AGE$/);
    expect(row).toMatch(/^meta-llama\/Llama-3\.1-8B-Instruct +text-generation +156 +15 +groq,nscale +\d+(m|h|d|mo|y)$/);
    const downloads = await models(["--sort", "downloads", "--limit", "1"], { tty: true });
    expect(downloads.stdout.split("\n")[1]).toMatch(/ \d+(\.\d)?M +\d+ /);
    const likes = await models(["--sort", "likes", "--limit", "1"], { tty: true });
    expect(likes.stdout.split("\n")[1]).toMatch(/ \d+(\.\d)?M +\d+(\.\d)?k /);
  });

  it("prints a JSON array of the documented fields with --json", async () => {
    const result = await models(["FLUX.1-dev", "--author", "black-forest-labs", "--json"]);
    const hits = JSON.parse(result.stdout) as Record<string, unknown>[];
    expect(hits).toHaveLength(1);
    const record = SEARCH_FIXTURE.find((entry) => entry.id === "black-forest-labs/FLUX.1-dev")!;
    expect(hits[0]).toEqual({
      id: record.id,
      task: "text-to-image",
      library: "diffusers",
      downloads: record.downloads,
      likes: record.likes,
      trending: record.trendingScore,
      createdAt: record.createdAt,
      providers: Object.entries(record.inferenceProviderMapping as Record<string, { status: string }>)
        .filter(([, m]) => m.status === "live")
        .map(([p]) => p),
      gated: record.gated,
    });
  });

  it("with no match prints nothing (an empty array with --json) and a note naming the filters, exit 0", async () => {
    const none = await models(["no-such-model", "--task", "text-to-image", "--provider", "fal-ai"]);
    expect(none).toEqual({ status: 0, stdout: "", stderr: "note: no model matches 'no-such-model', task text-to-image, provider fal-ai\n" });
    const json = await models(["no-such-model", "--json"], { tty: true });
    expect(json.stdout).toBe("[]\n");
  });
});

describe("hubref models: hub failures", () => {
  it("waits as Retry-After asks on 429, then answers", async () => {
    hub.troubles.push({ kind: "status", status: 429, retryAfter: "0" });
    const result = await models(["qwen", "--limit", "1"], { env: { HUBREF_HUB_RETRIES: "1" } });
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/^[^\t]*qwen/i);
    expect(hub.requests).toHaveLength(2);
  });

  it("fails with exit 1 and one error line on 5xx, malformed JSON, a hang, and a refused token", async () => {
    const cases: [Parameters<SearchHub["troubles"]["push"]>[0], RegExp, NodeJS.ProcessEnv?][] = [
      [{ kind: "status", status: 503 }, /^error: the hub at 127\.0\.0\.1:\d+ failed to answer for the model search \('qwen'\) \(HTTP 503\)/],
      [{ kind: "status", status: 429, retryAfter: "600" }, /^error: the hub at .* is rate-limiting requests \(HTTP 429\)/],
      [{ kind: "malformed" }, /^error: the hub at .* answered the model search with something that is not JSON\n/],
      [{ kind: "hang" }, /^error: the hub at .* did not answer within 0\.3 s \(fetching the model search \('qwen'\)\)\n/, { HUBREF_HUB_TIMEOUT_MS: "300" }],
      [{ kind: "status", status: 401 }, /^error: the hub at .* answers the model search only with a token \(HTTP 401\).*\nhint: set HF_TOKEN/],
      [{ kind: "status", status: 403 }, /^error: HF_TOKEN lacks access to the model search .*\(HTTP 403\)/, { HF_TOKEN: "hf_test" }],
    ];
    for (const [trouble, message, env] of cases) {
      hub.troubles.length = 0;
      hub.troubles.push(trouble);
      const result = await models(["qwen"], { env: env ?? {} });
      expect(result.status, trouble.kind).toBe(1);
      expect(result.stdout).toBe("");
      expect(result.stderr).toMatch(message);
      expect(result.stderr.trimEnd().split("\n").length).toBeLessThanOrEqual(2);
    }
  });
});

/** The built CLI under a pseudo-terminal (util-linux `script`): the bytes a screen would get. */
function underTerminal(args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  const command = [BIN, ...args].map((word) => `'${word.replace(/'/g, "'\\''")}'`).join(" ");
  return new Promise((resolve, reject) => {
    const child = spawn("script", ["-qfec", `stty cols 200; ${process.execPath} ${command}`, "/dev/null"], {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (out += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (out += chunk));
    child.on("error", reject);
    child.on("close", () => resolve(out));
  });
}

/** A pseudo-terminal comes from util-linux's script: without it, that test is a named skip. */
const SCRIPT = toolsHere("hubref models on a terminal (a pseudo-terminal from script)", "script");

describe("hubref models: hostile hub text", () => {
  it.runIf(SCRIPT)("reaches a terminal with no escape, bidi or C1 byte, and cut to the screen", async () => {
    hub.troubles.push({ kind: "hostile" });
    // The spinner's own codes are hubref's, not the hub's: kept off the screen so the check does not depend on timing.
    const screen = await underTerminal(["models", "evil"], { HF_ENDPOINT: hub.endpoint, NO_COLOR: "1", TERM: "xterm", HUBREF_SPINNER_DELAY_MS: "3600000" });
    expect(screen).toContain("evil/\\x1b]52;c;cm0gLXJmIH4=\\x07clipboard");
    expect(screen).toContain("evil/name\\u202egguf.exe");
    expect(screen).toContain("text-generation\\x1b[31m");
    expect(screen).not.toMatch(/[\u001b\u0007\u009b\u202e]/);
    for (const line of screen.split(/\r?\n/)) expect(line.length).toBeLessThanOrEqual(200);
  });

  it("keeps the values exact in JSON", async () => {
    hub.troubles.push({ kind: "hostile" });
    const result = await models(["evil", "--json"], { tty: true });
    expect((JSON.parse(result.stdout) as { id: string }[]).map((hit) => hit.id)).toEqual(HOSTILE_IDS);
  });
});

describe("hubref models: start-up", () => {
  it("a search loads neither zod nor the browser's packages", async () => {
    const result = await runCliAsync(["models", "qwen", "--json"], { env: { HF_ENDPOINT: hub.endpoint, NODE_DEBUG: "module" } });
    expect(result.status).toBe(0);
    const loaded = new Set([...result.stderr.matchAll(/node_modules\/((?:@[^/]+\/)?[^/]+)\//g)].map((match) => match[1]!));
    for (const name of ["zod", "ink", "react", "clipboardy", "highlight.js", "eta"]) expect([...loaded], name).not.toContain(name);
  });
});
