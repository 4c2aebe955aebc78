import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runInProcess } from "../helpers/in-process.js";
import { startHubServer, type HubServer } from "../helpers/hub-server.js";
import { DIFFUSERS, GGUF_CHAT, GGUF_VISION, MLX, NON_LLM, TRANSFORMERS_CHAT } from "../apps/models.js";
import type { ModelData } from "../../src/model/schema.js";
import { appsPart } from "../../src/build/parts.js";
import { startGgufHub } from "../helpers/gguf-hub.js";
import { denseSpec } from "../helpers/fits-hub.js";
import { writeGguf } from "../helpers/gguf-writer.js";
import { catalogueRepos } from "./plan-repos.js";

const dir = mkdtempSync(join(tmpdir(), "hubref-apps-"));
function saved(model: ModelData): string {
  const path = join(dir, `${model.id.replace("/", "--")}.json`);
  writeFileSync(path, JSON.stringify(model));
  return path;
}

const appCount = Object.keys(appsPart.load()).length;

describe("hubref apps", () => {
  it("lists every local app of the catalogue as tab-separated lines", async () => {
    const result = await runInProcess(["apps"]);
    expect(result.status).toBe(0);
    const lines = result.stdout.trimEnd().split("\n");
    expect(lines).toHaveLength(appCount);
    expect(lines[0]).toBe("llama.cpp\tllama.cpp\tgguf\tsnippet\thttps://github.com/ggerganov/llama.cpp");
    expect(lines).toContain("lmstudio\tLM Studio\tgguf,mlx\tdeeplink\thttps://lmstudio.ai");
  });

  it("prints key, label, docsUrl and kind with --json", async () => {
    const apps = JSON.parse((await runInProcess(["apps", "--json"])).stdout) as Record<string, unknown>[];
    expect(apps).toHaveLength(appCount);
    for (const app of apps) {
      expect(typeof app.key).toBe("string");
      expect(typeof app.label).toBe("string");
      expect(() => new URL(app.docsUrl as string)).not.toThrow();
      expect(["snippet", "deeplink"]).toContain(app.kind);
    }
  });

  it("shows one app in detail", async () => {
    const result = await runInProcess(["apps", "ollama"]);
    expect(result.status).toBe(0);
    expect(result.stdout).toContain("label       Ollama");
    expect(result.stdout).toContain("split GGUF  no: quants split into shards are refused");
  });

  it("suggests the app meant for an unknown key", async () => {
    const result = await runInProcess(["apps", "olama"]);
    expect(result.status).toBe(2);
    expect(result.stderr).toBe("error: unknown app 'olama'\nhint: did you mean 'ollama'?\n");
  });

  it("keeps the apps that run a model with --for", async () => {
    const keys = async (model: ModelData) =>
      (await runInProcess(["apps", "--for", saved(model)])).stdout
        .trimEnd()
        .split("\n")
        .map((line) => line.split("\t")[0]);
    expect(await keys(MLX)).toEqual(["mlx-lm", "lmstudio", "atomic-chat", "pi", "hermes-agent", "openclaw"]);
    expect(await keys(TRANSFORMERS_CHAT)).toEqual(["vllm", "sglang", "tgi", "docker-model-runner"]);
    expect(await keys(DIFFUSERS)).toEqual(["jellybox", "drawthings", "diffusionbee"]);
    expect(await keys(GGUF_CHAT)).toContain("llama.cpp");
    const none = await runInProcess(["apps", "--for", saved(NON_LLM)]);
    expect(none.status).toBe(0);
    expect(none.stdout).toBe("");
    expect(none.stderr).toBe("note: no local app runs google-bert/bert-base-uncased\n");
  });
});

describe("hubref snippet --app", () => {
  it("prints one script with each step under a # title", async () => {
    const result = await runInProcess(["snippet", saved(GGUF_CHAT), "--app", "llama.cpp", "--quant", "Q5_K_M"]);
    expect(result.status).toBe(0);
    expect(result.stdout).toBe(`# install llama.cpp (macOS and Linux; on Windows: winget install llama.cpp)
curl -LsSf https://llama.app/install.sh | sh

# start an OpenAI-compatible server on port 8080, in the background
llama serve \\
    -hf bartowski/Meta-Llama-3.1-70B-Instruct-GGUF:Q5_K_M \\
    --port 8080 &

# wait until the server answers on http://localhost:8080/health, however long the first download takes
server=$!
waited=0
until curl -fs -o /dev/null http://localhost:8080/health; do
    if ! kill -0 "$server" 2>/dev/null; then echo 'llama serve exited before it answered: see its output above' >&2; break; fi
    if (( waited % 10 == 0 )); then echo 'waiting for llama serve on port 8080 (a first start downloads the model):' "\${waited}s" >&2; fi
    sleep 2
    waited=$((waited + 2))
done

# ask the model through the server's chat API
curl http://localhost:8080/v1/chat/completions \\
    -H 'Content-Type: application/json' \\
    -d '{"messages":[{"role":"user","content":"Hello! What can you do?"}]}'
`);
  });

  it("prints an array of steps with --json", async () => {
    const result = await runInProcess(["snippet", saved(GGUF_VISION), "--app", "lmstudio", "--json"]);
    expect(JSON.parse(result.stdout)).toEqual([
      {
        model: "ggml-org/gemma-3-4b-it-GGUF",
        source: "local",
        app: "lmstudio",
        quant: "Q4_K_M",
        file: "gemma-3-4b-it-Q4_K_M.gguf",
        kind: "deeplink",
        title: "open ggml-org/gemma-3-4b-it-GGUF in LM Studio",
        language: "url",
        setup: false,
        content: "lmstudio://open_from_hf?model=ggml-org%2Fgemma-3-4b-it-GGUF&file=gemma-3-4b-it-Q4_K_M.gguf",
      },
    ]);
  });

  it("refuses a missing quant with exit 2, the nearest and the list", async () => {
    const result = await runInProcess(["snippet", saved(GGUF_VISION), "--app", "llama.cpp", "--quant", "Q6_K"]);
    expect(result.status).toBe(2);
    expect(result.stdout).toBe("");
    expect(result.stderr).toBe("error: ggml-org/gemma-3-4b-it-GGUF has no Q6_K file\nhint: nearest available: Q4_K_M; available: F16, Q8_0, Q4_K_M\n");
  });

  it("refuses an app that does not run the model, listing those that do", async () => {
    const result = await runInProcess(["snippet", saved(MLX), "--app", "ollama"]);
    expect(result.status).toBe(2);
    expect(result.stderr).toBe(
      "error: Ollama does not run mlx-community/Llama-3.2-3B-Instruct-4bit\nhint: apps that do: mlx-lm, lmstudio, atomic-chat, pi, hermes-agent, openclaw\n",
    );
  });

  it("explains --fits on stderr: a metadata file's repository is read from the hub for its header", async () => {
    const hub = await startGgufHub(catalogueRepos());
    try {
      const env = { HF_ENDPOINT: hub.endpoint, XDG_CACHE_HOME: mkdtempSync(join(tmpdir(), "hubref-cache-")), HF_TOKEN: undefined };
      const result = await runInProcess(["snippet", saved(GGUF_VISION), "--app", "ollama", "--fits", "6GB"], { env });
      expect(result.status).toBe(0);
      // Q8_0 and the projector (4.98 GB of weights) leave no room in the 4.93 GB a 6 GB budget keeps after its 1 GiB.
      expect(result.stdout).toContain("ollama pull hf.co/ggml-org/gemma-3-4b-it-GGUF:Q4_K_M");
      const lines = result.stderr.split("\n");
      expect(lines[0]).toBe(
        "note: ggml-org/gemma-3-4b-it-GGUF was given as a metadata file: its GGUF header (gemma-3-4b-it-Q4_K_M.gguf) was read from the hub",
      );
      expect(lines[1]).toMatch(
        /^note: Q4_K_M is the largest of Q4_K_M's class \(up to Q8_0\) that fits at 8,192 tokens \(\d\.\d\d GB\); Q8_0 would need \d\.\d\d GB; F16 runs only when asked \(--prefer quality, or --quant F16\)$/,
      );
      expect(lines.at(-2)).toMatch(/^note: Q4_K_M at 8,192 tokens \(f16 cache, flash attention on\) fits in 6GB: all 35 layers in memory; /);
    } finally {
      await hub.close();
    }
  });

  it("refuses --quant without --app, and a bad --fits size", async () => {
    expect((await runInProcess(["snippet", saved(GGUF_CHAT), "--quant", "Q4_K_M"])).status).toBe(2);
    const bad = await runInProcess(["snippet", saved(GGUF_CHAT), "--app", "llama.cpp", "--fits", "8"]);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toBe(
      "error: --fits 8 has no unit and names no device\nhint: for memory write 8GB (10^9 bytes) or 8GiB (2^30 bytes); for a device, `hubref hardware` lists the names\n",
    );
    const huge = await runInProcess(["snippet", saved(GGUF_CHAT), "--app", "llama.cpp", "--fits", "99999999999999999999GB"]);
    expect(huge).toMatchObject({ status: 2, stderr: "error: --fits takes a size up to 1 PB, got '99999999999999999999GB'\n" });
  });
});

describe("local apps for a hub model id", () => {
  let hub: HubServer;
  const { siblings, ...withoutFiles } = GGUF_VISION;
  const tree = siblings!.map((sibling) => ({ type: "file", path: sibling.rfilename, size: sibling.size, oid: "x" }));
  beforeAll(async () => {
    hub = await startHubServer({
      [GGUF_VISION.id]: { body: { ...withoutFiles, siblings: siblings!.map(({ rfilename }) => ({ rfilename })) } },
      [`${GGUF_VISION.id}/tree/main`]: { body: tree },
    });
  });
  afterAll(() => hub.close());
  const env = (cache = mkdtempSync(join(tmpdir(), "hubref-cache-"))) => ({ HF_ENDPOINT: hub.endpoint, XDG_CACHE_HOME: cache, HF_TOKEN: undefined });

  it("asks for the file list, and for sizes only with --fits, then uses the cache", async () => {
    const cache = mkdtempSync(join(tmpdir(), "hubref-cache-"));
    const list = await runInProcess(["apps", "--for", GGUF_VISION.id, "--json"], { env: env(cache) });
    expect(list.status).toBe(0);
    expect(JSON.parse(list.stdout).map((app: { key: string }) => app.key)).toContain("llama.cpp");
    expect(hub.requestsFor(GGUF_VISION.id)[0]!.query.getAll("expand[]")).toContain("siblings");
    expect(hub.requestsFor(`${GGUF_VISION.id}/tree/main`)).toHaveLength(0);

    // This stand-in serves the model API only: with the sizes, the header is asked for, and without it there is no verdict.
    const fits = await runInProcess(["snippet", GGUF_VISION.id, "--app", "llama.cpp", "--fits", "8GB", "--json"], { env: env(cache) });
    expect(fits.status).toBe(1);
    expect(fits.stderr).toMatch(/^error: cannot judge whether ggml-org\/gemma-3-4b-it-GGUF fits at /);
    expect(hub.requestsFor(`${GGUF_VISION.id}/tree/main`)).toHaveLength(1);

    const again = await runInProcess(["snippet", GGUF_VISION.id, "--app", "llama.cpp", "--fits", "8GB", "--offline"], { env: env(cache) });
    expect(again.status).toBe(1);
    expect(hub.requestsFor(`${GGUF_VISION.id}/tree/main`)).toHaveLength(1);
  });

  it("fetches again a cached entry written without the file list", async () => {
    const cache = mkdtempSync(join(tmpdir(), "hubref-cache-"));
    const { entryFile } = await import("../../src/model/hub/store.js");
    const { MODEL_ENTRY } = await import("../../src/model/hub/model-entry.js");
    const file = await entryFile(join(cache, "hubref"), MODEL_ENTRY, { origin: hub.endpoint, key: GGUF_VISION.id });
    // An entry an earlier hubref wrote (an older version of the entry, without siblings) at the same place.
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(
      file,
      JSON.stringify({ version: MODEL_ENTRY.version - 1, origin: hub.endpoint, key: GGUF_VISION.id, fetchedAt: new Date().toISOString(), value: withoutFiles }),
    );
    const before = hub.requestsFor(GGUF_VISION.id).length;
    const result = await runInProcess(["snippet", GGUF_VISION.id, "--app", "ollama"], { env: env(cache) });
    expect(result.status).toBe(0);
    expect(result.stdout).toContain("hf.co/ggml-org/gemma-3-4b-it-GGUF:Q4_K_M");
    expect(hub.requestsFor(GGUF_VISION.id).length).toBe(before + 1);
  });
});

describe("hubref quant-types --for", () => {
  it("lists the files of a GGUF vision repository by quant", async () => {
    const result = await runInProcess(["quant-types", "--for", saved(GGUF_VISION)]);
    expect(result.status).toBe(0);
    expect(result.stdout).toBe(
      "F16\t1 file\t7.77 GB\t16.02\tgemma-3-4b-it-f16.gguf\n" +
        "Q8_0\t1 file\t4.13 GB\t8.51\tgemma-3-4b-it-Q8_0.gguf\n" +
        "Q4_K_M\t1 file\t2.49 GB\t5.13\tgemma-3-4b-it-Q4_K_M.gguf\n" +
        "mmproj F16\t1 file\t850.0 MB\t\tmmproj-model-f16.gguf\n",
    );
  });

  it("shows each quant's memory and whether it fits with --fits, the choice on stderr", async () => {
    // The repository's header, served where the metadata file's id says: Llama 3.1 70B's shape.
    const header = writeGguf(denseSpec("llama", "Llama 3.1 70B", { layers: 80, embd: 8192, ff: 28672, heads: 64, kvHeads: 8, vocab: 128_256 }, 131_072));
    const files = GGUF_CHAT.siblings!.filter((sibling) => sibling.rfilename.endsWith(".gguf")).map((sibling) => ({
      name: sibling.rfilename,
      size: sibling.size!,
      content: header,
    }));
    const hub = await startGgufHub({ [GGUF_CHAT.id]: { files } });
    try {
      const env = { HF_ENDPOINT: hub.endpoint, XDG_CACHE_HOME: mkdtempSync(join(tmpdir(), "hubref-cache-")), HF_TOKEN: undefined };
      const result = await runInProcess(["quant-types", "--for", saved(GGUF_CHAT), "--fits", "64GB"], { env });
      expect(result.status).toBe(0);
      const lines = result.stdout.split("\n");
      expect(lines[0]).toMatch(
        /^Q8_0\t2 files\t75\.00 GB\t7\d\.\d\d GB\tno\tMeta-Llama-3\.1-70B-Instruct-Q8_0\/Meta-Llama-3\.1-70B-Instruct-Q8_0-00001-of-00002\.gguf$/,
      );
      expect(lines[1]).toMatch(/^Q6_K\t2 files\t57\.90 GB\t6\d\.\d\d GB\tyes\tMeta-Llama-3\.1-70B-Instruct-Q6_K-00001-of-00002\.gguf$/);
      // Listed, never chosen: llama.cpp no longer loads the ARM repack.
      expect(result.stdout).toMatch(/\nQ4_0_4_4\t1 file\t39\.97 GB\t-?\tllama\.cpp cannot load it\t/);
      expect(result.stderr).toMatch(
        /\nnote: Q6_K is the largest of Q4_K_M's class \(up to Q8_0\) that fits at 8,192 tokens \(6\d\.\d\d GB\); Q8_0 would need 7\d\.\d\d GB\n/,
      );
      const json = JSON.parse((await runInProcess(["quant-types", "--for", saved(GGUF_CHAT), "--fits", "4.5GiB", "--json"], { env })).stdout);
      expect(json).toMatchObject({ choice: null, fits: { label: "in 4.5GiB", system: 4.5 * 2 ** 30 } });
      expect(json.quants[1]).toMatchObject({ quant: "Q6_K", shards: 2, memory: { weights: 57.9e9, rule: "attention" }, fits: false });
    } finally {
      await hub.close();
    }
  });

  it("refuses --fits without --for, and --for on a repository without GGUF files", async () => {
    expect((await runInProcess(["quant-types", "--fits", "8GB"])).status).toBe(2);
    const mlx = await runInProcess(["quant-types", "--for", saved(MLX)]);
    expect(mlx.status).toBe(2);
    expect(mlx.stderr).toMatch(/^error: mlx-community\/Llama-3\.2-3B-Instruct-4bit has no GGUF files\n/);
  });
});
