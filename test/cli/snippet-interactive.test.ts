import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { BIN, ROOT, runCli } from "../helpers/cli.js";
import { runInProcess } from "../helpers/in-process.js";
import { requireBuilt, TmuxSession } from "../ui/helpers/tmux.js";
import { CHAT_MODEL, startHubServer } from "../helpers/hub-server.js";
import { startRouterServer } from "../helpers/router-server.js";

const MODEL = "catalogue/models/meta-llama--Llama-3.1-8B-Instruct.json";
const GGUF = "catalogue/models/bartowski--Llama-3.2-3B-Instruct-GGUF.json";
const MARK = "shell-before-picker";

/** What `hubref snippet` prints for the same choice, to compare with what the picker copies. */
function printed(language: string, client: string): string {
  const result = runCli(["snippet", MODEL, "--language", language, "--client", client, "--json"]);
  return (JSON.parse(result.stdout) as { content: string }[])[0]!.content;
}

let session: TmuxSession | undefined;

/**
 * The picker in an 80x24 tmux pane without a display, after a marker line.
 * The copy then goes through OSC 52, which tmux (set-clipboard on) keeps in a buffer.
 */
function startPicker(command: string[], before = `echo ${MARK}`): TmuxSession {
  const started = new TmuxSession(command, {
    width: 80,
    height: 24,
    env: { CI: "false" },
    unset: ["DISPLAY", "WAYLAND_DISPLAY", "NO_COLOR", "FORCE_COLOR"],
    before,
  }).start();
  started.tmux("set-option", "-s", "set-clipboard", "on");
  return started;
}
afterEach(() => {
  session?.kill();
  session = undefined;
});
beforeAll(requireBuilt);

describe("hubref snippet MODEL -i in a real terminal (tmux, 80x24)", () => {
  it("opens the model, picks python then requests, copies, and quits", async () => {
    session = startPicker([process.execPath, BIN, "snippet", MODEL, "-i"]);

    let screen = await session.waitFor("hubref meta-llama/Llama-3.1-8B-Instruct", "› Language  [Python]");
    expect(session.lines()[1]).toBe("task text-generation · library transformers · provider auto");
    expect(screen).toContain("─ Python / huggingface_hub / auto ─");

    session.keys("Enter");
    screen = await session.waitFor("› Client    [huggingface_hub]");
    session.keys("Right");
    screen = await session.waitFor("[requests]", "─ Python / requests / auto ─");
    expect(screen).toContain("router.huggingface.co/v1/chat/completions");

    session.keys("c");
    await session.waitFor("Asked the terminal to copy");
    expect(session.tmux("show-buffer")).toBe(printed("python", "requests"));

    // The source row, one up from the language: Run locally offers the apps that run the model.
    session.keys("Up", "Up", "Right", "Right");
    screen = await session.waitFor("[Run locally]", "─ Run locally / vLLM ─");
    // 80 columns: the line is cut after the context flag.
    expect(screen).toContain("vllm serve meta-llama/Llama-3.1-8B-Instruct --max-model-len auto");
    expect(screen).not.toContain("Stream");

    session.keys("q");
    await session.waitFor("exit=0");
    expect(session.lines().filter(Boolean)).toEqual([MARK, "asked the terminal to copy: python / requests (OSC 52)", "exit=0"]);
  });

  it("runs a GGUF model locally: picks an app and a quant, copies what snippet --app --quant prints", async () => {
    session = startPicker([process.execPath, BIN, "snippet", GGUF, "-i"]);

    await session.waitFor("› App       [llama.cpp]", "[Q4_K_M 2.02 GB]", "─ Run locally / llama.cpp / Q4_K_M ─");
    expect(session.lines()[1]).toBe("no inference provider serves this model · task text-generation · library —");
    session.keys("Right");
    await session.waitFor("[node-llama-cpp]", "─ Run locally / node-llama-cpp / Q4_K_M ─");
    session.keys("Down", "Left", "Left", "Left");
    const screen = await session.waitFor("› Quant", "[Q5_K_M 2.32 GB]", "─ Run locally / node-llama-cpp / Q5_K_M ─");
    expect(screen).toContain("npx -y node-llama-cpp chat hf:bartowski/Llama-3.2-3B-Instruct-GGUF:Q5_K_M");

    session.keys("c");
    await session.waitFor("Asked the terminal to copy");
    const expected = runCli(["snippet", GGUF, "--app", "node-llama-cpp", "--quant", "Q5_K_M"]);
    expect(session.tmux("show-buffer")).toBe(expected.stdout);

    session.keys("q");
    await session.waitFor("exit=0");
    expect(session.lines().filter(Boolean)).toEqual([MARK, "asked the terminal to copy: sh / node-llama-cpp (OSC 52)", "exit=0"]);
  });

  it("reads keys from the terminal when the model comes on stdin", async () => {
    session = startPicker(["sh", "-c", `cat "$0" | "$1" "$2" snippet - -i --language sh`, MODEL, process.execPath, BIN], `cd '${ROOT}' && echo ${MARK}`);
    // --language sh opens on the shell snippet.
    await session.waitFor("› Language   Python   JavaScript  [Shell]", "─ Shell / curl / auto ─");
    session.keys("Left");
    await session.waitFor("[JavaScript]");
    session.keys("q");
    await session.waitFor("exit=0");
  });

  it("with the model on stdin and no terminal to read keys from, exits 2 with an error", () => {
    // setsid: a new session, without a controlling terminal, as under cron or a CI runner.
    const result = spawnSync("setsid", ["--wait", process.execPath, BIN, "snippet", "-", "-i"], {
      cwd: ROOT,
      input: JSON.stringify({ id: "org/m", pipeline_tag: "text-classification" }),
      encoding: "utf8",
      env: { ...process.env, CI: "false" },
    });
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/^error: the model came on stdin, and the terminal \(\/dev\/tty\) cannot be opened for keys \(\w+\)\nhint: /);
  });

  it("offers the router's choices as providers: choosing fastest shows the snippet that names MODEL:fastest", async () => {
    const hub = await startHubServer({ [CHAT_MODEL.id]: { body: CHAT_MODEL } });
    const router = await startRouterServer();
    router.answer({ body: { data: [{ id: CHAT_MODEL.id, providers: [{ provider: "newcloud", status: "live", supports_tools: true }] }] } });
    try {
      session = new TmuxSession([process.execPath, BIN, "snippet", CHAT_MODEL.id, "-i"], {
        width: 80,
        height: 24,
        env: {
          CI: "false",
          HF_ENDPOINT: hub.endpoint,
          HUBREF_ROUTER_URL: router.endpoint,
          XDG_CACHE_HOME: mkdtempSync(join(tmpdir(), "hubref-picker-router-")),
        },
        unset: ["DISPLAY", "WAYLAND_DISPLAY", "NO_COLOR", "FORCE_COLOR"],
      }).start();
      await session.waitFor("› Language  [Python]");
      // The hub client chooses the provider itself; requests calls the router's chat route, which takes a policy.
      session.keys("Down", "Right");
      await session.waitFor("› Client", "[requests]", "─ Python / requests / auto ─");
      session.keys("Down");
      await session.waitFor("› Provider  [auto]  fastest   cheapest");
      session.keys("Right");
      const screen = await session.waitFor("[fastest]", "─ Python / requests / fastest ─");
      expect(screen).toContain(`"${CHAT_MODEL.id}:fastest"`);
      expect(router.requests.map((request) => request.path)).toEqual(["/v1/models"]);
      session.keys("q");
      await session.waitFor("exit=0");
    } finally {
      await hub.close();
      await router.close();
    }
  });

  it("a model with nothing to show exits 2 with the printing command's error, before any screen", () => {
    const file = join(mkdtempSync(join(tmpdir(), "hubref-empty-")), "empty.json");
    writeFileSync(file, JSON.stringify({ id: "org/empty" }));
    const printing = runCli(["snippet", file]);
    const picking = runCli(["snippet", file, "-i"]);
    expect(printing.status).toBe(2);
    expect(picking).toEqual({ status: 2, stdout: "", stderr: printing.stderr });
  });

  it("a provider the model's mapping does not offer exits 2 with the printing command's error, before any screen", async () => {
    const flux = "catalogue/models/black-forest-labs--FLUX.1-dev.json";
    const printing = await runInProcess(["snippet", flux, "--provider", "hf-inference"]);
    const picking = await runInProcess(["snippet", flux, "--provider", "hf-inference", "-i"]);
    expect(printing.stderr).toMatch(/^error: provider 'hf-inference' does not serve 'black-forest-labs\/FLUX.1-dev'/);
    expect(picking).toEqual({ status: 2, stdout: "", stderr: printing.stderr });
  });

  it("refuses to open without a terminal, and prints plain code when piped", () => {
    const forced = runCli(["snippet", MODEL, "-i"]);
    expect(forced.status).toBe(2);
    expect(forced.stderr).toMatch(/^error: the interactive picker needs a terminal/);
    const piped = runCli(["snippet", MODEL]);
    expect(piped.status).toBe(0);
    expect(piped.stdout).toContain("# python / requests / auto");
  });
});
