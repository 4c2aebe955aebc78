import { spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { generateAppSnippets, renderAppSnippets } from "../../src/apps/generate.js";
import { appEntries } from "../../src/apps/registry.js";
import { appsForModel } from "../../src/apps/formats.js";
import type { ModelData } from "../../src/model/schema.js";
import { bashSyntaxError } from "../helpers/bash.js";
import { runRecorded } from "./recorder.js";
import { thrown } from "../helpers/errors.js";
import { DIFFUSERS, GGUF_CHAT, GGUF_VISION, HOSTILE_NAMES, MLX, TRANSFORMERS_CHAT, hostileRepo } from "./models.js";

/*
 * Every script is run under bash with each external command replaced by a
 * recorder: it must parse, call only stubbed commands, and hand them the
 * repository id and the file name whole.
 */

const commandApps = appEntries().filter((app) => app.kind === "snippet");
const linkApps = appEntries().filter((app) => app.kind === "deeplink");

function script(model: ModelData, app: string, request = {}): string {
  return renderAppSnippets(generateAppSnippets(model, app, request).snippets);
}

/** Whether some recorded call carries `word` as one whole argument, or inside one (a `repo:quant` form, a URI). */
function carried(argv: string[][], word: string): boolean {
  return argv.some((call) => call.slice(1).some((arg) => arg === word || arg.includes(word)));
}

describe("generated scripts under bash with recorded commands", () => {
  const cases: [string, ModelData, string][] = [
    ...commandApps.filter((app) => app.runs.includes("gguf")).map((app): [string, ModelData, string] => [app.key, GGUF_CHAT, "GGUF chat"]),
    // Gemma 3's template renders no tools: the agent apps are not offered for it.
    ...commandApps
      .filter((app) => app.runs.includes("gguf") && appsForModel(appEntries(), GGUF_VISION).some((shown) => shown.key === app.key))
      .map((app): [string, ModelData, string] => [app.key, GGUF_VISION, "GGUF vision"]),
    ...["pi", "hermes-agent", "openclaw", "docker-model-runner"].map((app): [string, ModelData, string] => [
      app,
      app === "docker-model-runner" ? TRANSFORMERS_CHAT : MLX,
      "MLX or transformers",
    ]),
    ["mlx-lm", MLX, "MLX"],
    ["vllm", TRANSFORMERS_CHAT, "transformers"],
    ["sglang", TRANSFORMERS_CHAT, "transformers"],
    ["tgi", TRANSFORMERS_CHAT, "transformers"],
  ];

  it.each(cases)("%s on the %s repository runs, and each call carries the repository id", (app, model) => {
    const text = script(model, app);
    expect(bashSyntaxError(text)).toBeUndefined();
    const run = runRecorded(text);
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    expect(run.argv.length).toBeGreaterThan(0);
    expect(carried(run.argv, model.id)).toBe(true);
  });

  it("hands llama.cpp's server the exact repository and file with --file, the projector by URL", () => {
    const run = runRecorded(script(GGUF_VISION, "llama.cpp", { file: "gemma-3-4b-it-Q8_0.gguf" }));
    const server = run.argv.find((call) => call[0] === "llama" && call[1] === "serve")!;
    expect(server).toEqual([
      "llama",
      "serve",
      "--hf-repo",
      "ggml-org/gemma-3-4b-it-GGUF",
      "--hf-file",
      "gemma-3-4b-it-Q8_0.gguf",
      "--mmproj-url",
      "https://huggingface.co/ggml-org/gemma-3-4b-it-GGUF/resolve/main/mmproj-model-f16.gguf",
      "--port",
      "8080",
    ]);
  });

  it("sends the chat request to the port the server listens on", () => {
    for (const [model, app, port] of [
      [MLX, "mlx-lm", "8080"],
      [TRANSFORMERS_CHAT, "vllm", "8000"],
      [TRANSFORMERS_CHAT, "sglang", "30000"],
      [GGUF_CHAT, "ollama", "11434"],
    ] as const) {
      const run = runRecorded(script(model, app));
      const curl = run.argv.find((call) => call[0] === "curl" && call.includes("-d"))!;
      expect(curl.find((arg) => arg.startsWith("http://"))).toBe(`http://localhost:${port}/v1/chat/completions`);
      const body = JSON.parse(curl[curl.indexOf("-d") + 1]!) as { messages: unknown[] };
      expect(body.messages).toHaveLength(1);
    }
  });

  describe.each(HOSTILE_NAMES)("a hostile file name %j", (name) => {
    const model = hostileRepo(name);
    it.each(commandApps.filter((app) => app.runs.includes("gguf")).map((app) => app.key))("runs nothing and arrives whole with %s --file", (app) => {
      // Docker Model Runner and Lemonade name quants by label only: they refuse an exact file, printing nothing.
      if (app === "docker-model-runner" || app === "lemonade") {
        expect(thrown(() => script(model, app, { file: name })).exitCode).toBe(2);
        return;
      }
      const text = script(model, app, { file: name });
      expect(bashSyntaxError(text)).toBeUndefined();
      const run = runRecorded(text);
      expect(run.leftovers).toEqual([]);
      expect(run.status).toBe(0);
      expect(carried(run.argv, name)).toBe(true);
    });
  });

  it.each(["evil/$(touch pwned)", "evil/`touch pwned`", "evil/a;touch pwned", "evil/it's", "evil/a&b", "evil/#x"])(
    "a hostile id %j runs nothing and arrives whole",
    (id) => {
      // The id schema would refuse most of these from the hub; the generators must not rely on it.
      const model = { ...hostileRepo("m-Q4_K_M.gguf"), id } as ModelData;
      for (const app of ["llama.cpp", "ollama", "vllm", "localai", "node-llama-cpp"]) {
        const run = runRecorded(script(model, app));
        expect(run.leftovers).toEqual([]);
        expect(carried(run.argv, id)).toBe(true);
      }
    },
  );
});

describe("deep links", () => {
  it.each(linkApps.filter((app) => app.runs.includes("gguf")).map((app) => app.key))("%s: the model id and file are exactly the intended values", (app) => {
    for (const name of ["m-Q4_K_M.gguf", ...HOSTILE_NAMES]) {
      const model = hostileRepo(name, "org/model&file=x#y");
      const link = generateAppSnippets(model, app, app === "lmstudio" ? { file: name } : {}).snippets;
      expect(link).toHaveLength(1);
      const url = new URL(link[0]!.content);
      const spec = appEntries().find((entry) => entry.key === app)!.deeplink!;
      if (spec.modelParam) expect(url.searchParams.getAll(spec.modelParam)).toEqual([model.id]);
      else expect(url.pathname.split("/").slice(-2).map(decodeURIComponent).join("/")).toBe(model.id);
      if (spec.fileParam) expect(url.searchParams.getAll(spec.fileParam)).toEqual([name]);
      expect(url.hash).toBe("");
    }
  });

  it("LM Studio's link has exactly one model and one file parameter", () => {
    const url = new URL(generateAppSnippets(GGUF_CHAT, "lmstudio", { quant: "Q5_K_M" }).snippets[0]!.content);
    expect(url.protocol).toBe("lmstudio:");
    expect([...url.searchParams.keys()]).toEqual(["model", "file"]);
    expect(url.searchParams.get("model")).toBe(GGUF_CHAT.id);
    expect(url.searchParams.get("file")).toBe("Meta-Llama-3.1-70B-Instruct-Q5_K_M.gguf");
  });

  it.each(["drawthings", "diffusionbee"])("%s imports the diffusers pipeline by id", (app) => {
    const url = new URL(generateAppSnippets(DIFFUSERS, app).snippets[0]!.content);
    const param = appEntries().find((entry) => entry.key === app)!.deeplink!.modelParam!;
    expect(url.searchParams.getAll(param)).toEqual([DIFFUSERS.id]);
  });

  it("prints a deep link as the URL alone", () => {
    expect(script(GGUF_CHAT, "jan")).toBe("jan://models/huggingface/bartowski/Meta-Llama-3.1-70B-Instruct-GGUF\n");
  });
});

describe("waiting for a server started in the background", () => {
  /*
   * The script under bash with stubs: `sleep` returns at once (so the wait
   * costs no time), curl fails the health route `healthFailures` times, and the
   * server either stays up or exits at once.
   */
  function runWait(app: string, model: ModelData, healthFailures: number, serverStays: boolean) {
    const root = mkdtempSync(join(tmpdir(), "hubref-wait-"));
    try {
      const bin = join(root, "bin");
      mkdirSync(bin);
      const stub = (name: string, body: string) => {
        writeFileSync(join(bin, name), `#!/bin/bash\n${body}\n`);
        chmodSync(join(bin, name), 0o755);
      };
      for (const name of ["sh", "pip", "mlx_lm.generate"]) stub(name, "exit 0");
      for (const name of ["llama", "vllm", "mlx_lm.server"]) stub(name, serverStays ? "exec /bin/sleep 60" : "exit 1");
      stub("sleep", "exit 0");
      stub(
        "curl",
        `case "$*" in *-o\\ /dev/null*) read -r n < "$ROOT/health"; n=$((n + 1)); echo $n > "$ROOT/health"; (( n > ${healthFailures} )) && exit 0; exit 7 ;; *) echo "chat $*" >> "$ROOT/chat" ;; esac`,
      );
      writeFileSync(join(root, "health"), "0\n");
      const script = `${renderAppSnippets(generateAppSnippets(model, app).snippets)}\nkill "$server" 2>/dev/null\nexit 0\n`;
      const result = spawnSync("/bin/bash", ["-c", script], { env: { PATH: bin, ROOT: root, HOME: root }, encoding: "utf8", timeout: 60_000 });
      const read = (name: string) => (existsSync(join(root, name)) ? readFileSync(join(root, name), "utf8") : "");
      return { stderr: result.stderr, healthCalls: Number(read("health") || 0), chat: read("chat") };
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  }

  it.each([
    ["llama.cpp", GGUF_CHAT],
    ["vllm", TRANSFORMERS_CHAT],
    ["mlx-lm", MLX],
  ] as const)("%s: asks the health route until it answers, however many tries, then sends the chat request", (app, model) => {
    // More tries than the old `curl --retry 30` allowed.
    const run = runWait(app, model, 31, true);
    expect(run.healthCalls).toBe(32);
    expect(run.chat).toContain("/v1/chat/completions");
    expect(run.stderr).toContain("(a first start downloads the model): 0s");
    expect(run.stderr).toContain("(a first start downloads the model): 60s");
    expect(run.stderr).not.toContain("exited before it answered");
  });

  it("stops waiting when the server's process has exited, and says so", () => {
    const run = runWait("llama.cpp", GGUF_CHAT, 1_000_000, false);
    expect(run.stderr).toContain("llama serve exited before it answered: see its output above");
    expect(run.healthCalls).toBeLessThan(3);
  });
});

describe("LocalAI", () => {
  it("gives the container no fixed name, so a second run does not collide", () => {
    const run = runRecorded(script(GGUF_CHAT, "localai"));
    const docker = run.argv.find((call) => call[0] === "docker")!;
    expect(docker).not.toContain("--name");
    expect(docker).toContain("--rm");
  });
});
