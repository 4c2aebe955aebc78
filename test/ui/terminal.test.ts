import { spawnSync } from "node:child_process";
import { performance } from "node:perf_hooks";
import { afterEach, describe, expect, it } from "vitest";
import { demoSnippets } from "./demo/demo-data.js";
import { demoCommand, TmuxSession } from "./helpers/tmux.js";

/** The snippet the demo shows for these choices, with the toggles off. */
const snippet = (language: string, client: string, provider: string) =>
  demoSnippets({ stream: false, direct: false }).find(
    (e) => e.source === "inference" && e.language === language && e.client === client && e.provider === provider,
  )!.content;

// Without a display the copy takes the OSC 52 path, which tmux (set-clipboard on) keeps in a buffer to read back.
const NO_DISPLAY = ["DISPLAY", "WAYLAND_DISPLAY"];
const MARK = "shell-before-picker";

let session: TmuxSession | undefined;
afterEach(() => {
  session?.kill();
  session = undefined;
});

function open(width = 80, height = 24, before?: string, after?: string): TmuxSession {
  session = new TmuxSession(demoCommand(), {
    width,
    height,
    env: { CI: "false" },
    unset: [...NO_DISPLAY, "NO_COLOR", "FORCE_COLOR"],
    before: before ?? `echo ${MARK}`,
    after,
  }).start();
  session.tmux("set-option", "-s", "set-clipboard", "on");
  return session;
}

describe("the picker in a real terminal (tmux, 80x24)", () => {
  it("opens a model, picks python then requests, copies, and quits, checking the screen at each step", async () => {
    const started = performance.now();
    const tmux = open();
    await tmux.waitFor("hubref demo-org/Chat-Model-8B");
    const firstPaint = performance.now() - started;
    let screen = await tmux.waitFor("› Language  [Python]");
    const interactive = performance.now() - started;
    console.log(`first paint ${firstPaint.toFixed(0)} ms, pickers ready ${interactive.toFixed(0)} ms (including tmux start-up)`);
    let lines = tmux.lines();
    expect(lines.slice(0, 5)).toEqual([
      "hubref demo-org/Chat-Model-8B",
      "task text-generation · library transformers · provider together",
      "─".repeat(80),
      "  Source    [Inference API]  Library",
      "› Language  [Python]  JavaScript   Shell",
    ]);
    expect(screen).toContain("─ Python / huggingface_hub / together ─");
    expect(screen).not.toContain(MARK);

    // Python: away and back, then Enter moves on to the clients.
    tmux.keys("Right");
    await tmux.waitFor("[JavaScript]", "─ JavaScript / fetch / together ─");
    tmux.keys("Left", "Enter");
    screen = await tmux.waitFor("› Client    [huggingface_hub]");
    expect(screen).toContain("  Language  [Python]");

    // requests
    tmux.keys("Right", "Enter");
    screen = await tmux.waitFor("› Provider  [together]", "─ Python / requests / together ─");
    expect(screen).toContain("  Client     huggingface_hub  [requests]");
    lines = tmux.lines();
    const code = lines.filter((line) => /^ *\d* │/.test(line)).map((line) => line.replace(/^ *\d* │ ?/, ""));
    expect(code.slice(0, 5)).toEqual(snippet("python", "requests", "together").split("\n").slice(0, 5));

    // Copy: no display here, so the terminal gets it through OSC 52.
    tmux.keys("c");
    await tmux.waitFor("Asked the terminal to copy it (OSC 52); no system clipboard: no display server");
    expect(tmux.tmux("show-buffer")).toBe(snippet("python", "requests", "together"));

    // Quit: the shell's screen is back, with the summary on stderr.
    tmux.keys("q");
    screen = await tmux.waitFor("exit=0");
    expect(tmux.lines().filter(Boolean)).toEqual([MARK, "asked the terminal to copy: python / requests (OSC 52)", "exit=0"]);
  });

  it("says it asked the terminal to copy, not that it copied, when tmux keeps OSC 52 to itself (set-clipboard off)", async () => {
    session = new TmuxSession(demoCommand(), {
      width: 80,
      height: 24,
      env: { CI: "false" },
      unset: [...NO_DISPLAY, "NO_COLOR", "FORCE_COLOR"],
      before: `echo ${MARK}`,
    }).start();
    session.tmux("set-option", "-s", "set-clipboard", "off");
    await session.waitFor("› Language  [Python]");
    session.keys("c");
    const screen = await session.waitFor("Asked the terminal to copy it (OSC 52); no system clipboard: no display server");
    expect(screen).not.toMatch(/Copied/);
    // Nothing reached tmux's buffer: the words claim only what was done.
    expect(session.tmux("list-buffers")).toBe("");
    session.keys("q");
    await session.waitFor("exit=0");
    expect(session.lines().filter(Boolean)).toEqual([MARK, "asked the terminal to copy: python / huggingface_hub (OSC 52)", "exit=0"]);
  });

  it("scrolls the preview, and keeps to the screen after a resize", async () => {
    const tmux = open();
    await tmux.waitFor("lines 1–11 of 13");
    tmux.keys("j");
    await tmux.waitFor("lines 2–12 of 13");
    tmux.tmux("resize-window", "-t", "main", "-x", "60", "-y", "14");
    const screen = await tmux.waitFor("demo-org/Chat-Model-8B · text-generation · together");
    const lines = screen.split("\n").map((line) => line.trimEnd());
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(60);
    expect(lines.filter((line) => line.includes("─ Python / huggingface_hub / together"))).toHaveLength(1);
    expect(screen).not.toContain("hubref demo-org");
  });

  it("saves to a file, asking before it overwrites", async () => {
    const tmux = open(80, 24, `cd "$(mktemp -d)" && echo ${MARK}`, "cat snippet.sh");
    await tmux.waitFor("› Language");
    tmux.keys("Right", "Right", "s");
    await tmux.waitFor("Save as: snippet.sh");
    tmux.keys("Enter");
    await tmux.waitFor("Saved to /");
    tmux.keys("s", "Enter");
    await tmux.waitFor("snippet.sh exists. Overwrite it? (y/n)");
    tmux.keys("y");
    await tmux.waitFor("Saved to /");
    tmux.keys("q");
    const screen = await tmux.waitFor("exit=0");
    expect(screen).toMatch(/saved: \/.*\/snippet\.sh/);
    expect(screen).toContain(snippet("sh", "curl", "together").split("\n")[0]);
  });

  it("leaves on Ctrl+C with the terminal settings as they were", async () => {
    const tmux = open(80, 24, `before=$(stty -g); echo ${MARK}`, `[ "$before" = "$(stty -g)" ] && echo tty-restored`);
    await tmux.waitFor("› Language");
    tmux.keys("C-c");
    await tmux.waitFor("tty-restored");
    expect(tmux.lines().filter(Boolean)).toEqual([MARK, "exit=130", "tty-restored"]);
  });
});

describe("without a terminal", () => {
  it("refuses to open when stdin is piped, with a usage error", () => {
    const result = spawnSync(demoCommand()[0]!, demoCommand().slice(1), { input: "", encoding: "utf8", env: { ...process.env, CI: "false" } });
    expect(result.status).toBe(2);
    expect(result.stdout).toBe("");
    expect(result.stderr).toBe(
      "error: the interactive picker needs a terminal (stdin and stdout)\nhint: run it in a terminal, or leave out -i/--interactive to print the snippet\n",
    );
  });
});
