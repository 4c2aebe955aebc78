import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { BIN, runCli } from "../helpers/cli.js";
import { requireBuilt, TmuxSession } from "../ui/helpers/tmux.js";

const MODEL = "catalogue/models/meta-llama--Llama-3.1-8B-Instruct.json";
const MARK = "shell-before-picker";

/** What `hubref snippet` prints for the same choice, to compare with what the picker copies. */
function printed(language: string, client: string): string {
  const result = runCli(["snippet", MODEL, "--language", language, "--client", client, "--json"]);
  return (JSON.parse(result.stdout) as { content: string }[])[0]!.content;
}

let session: TmuxSession | undefined;
afterEach(() => {
  session?.kill();
  session = undefined;
});
beforeAll(requireBuilt);

describe("hubref snippet MODEL -i in a real terminal (tmux, 80x24)", () => {
  it("opens the model, picks python then requests, copies, and quits", async () => {
    // No display: the copy goes through OSC 52, which tmux (set-clipboard on) keeps in a buffer.
    session = new TmuxSession([process.execPath, BIN, "snippet", MODEL, "-i"], {
      width: 80,
      height: 24,
      env: { CI: "false" },
      unset: ["DISPLAY", "WAYLAND_DISPLAY", "NO_COLOR", "FORCE_COLOR"],
      before: `echo ${MARK}`,
    }).start();
    session.tmux("set-option", "-s", "set-clipboard", "on");

    let screen = await session.waitFor("hubref meta-llama/Llama-3.1-8B-Instruct", "› Language  [Python]");
    expect(session.lines()[1]).toBe("task text-generation · library transformers · provider auto");
    expect(screen).toContain("─ Python / huggingface_hub / auto ─");

    session.keys("Enter");
    screen = await session.waitFor("› Client    [huggingface_hub]");
    session.keys("Right");
    screen = await session.waitFor("[requests]", "─ Python / requests / auto ─");
    expect(screen).toContain("router.huggingface.co/v1/chat/completions");

    session.keys("c");
    await session.waitFor("Copied via the terminal (OSC 52)");
    expect(session.tmux("show-buffer")).toBe(printed("python", "requests"));

    session.keys("q");
    await session.waitFor("exit=0");
    expect(session.lines().filter(Boolean)).toEqual([MARK, "copied: python / requests (sent to the terminal with OSC 52)", "exit=0"]);
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
