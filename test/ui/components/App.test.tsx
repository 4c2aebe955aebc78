import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import chalk from "chalk";
import { afterEach, describe, expect, it, vi } from "vitest";
import { osc52 } from "../../../src/ui/copy.js";
import { textWidth } from "../../../src/ui/text.js";
import { localInput, sparseInput, sparseSnippets, tallSnippets } from "../helpers/fixtures.js";
import { KEY, linesOf, renderPicker } from "../helpers/render-picker.js";

const NO_DISPLAY = new Error("Clipboard access requires a display server (X11 or Wayland). This doesn't work in headless environments.");
const content = (language: string, client: string, provider: string) =>
  sparseSnippets({ stream: false, direct: false }).find(
    (e) => e.source === "inference" && e.language === language && e.client === client && e.provider === provider,
  )!.content;

/** The keys at 80 columns and at 60, where the scrolling keys give way. */
const FOOTER = "←/→ choose  ↑/↓ move  PgUp/PgDn j/k scroll  c copy  s save  q quit";
const FOOTER_60 = "←/→ choose  ↑/↓ move  c copy  s save  q quit";

/** The line of a row, e.g. row(frame, "Client"). */
const row = (frame: string, title: string) => linesOf(frame).find((line) => line.slice(2).startsWith(title)) ?? "";

afterEach(() => {
  chalk.level = 0;
});

describe("the picker screen", () => {
  it("shows the model, task, library and provider, the pickers, the snippet and the keys", async () => {
    const { frame } = await renderPicker();
    const lines = linesOf(frame());
    expect(lines.slice(0, 9)).toEqual([
      "hubref org/model",
      "task text-generation · library transformers · provider together",
      "─".repeat(80),
      "  Source    [Inference API]  Library",
      "› Language  [Python]  JavaScript   Shell",
      "  Client    [huggingface_hub]  requests",
      "  Provider  [together]  fireworks-ai",
      "  Stream    [off]  on",
      "  Requests  [routed via Hugging Face]  direct to provider",
    ]);
    expect(lines[9]).toMatch(/^─ Python \/ huggingface_hub \/ together ─+ 3 lines ─$/);
    expect(textWidth(lines[9]!)).toBe(80);
    expect(lines.slice(10, 13)).toEqual([
      "1 │ from huggingface_hub import InferenceClient",
      '2 │ client = InferenceClient(provider="together")',
      "3 │ # huggingface_hub together once routed",
    ]);
    expect(lines.at(-1)).toBe(FOOTER);
    // One row is kept free, so Ink never clears the whole screen to redraw.
    expect(lines).toHaveLength(23);
  });

  it("colours the code with the highlighter", async () => {
    chalk.level = 1;
    const { ui } = await renderPicker();
    expect(ui.lastFrame()).toContain("\x1b[35mfrom\x1b[39m");
    expect(ui.lastFrame()).toContain('\x1b[32m"together"\x1b[39m');
  });

  it("picks python then requests with the arrows, and the preview follows", async () => {
    const { press, waitFor, frame } = await renderPicker();
    press(KEY.enter, KEY.right);
    await waitFor("[requests]", "─ Python / requests / together");
    expect(frame()).toContain('2 │ response = requests.post("https://router.example/v1", json={})');
    expect(row(frame(), "Client")).toMatch(/^› Client/);
  });

  it("offers only combinations that have a snippet (no dead ends)", async () => {
    const { press, waitFor, frame } = await renderPicker();
    press(KEY.right);
    await waitFor("[JavaScript]");
    expect(row(frame(), "Client")).toBe("  Client    [fetch]");
    expect(row(frame(), "Provider")).toBe("  Provider  [fireworks-ai]");
    expect(frame()).toContain("provider fireworks-ai");
    // Nothing further right on a one-option row.
    press(KEY.down, KEY.right, KEY.left);
    await waitFor("› Client    [fetch]");
    // The library's snippets: no provider, streaming or requests rows, which would change nothing.
    press(KEY.up, KEY.up, KEY.right);
    await waitFor("[Library]", "─ Python / transformers (pipeline) / local");
    expect(row(frame(), "Provider")).toBe("");
    expect(row(frame(), "Stream")).toBe("");
    expect(row(frame(), "Requests")).toBe("");
    press(KEY.down, KEY.right);
    await waitFor("[Text]", "1 │ pip install transformers");
    press(KEY.right);
    await waitFor("[Text]");
  });

  it("moves focus with down, up, enter, tab and shift+tab", async () => {
    const { press, waitFor } = await renderPicker();
    press(KEY.down);
    await waitFor("› Client");
    press(KEY.tab);
    await waitFor("› Provider");
    press(KEY.up);
    await waitFor("› Client");
    press(KEY.backtab, KEY.backtab, KEY.backtab);
    await waitFor("› Requests", FOOTER);
    press(KEY.tab);
    await waitFor("› Source");
  });

  it("keeps the marker on the last row when down is pressed there, never on the preview's title", async () => {
    const { press, waitFor, frame } = await renderPicker();
    press(KEY.down, KEY.down, KEY.down, KEY.down);
    await waitFor("› Requests");
    press(KEY.down, KEY.enter, KEY.down, "c");
    // The copy's message shows that every key before it was handled.
    await waitFor("Copied Python / huggingface_hub / together");
    expect(row(frame(), "Requests")).toMatch(/^› Requests/);
    expect(linesOf(frame()).filter((line) => line.startsWith("›"))).toHaveLength(1);
    expect(linesOf(frame())[9]).toMatch(/^─ Python \/ huggingface_hub \/ together ─+ 3 lines ─$/);
  });

  it("scrolls a long snippet with j/k, PgUp/PgDn, Home and End from the rows", async () => {
    const { press, waitFor, frame } = await renderPicker(sparseInput({ loadBlocks: tallSnippets(40) }));
    await waitFor("lines 1–12 of 40 ─", " 1 │ print(1)");
    press("j", "j");
    await waitFor("lines 3–14 of 40", " 3 │ print(3)");
    press("k");
    await waitFor("lines 2–13 of 40");
    press(KEY.pageDown);
    await waitFor("lines 13–24 of 40", "13 │ print(13)");
    press(KEY.end);
    await waitFor("lines 29–40 of 40", "40 │ print(40)");
    press(KEY.pageUp);
    await waitFor("lines 18–29 of 40");
    press(KEY.home);
    await waitFor("lines 1–12 of 40");
    expect(frame()).not.toContain("print(13)");
    press(KEY.down);
    await waitFor("› Client", "lines 1–12 of 40");
  });

  it("builds the snippets again when streaming or direct requests are switched on", async () => {
    const { press, waitFor } = await renderPicker();
    press(KEY.down, KEY.down, KEY.down, KEY.right);
    await waitFor("Stream     off  [on]", "# huggingface_hub together stream routed");
    press(KEY.left, KEY.down, KEY.right);
    await waitFor("Requests   routed via Hugging Face  [direct to provider]", "# huggingface_hub together once direct");
  });

  it("refuses a switch that leaves no snippet, and says why", async () => {
    const { press, waitFor, frame } = await renderPicker();
    press(KEY.backtab, KEY.backtab, KEY.right, KEY.up, KEY.right);
    await waitFor("No snippet for streaming, direct requests");
    expect(row(frame(), "Stream")).toBe("› Stream    [off]  on");
  });
});

describe("copying", () => {
  it("copies the shown snippet exactly to the clipboard and says so", async () => {
    const picker = await renderPicker();
    picker.press(KEY.down, KEY.right, "c");
    await picker.waitFor("Copied Python / requests / together to the clipboard");
    expect(picker.clipboard).toEqual([content("python", "requests", "together")]);
    expect(picker.terminal).toEqual([]);
  });

  it("falls back to OSC 52 when no clipboard is reachable, and says which was used", async () => {
    const terminal: string[] = [];
    const picker = await renderPicker(sparseInput(), {
      copy: { writeClipboard: () => Promise.reject(NO_DISPLAY), writeTerminal: (data) => terminal.push(data) },
    });
    picker.press("c");
    await picker.waitFor("Asked the terminal to copy it (OSC 52); no system clipboard: no display server");
    expect(terminal).toEqual([osc52(content("python", "huggingface_hub", "together"))]);
  });

  it("says the copy failed when neither works", async () => {
    const picker = await renderPicker(sparseInput(), { copy: { writeClipboard: () => Promise.reject(NO_DISPLAY) } });
    picker.press("c");
    await picker.waitFor("Copy failed: no display server, and the output is not a terminal");
  });

  it("clears the message on the next key", async () => {
    const picker = await renderPicker();
    picker.press("c");
    await picker.waitFor("to the clipboard");
    picker.press(KEY.down);
    await picker.waitFor("› Client");
    expect(picker.frame()).not.toContain("to the clipboard");
  });
});

describe("saving", () => {
  it("asks for a name named after the language and saves the snippet there", async () => {
    const picker = await renderPicker();
    picker.press(KEY.right, KEY.right, "s");
    await picker.waitFor("Save as: snippet.sh   enter save · esc cancel");
    picker.press("snippet.bash", KEY.enter);
    const path = join(picker.cwd, "snippet.bash");
    await picker.waitFor(`Saved to ${path}`);
    expect(readFileSync(path, "utf8")).toBe(`${content("sh", "curl", "together")}\n`);
  });

  it("never overwrites without a yes: n goes back to the name, y overwrites", async () => {
    const picker = await renderPicker();
    const path = join(picker.cwd, "snippet.py");
    writeFileSync(path, "mine\n");
    picker.press("s", KEY.enter);
    await picker.waitFor(`${path} exists. Overwrite it? (y/n)`);
    picker.press("n");
    await picker.waitFor("Not overwritten: choose another name", "Save as: snippet.py");
    expect(readFileSync(path, "utf8")).toBe("mine\n");
    picker.press(KEY.enter);
    await picker.waitFor("Overwrite it? (y/n)");
    picker.press("y");
    await picker.waitFor(`Saved to ${path}`);
    expect(readFileSync(path, "utf8")).toBe(`${content("python", "huggingface_hub", "together")}\n`);
  });

  it("cancels with Esc at the name and at the question", async () => {
    const picker = await renderPicker();
    writeFileSync(join(picker.cwd, "snippet.py"), "mine\n");
    picker.press("s");
    await picker.waitFor("Save as:");
    picker.press(KEY.escape);
    await picker.waitFor("Not saved", "c copy  s save  q quit");
    picker.press("s", KEY.enter);
    await picker.waitFor("Overwrite it? (y/n)");
    picker.press(KEY.escape);
    await picker.waitFor("Save as: snippet.py");
    picker.press(KEY.escape);
    await picker.waitFor("Not saved");
    expect(readFileSync(join(picker.cwd, "snippet.py"), "utf8")).toBe("mine\n");
  });

  it("shows why a file could not be written, and lets the name be changed", async () => {
    const picker = await renderPicker();
    picker.press("s", "missing/a.py", KEY.enter);
    await picker.waitFor(`Could not save: folder ${join(picker.cwd, "missing")} does not exist`, "Save as: missing/a.py");
  });

  it("starts with the default name selected: typing replaces it, Ctrl+U clears it", async () => {
    const picker = await renderPicker();
    picker.press("s");
    await picker.waitFor("Save as: snippet.py");
    picker.press("main.py");
    await picker.waitFor("Save as: main.py ");
    expect(picker.frame()).not.toContain("snippet.pymain.py");
    picker.press(KEY.ctrlU, "x.py");
    await picker.waitFor("Save as: x.py ");
    picker.press(KEY.ctrlU, KEY.ctrlU);
    await picker.waitFor("Save as:    enter save");
  });

  it("names a JavaScript file .mjs, as node runs it", async () => {
    const picker = await renderPicker();
    picker.press(KEY.right, "s");
    await picker.waitFor("Save as: snippet.mjs ");
  });

  it("types q and s into the name instead of quitting or saving again", async () => {
    const picker = await renderPicker();
    picker.press("s", "qs");
    await picker.waitFor("Save as: qs ");
    expect(picker.onExit).not.toHaveBeenCalled();
  });
});

describe("quitting", () => {
  it.each([
    ["q", "q"],
    ["Esc", KEY.escape],
  ])("quits with %s", async (_name, key) => {
    const picker = await renderPicker();
    picker.press(key);
    await vi.waitFor(() => expect(picker.onExit).toHaveBeenCalledWith({}), { timeout: 20_000, interval: 5 });
  });

  it("quits with Ctrl+C, marked as interrupted, even while asking for a name", async () => {
    const picker = await renderPicker();
    picker.press("s");
    await picker.waitFor("Save as:");
    picker.press(KEY.ctrlC);
    await vi.waitFor(() => expect(picker.onExit).toHaveBeenCalledWith({ interrupted: true }), { timeout: 20_000, interval: 5 });
  });

  it("reports what was copied and saved on quit", async () => {
    const picker = await renderPicker();
    picker.press(KEY.down, KEY.right, "c");
    await picker.waitFor("to the clipboard");
    picker.press("s", KEY.enter);
    await picker.waitFor("Saved to");
    picker.press("q");
    await vi.waitFor(() => expect(picker.onExit).toHaveBeenCalledTimes(1), { timeout: 20_000, interval: 5 });
    expect(picker.onExit).toHaveBeenCalledWith({
      copied: {
        source: "inference",
        model: "org/model",
        language: "python",
        client: "requests",
        provider: "together",
        content: content("python", "requests", "together"),
      },
      copyMethod: "clipboard",
      savedTo: join(picker.cwd, "snippet.py"),
    });
  });

  it("finishes a copy under way before quitting", async () => {
    let finish: (() => void) | undefined;
    const picker = await renderPicker(sparseInput(), {
      copy: {
        writeClipboard: () =>
          new Promise<void>((resolve) => {
            finish = resolve;
          }),
      },
    });
    picker.press("c", "q");
    await picker.waitFor("Finishing the copy…");
    // The status line can show before the clipboard write has begun.
    await vi.waitFor(() => expect(finish).toBeDefined(), { timeout: 20_000, interval: 5 });
    expect(picker.onExit).not.toHaveBeenCalled();
    finish!();
    await vi.waitFor(() => expect(picker.onExit).toHaveBeenCalledWith(expect.objectContaining({ copyMethod: "clipboard" })), { timeout: 20_000, interval: 5 });
  });
});

describe("terminal size", () => {
  it("fits a small terminal: one header line, one status line, every line within the width", async () => {
    const picker = await renderPicker(sparseInput(), { columns: 60, rows: 14 });
    const lines = linesOf(picker.frame());
    expect(lines).toHaveLength(13);
    for (const line of lines) expect(textWidth(line)).toBeLessThanOrEqual(60);
    expect(lines[0]).toBe("org/model · text-generation · together");
    expect(lines[1]).toBe("  Source    [Inference API]  Library");
    expect(lines[2]).toBe("› Language  [Python]  JavaScript   Shell");
    expect(lines[3]).toBe("  Client    [huggingface_hub]  requests");
    expect(lines.at(-1)).toBe(FOOTER_60);
    expect(lines.filter((line) => line.includes(" │ "))).toHaveLength(3);
    picker.press("c");
    await picker.waitFor("Copied Python / huggingface_hub / together to the clipboard");
    expect(linesOf(picker.frame()).at(-1)).toBe("Copied Python / huggingface_hub / together to the clipboard");
  });

  it("scrolls sideways to keep the chosen option in view on a narrow terminal", async () => {
    const picker = await renderPicker(sparseInput(), { columns: 34, rows: 24 });
    picker.press(KEY.down, KEY.right);
    await picker.waitFor("[requests]");
    expect(row(picker.frame(), "Client")).toBe("› Client    … [requests]");
  });

  it("adapts when the terminal is resized", async () => {
    const picker = await renderPicker(sparseInput({ loadBlocks: tallSnippets(40) }));
    await picker.waitFor("lines 1–12 of 40");
    picker.resize(100, 30);
    await picker.waitFor("lines 1–18 of 40");
    expect(linesOf(picker.frame())).toHaveLength(29);
    picker.resize(40, 12);
    await picker.waitFor("lines 1–3 of 40");
    for (const line of linesOf(picker.frame())) expect(textWidth(line)).toBeLessThanOrEqual(40);
  });
});

describe("untrusted and missing data", () => {
  it("shows escape sequences from model metadata as visible escapes, never raw", async () => {
    const picker = await renderPicker(sparseInput({ model: { id: "org/\x1b]52;c;ZXZpbA==\x07model", pipelineTag: "text\x1b[2J" } }));
    expect(picker.frame()).toContain("hubref org/\\x1b]52;c;ZXZpbA==\\x07model");
    expect(picker.ui.lastFrame()).not.toContain("\x1b]52");
    expect(picker.ui.lastFrame()).not.toContain("\x1b[2J");
  });

  it("says when the model has no snippet, and still quits", async () => {
    const picker = await renderPicker(sparseInput({ loadBlocks: () => [] }));
    await picker.waitFor("─ No snippet for this model", "Language  —");
    picker.press("c");
    await picker.waitFor("Nothing to copy");
    picker.press("q");
    await vi.waitFor(() => expect(picker.onExit).toHaveBeenCalledWith({}), { timeout: 20_000, interval: 5 });
  });
});

describe("the Run locally source", () => {
  it("shows the apps, the quants with split count and size, and the app's commands", async () => {
    const picker = await renderPicker(localInput());
    picker.press(KEY.up, KEY.right);
    const frame = await picker.waitFor("[Run locally]", "─ Run locally / llama.cpp / Q4_K_M ─");
    const lines = linesOf(frame);
    expect(lines.slice(3, 6)).toEqual([
      "› Source     Inference API  [Run locally]",
      "  App       [llama.cpp]  LM Studio   vLLM",
      "  Quant      Q8_0 2 files 8.54 GB   Q5_K_M 2.32 GB  [Q4_K_M 2.02 GB]",
    ]);
    expect(frame).toContain("2 │ llama-server -hf org/model-GGUF:Q4_K_M");
    expect(frame).not.toContain("Stream");
    expect(frame).not.toContain("o open");
    picker.press(KEY.down, KEY.down, KEY.left, "c");
    await picker.waitFor("Copied");
    expect(picker.clipboard).toEqual(["# start llama.cpp\nllama-server -hf org/model-GGUF:Q5_K_M\n"]);
  });

  it("opens a deep link with o through the system opener, and says when there is none", async () => {
    const opened: string[] = [];
    const picker = await renderPicker(localInput({ presets: { source: "local", app: "lmstudio" } }), {
      open: async (url) => {
        opened.push(url);
        return opened.length === 1
          ? { ok: true, opener: "xdg-open" }
          : { ok: false, reason: "No system opener here (xdg-open is not installed): copy the link with c" };
      },
    });
    await picker.waitFor("─ Run locally / LM Studio / Q4_K_M ─", "o open  q quit");
    picker.press("o");
    await picker.waitFor("Asked the system to open LM Studio (xdg-open)");
    expect(opened).toEqual(["lmstudio://open_from_hf?model=org%2Fmodel-GGUF&file=model-Q4_K_M.gguf"]);
    picker.press("o");
    await picker.waitFor("No system opener here (xdg-open is not installed): copy the link with c");
  });

  it("names the app in the header, not a provider", async () => {
    const picker = await renderPicker(localInput());
    picker.press(KEY.up, KEY.right);
    await picker.waitFor("─ Run locally / llama.cpp / Q4_K_M ─");
    expect(linesOf(picker.frame())[1]).toMatch(/· app llama\.cpp$/);
    expect(picker.frame()).not.toContain("provider local");
  });

  it("says in the header when no inference provider serves the model", async () => {
    const picker = await renderPicker(localInput({ notice: "no inference provider serves this model" }));
    expect(linesOf(picker.frame())[1]).toMatch(/^no inference provider serves this model · task text-generation · library/);
  });
});

describe("the footer", () => {
  it.each([
    [50, 12],
    [30, 12],
    [24, 10],
  ])("always shows how to quit, at %ix%i", async (columns, rows) => {
    const picker = await renderPicker(sparseInput(), { columns, rows });
    expect(linesOf(picker.frame()).at(-1)).toMatch(/q quit$/);
    picker.press(KEY.backtab, KEY.backtab);
    await picker.waitFor("› Req");
    expect(linesOf(picker.frame()).at(-1)).toMatch(/q quit$/);
  });
});
