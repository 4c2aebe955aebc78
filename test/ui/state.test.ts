import { describe, expect, it } from "vitest";
import type { KeyName, KeyPress } from "../../src/ui/keys.js";
import { createReducer, initialState, rowOptions, rowsOf, shownEntry, type Action, type PickerState } from "../../src/ui/state.js";
import { blockLanguage, blockTool } from "../../src/blocks/code-block.js";
import type { Menu, CodeBlock } from "../../src/ui/types.js";
import type { LocalBlock } from "../../src/blocks/code-block.js";

/** A block as the picker's rows name it: language, client (library, app) and provider. */
function flat(block: CodeBlock) {
  return { ...block, language: blockLanguage(block), client: blockTool(block), provider: block.source === "inference" ? block.provider : "" };
}
import { localInput, sparseInput, sparseSnippets, tallSnippets } from "./helpers/fixtures.js";

/** Single characters are typed characters; longer words name keys ("down", "enter"). */
function toPress(key: string): KeyPress {
  return [...key].length === 1 ? { name: "char", char: key } : { name: key as KeyName };
}

function start(input: Menu = sparseInput()) {
  const reduce = createReducer(input.loadBlocks);
  let state = initialState(input);
  const api = {
    get state() {
      return state;
    },
    send(action: Action) {
      state = reduce(state, action);
      return api;
    },
    press(...keys: string[]) {
      for (const key of keys) state = reduce(state, { type: "key", key: toPress(key) });
      return api;
    },
    block(): CodeBlock {
      return shownEntry(state)!;
    },
    shown() {
      return flat(shownEntry(state)!);
    },
    options(row: Parameters<typeof rowOptions>[1]): string[] {
      return rowOptions(state, row).labels;
    },
  };
  return api;
}

const commands = (state: PickerState) => state.outbox.map(({ id: _id, ...command }) => command);

describe("which combinations are offered", () => {
  it("opens on Python, its first client and the requested provider", () => {
    const picker = start();
    expect(picker.shown()).toMatchObject({ language: "python", client: "huggingface_hub", provider: "together" });
    expect(picker.options("source")).toEqual(["Inference API", "Library"]);
    expect(picker.options("language")).toEqual(["Python", "JavaScript", "Shell"]);
    expect(picker.options("client")).toEqual(["huggingface_hub", "requests"]);
    expect(picker.options("provider")).toEqual(["together", "fireworks-ai"]);
  });

  it("falls back to the first provider when the requested one has no snippet", () => {
    expect(start(sparseInput({ initialProvider: "nobody" })).shown().provider).toBe("together");
    expect(start(sparseInput({ initialProvider: undefined })).shown().provider).toBe("together");
  });

  it("offers for each language only its clients, and its providers in one row whichever client is shown", () => {
    const picker = start().press("right");
    expect(picker.shown()).toMatchObject({ language: "js", client: "fetch", provider: "fireworks-ai" });
    expect(picker.options("client")).toEqual(["fetch"]);
    expect(picker.options("provider")).toEqual(["fireworks-ai"]);
    picker.press("left");
    const row = picker.options("provider");
    expect(row).toEqual(["together", "fireworks-ai"]);
    picker.press("down", "right");
    // requests calls together only: the row stays as it was, so → lands on what was next to it on screen.
    expect(picker.shown()).toMatchObject({ language: "python", client: "requests", provider: "together" });
    expect(picker.options("provider")).toEqual(row);
  });

  it("shows a provider the client has not with a client that has it, and a client without the provider with one it has, saying so", () => {
    const picker = start().press("down", "right", "down");
    expect(picker.shown()).toMatchObject({ client: "requests", provider: "together" });
    picker.press("right");
    expect(picker.shown()).toMatchObject({ client: "huggingface_hub", provider: "fireworks-ai" });
    expect(picker.state.message).toEqual({ text: "Client huggingface_hub: requests has no fireworks-ai", tone: "info" });
    picker.press("up", "right");
    expect(picker.shown()).toMatchObject({ client: "requests", provider: "together" });
    expect(picker.state.message).toEqual({ text: "Provider together: requests has no fireworks-ai", tone: "info" });
    // The choice made stays: back on huggingface_hub, fireworks-ai again, and nothing to say.
    picker.press("left");
    expect(picker.shown()).toMatchObject({ client: "huggingface_hub", provider: "fireworks-ai" });
    expect(picker.state.message).toBeUndefined();
  });

  it("never reaches a state without a snippet, whatever keys are pressed (no dead ends)", () => {
    const keys = ["left", "right", "up", "down", "tab", "backtab", "enter", "pageDown", "end", "j", "k"];
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const picker = start();
    const visited = new Set<string>();
    for (let step = 0; step < 3000; step++) {
      picker.press(keys[Math.floor(random() * keys.length)]!);
      const state = picker.state;
      const shown = picker.shown();
      expect(shown).toBeDefined();
      const selection = state.selection!;
      const current = state.entries;
      // Every option on screen leads to at least one snippet under the choices above it (a provider, under the
      // language: a client that has it is shown with it).
      const combos = state.combos.map((combo) => ({ ...combo, entry: flat(current[combo.index]!) }));
      for (const language of selection.languages) expect(combos.some((c) => c.entry.language === language)).toBe(true);
      for (const client of selection.clients) expect(combos.some((c) => c.language === selection.language && c.clientKey === client)).toBe(true);
      for (const provider of selection.providers) {
        expect(combos.some((c) => c.source === selection.source && c.language === selection.language && c.entry.provider === provider)).toBe(true);
      }
      for (const provider of selection.served) {
        expect(combos.some((c) => c.language === selection.language && c.clientKey === selection.clientKey && c.entry.provider === provider)).toBe(true);
      }
      expect([shown.language, shown.provider]).toEqual([selection.language, selection.provider]);
      expect(current).toEqual(sparseSnippets(state.toggles));
      visited.add(`${shown.language} ${shown.client} ${state.toggles.stream} ${state.toggles.direct}`);
    }
    // The walk went through every language, client and toggle.
    expect([...visited].sort()).toEqual(
      expect.arrayContaining([
        "js fetch false false",
        "python huggingface_hub true false",
        "python requests false true",
        "sh curl false true",
        "text transformers false false",
      ]),
    );
  });

  it("comes back to the client and provider chosen before, once they are on offer again", () => {
    const picker = start();
    picker.press("down", "down", "right"); // provider: fireworks-ai
    expect(picker.shown().provider).toBe("fireworks-ai");
    picker.press("up", "right"); // client: requests, which only together has
    expect(picker.shown()).toMatchObject({ client: "requests", provider: "together" });
    picker.press("left"); // back to huggingface_hub
    expect(picker.shown()).toMatchObject({ client: "huggingface_hub", provider: "fireworks-ai" });
    picker.press("right", "up", "right", "left"); // requests, then JavaScript and back
    expect(picker.shown()).toMatchObject({ language: "python", client: "requests" });
  });

  it("offers library snippets as a source of their own, naming what differs between two blocks of one library", () => {
    const picker = start().press("up", "right");
    expect(picker.shown()).toMatchObject({ source: "library", client: "transformers", provider: "" });
    expect(picker.options("client")).toEqual(["transformers (pipeline)", "transformers (direct load)"]);
    expect(picker.shown().content).toContain("pipeline");
    picker.press("down", "down", "right");
    expect(picker.shown().content).toContain("AutoModel");
    picker.press("up", "right");
    expect(picker.shown()).toMatchObject({ language: "text", client: "transformers" });
  });

  it("hides the rows that change nothing for library snippets: provider, streaming, direct requests", () => {
    const picker = start();
    expect(rowsOf(picker.state)).toEqual(["source", "language", "client", "provider", "stream", "requests"]);
    picker.press("up", "right");
    expect(rowsOf(picker.state)).toEqual(["source", "language", "client"]);
    // Tab cycles through the rows on screen only.
    expect(picker.press("tab", "tab").state.focus).toBe("client");
    expect(picker.press("tab").state.focus).toBe("source");
  });

  it("names untitled library blocks by the first line only each of them has", () => {
    const library = (content: string): CodeBlock => ({ source: "library", model: "org/model", library: "acme", language: "python", content });
    const picker = start(
      sparseInput({
        loadBlocks: () => [
          library("import acme\n# Segment an image\nacme.image()"),
          library("import acme\n# Segment a video, frame by frame\nacme.video()"),
          library("import acme"),
          library("import acme"),
        ],
      }),
    );
    expect(picker.options("client")).toEqual(["acme (Segment an image)", "acme (Segment a video, frame…)", "acme (#3)", "acme (#4)"]);
  });
});

describe("toggles", () => {
  it("builds the snippets again with streaming on, keeping the choices that still exist", () => {
    const picker = start().press("down", "down", "right", "down", "right");
    expect(picker.state.toggles).toEqual({ stream: true, direct: false });
    expect(picker.shown().content).toContain("huggingface_hub fireworks-ai stream routed");
    expect(picker.options("language")).toEqual(["Python"]);
    picker.press("left");
    expect(picker.shown().content).toContain("huggingface_hub fireworks-ai once routed");
  });

  it("switches between routed and direct requests", () => {
    const picker = start().press("down", "down", "down", "down", "right");
    expect(picker.state.toggles.direct).toBe(true);
    expect(picker.shown().content).toContain("once direct");
    expect(picker.options("requests")).toEqual(["routed via Hugging Face", "direct to provider"]);
  });

  it("refuses a toggle that would leave no snippet, and says so", () => {
    const picker = start().press("down", "down", "down", "down", "right", "up", "right");
    expect(picker.state.toggles).toEqual({ stream: false, direct: true });
    expect(picker.state.message).toEqual({ text: "No snippet for streaming, direct requests", tone: "warning" });
    expect(picker.shown().content).toContain("once direct");
  });

  it("refuses a toggle that would take away the source on screen, with the reason the snippets gave", () => {
    // As with --api responses: no direct call has a Responses route, so direct requests leave the library only.
    const input = sparseInput({
      loadBlocks: (toggles, report) => {
        const all = sparseSnippets({ ...toggles, direct: false });
        if (!toggles.direct) return all;
        report?.("the Responses API is served by the router or your own server: leave out --direct");
        return all.filter((entry) => entry.source !== "inference");
      },
    });
    const picker = start(input).press("down", "down", "down", "down");
    expect(picker.state.focus).toBe("requests");
    picker.press("right");
    expect(picker.state.toggles).toEqual({ stream: false, direct: false });
    expect(picker.shown().source).toBe("inference");
    expect(picker.state.message).toEqual({
      text: "No Inference API snippet for no streaming, direct requests: the Responses API is served by the router or your own server: leave out --direct",
      tone: "warning",
    });
  });

  it("keeps the snippets it has when building them again fails", () => {
    const input = sparseInput({
      loadBlocks: (toggles) => {
        if (toggles.direct) throw new Error("provider mapping is missing");
        return sparseSnippets(toggles);
      },
    });
    const picker = start(input).press("backtab", "backtab", "right");
    expect(picker.state.toggles.direct).toBe(false);
    expect(picker.state.message?.text).toBe("Could not build the snippets: provider mapping is missing");
  });

  it("has no streaming row for models that cannot stream", () => {
    expect(rowsOf(start(sparseInput({ canStream: false })).state)).toEqual(["source", "language", "client", "provider", "requests"]);
  });
});

describe("focus and scrolling", () => {
  it("moves focus with arrows, enter and tab, stopping at the last row and wrapping only with tab", () => {
    const picker = start();
    expect(picker.state.focus).toBe("language");
    expect(picker.press("up").state.focus).toBe("source");
    expect(picker.press("up").state.focus).toBe("source");
    expect(picker.press("down", "enter").state.focus).toBe("client");
    expect(picker.press("down", "down", "down").state.focus).toBe("requests");
    // The preview is never focused: down and enter on the last row stay there.
    expect(picker.press("down").state.focus).toBe("requests");
    expect(picker.press("enter").state.focus).toBe("requests");
    expect(picker.press("tab").state.focus).toBe("source");
    expect(picker.press("tab").state.focus).toBe("language");
    expect(picker.press("backtab", "backtab").state.focus).toBe("requests");
    expect(picker.press("backtab").state.focus).toBe("stream");
  });

  it("scrolls the preview with j/k and pages from any row, never past either end", () => {
    const picker = start(sparseInput({ loadBlocks: tallSnippets(30) }));
    picker.send({ type: "measured", viewHeight: 10, lineCount: 30 });
    expect(picker.press("j", "j").state).toMatchObject({ focus: "language", scroll: { offset: 2 } });
    expect(picker.press("k").state.scroll.offset).toBe(1);
    expect(picker.press("pageDown").state.scroll.offset).toBe(10);
    expect(picker.press("pageDown", "pageDown").state.scroll.offset).toBe(20);
    expect(picker.press("j").state.scroll.offset).toBe(20);
    expect(picker.press("pageUp").state.scroll.offset).toBe(11);
    expect(picker.press("home").state.scroll.offset).toBe(0);
    expect(picker.press("k").state.scroll.offset).toBe(0);
    expect(picker.press("end").state.scroll.offset).toBe(20);
    // The arrows still move between the rows while the preview is scrolled.
    expect(picker.press("down").state).toMatchObject({ focus: "client", scroll: { offset: 20 } });
  });

  it("pages the preview from the pickers too", () => {
    const picker = start(sparseInput({ loadBlocks: tallSnippets(30) }));
    expect(picker.send({ type: "measured", viewHeight: 10, lineCount: 30 }).press("pageDown").state).toMatchObject({
      focus: "language",
      scroll: { offset: 9 },
    });
  });

  it("starts a newly chosen snippet at its top, and keeps the offset inside a shorter preview", () => {
    const picker = start().send({ type: "measured", viewHeight: 2, lineCount: 5 });
    picker.press("end");
    expect(picker.state.scroll.offset).toBe(3);
    picker.send({ type: "measured", viewHeight: 2, lineCount: 4 });
    expect(picker.state.scroll.offset).toBe(2);
    picker.press("down", "right");
    expect(picker.state.scroll.offset).toBe(0);
  });
});

describe("copy, save and quit", () => {
  it("queues a copy of the shown snippet and records it once copied", () => {
    const picker = start().press("down", "right", "c");
    const entry = picker.block();
    expect(commands(picker.state)).toEqual([{ kind: "copy", entry }]);
    expect(picker.state.message?.text).toBe("Copying…");
    picker.press("c");
    expect(picker.state.outbox).toHaveLength(1);
    picker.send({ type: "copyFinished", entry, outcome: { ok: true, method: "clipboard" } });
    expect(picker.state.result).toEqual({ copied: entry, copyMethod: "clipboard" });
    expect(picker.state.message).toEqual({ text: "Copied Python / requests / together to the clipboard", tone: "success" });
  });

  it("reports the terminal fallback and a failed copy", () => {
    const picker = start().press("c");
    const entry = picker.block();
    picker.send({ type: "copyFinished", entry, outcome: { ok: true, method: "osc52", clipboardError: "no display server" } });
    expect(picker.state.message).toEqual({ text: "Asked the terminal to copy it (OSC 52); no system clipboard: no display server", tone: "warning" });
    expect(picker.state.result.copyMethod).toBe("osc52");
    picker.press("c").send({ type: "copyFinished", entry, outcome: { ok: false, reason: "no display server, and the output is not a terminal" } });
    expect(picker.state.message).toEqual({ text: "Copy failed: no display server, and the output is not a terminal", tone: "error" });
  });

  it("quits with q, Esc and Ctrl+C, and ignores keys afterwards", () => {
    for (const key of ["q", "escape"]) {
      const picker = start().press(key);
      expect(commands(picker.state)).toEqual([{ kind: "exit", result: {} }]);
      expect(picker.press("c", "s").state.outbox).toHaveLength(1);
    }
    expect(commands(start().press("interrupt").state)).toEqual([{ kind: "exit", result: { interrupted: true } }]);
  });

  it("waits for a copy under way before quitting, then reports it", () => {
    const picker = start().press("c", "q");
    const entry = picker.block();
    expect(picker.state.done).toBe(false);
    picker.send({ type: "copyFinished", entry, outcome: { ok: true, method: "clipboard" } });
    expect(commands(picker.state).at(-1)).toEqual({ kind: "exit", result: { copied: entry, copyMethod: "clipboard" } });
  });

  it("asks for a file name named after the language, and saves under the name typed", () => {
    const picker = start().press("right", "right", "s");
    expect(picker.state.mode).toEqual({ kind: "naming", name: "snippet.sh", selected: true });
    // The default is selected: the arrow keeps it, to edit from its end.
    picker.press("right", "backspace", "backspace", "backspace", ".", "b", "a", "s", "h", "q", "backspace", "enter");
    expect(picker.state.mode).toEqual({ kind: "saving", name: "snippet.bash" });
    expect(commands(picker.state)).toEqual([{ kind: "save", name: "snippet.bash", content: picker.shown().content, overwrite: false }]);
    picker.send({ type: "saveFinished", outcome: { kind: "saved", path: "/work/snippet.bash" } });
    expect(picker.state.mode.kind).toBe("browse");
    expect(picker.state.result.savedTo).toBe("/work/snippet.bash");
    expect(picker.state.message).toEqual({ text: "Saved to /work/snippet.bash", tone: "success" });
  });

  it("replaces the selected default with the first key typed, clears it with backspace or Ctrl+U", () => {
    expect(start().press("s", "a").state.mode).toEqual({ kind: "naming", name: "a" });
    expect(start().press("s", "backspace").state.mode).toEqual({ kind: "naming", name: "" });
    expect(start().press("s", "right", "clearLine", "b").state.mode).toEqual({ kind: "naming", name: "b" });
  });

  it("asks before overwriting: n goes back to the name, y overwrites", () => {
    const picker = start()
      .press("s", "enter")
      .send({ type: "saveFinished", outcome: { kind: "exists", path: "/work/snippet.py" } });
    expect(picker.state.mode).toEqual({ kind: "confirming", name: "snippet.py", path: "/work/snippet.py" });
    picker.press("x");
    expect(picker.state.mode.kind).toBe("confirming");
    picker.press("n");
    expect(picker.state.mode).toEqual({ kind: "naming", name: "snippet.py" });
    picker
      .press("enter")
      .send({ type: "saveFinished", outcome: { kind: "exists", path: "/work/snippet.py" } })
      .press("Y");
    expect(commands(picker.state).at(-1)).toMatchObject({ kind: "save", name: "snippet.py", overwrite: true });
    expect(picker.press("q").state.mode.kind).toBe("saving");
  });

  it("goes back to the name after a failed write, and cancels with Esc", () => {
    const picker = start()
      .press("s", "enter")
      .send({ type: "saveFinished", outcome: { kind: "failed", path: "/x/snippet.py", message: "folder /x does not exist" } });
    expect(picker.state.mode).toEqual({ kind: "naming", name: "snippet.py" });
    expect(picker.state.message).toEqual({ text: "Could not save: folder /x does not exist", tone: "error" });
    picker.press("escape");
    expect(picker.state.mode.kind).toBe("browse");
    expect(picker.state.message?.text).toBe("Not saved");
  });

  it("will not save under an empty name", () => {
    const picker = start().press("s", ...Array(10).fill("backspace"), " ", "enter");
    expect(picker.state.mode).toEqual({ kind: "naming", name: " " });
    expect(picker.state.message?.tone).toBe("warning");
    expect(picker.state.outbox).toEqual([]);
  });

  it("quits from the prompts only with Ctrl+C", () => {
    const naming = start().press("s", "q", "escape");
    expect(naming.state.done).toBe(false);
    expect(start().press("s", "interrupt").state.done).toBe(true);
    const confirming = start()
      .press("s", "enter")
      .send({ type: "saveFinished", outcome: { kind: "exists", path: "/p" } });
    expect(confirming.press("interrupt").state.done).toBe(true);
  });

  it("forgets commands once the screen has taken them", () => {
    const picker = start().press("c");
    const id = picker.state.outbox[0]!.id;
    expect(picker.send({ type: "commandsTaken", upTo: id }).state.outbox).toEqual([]);
  });
});

describe("a model without snippets", () => {
  it("shows nothing to copy or save, and still quits", () => {
    const picker = start(sparseInput({ loadBlocks: () => [] }));
    expect(picker.state.selection).toBeUndefined();
    expect(picker.press("c").state.message?.text).toBe("Nothing to copy");
    expect(picker.press("s").state.message?.text).toBe("Nothing to save");
    expect(picker.press("right", "q").state.done).toBe(true);
  });
});

describe("the Run locally source", () => {
  const local = () => start(localInput()).press("up", "right");

  it("offers the apps, and for an app that loads a GGUF file its quants with split count and size, opening on the default", () => {
    const picker = local();
    expect(picker.shown()).toMatchObject({ source: "local", client: "llama.cpp" });
    expect(rowsOf(picker.state)).toEqual(["source", "app", "quant"]);
    expect(picker.options("app")).toEqual(["llama.cpp", "LM Studio", "vLLM"]);
    expect(picker.options("quant")).toEqual(["Q8_0 2 files 8.54 GB", "Q5_K_M 2.32 GB", "Q4_K_M 2.02 GB"]);
    expect(picker.shown().content).toContain("org/model-GGUF:Q4_K_M");
  });

  it("keeps a chosen quant for the next app that has it, and drops the quant row for an app without one", () => {
    const picker = local().press("down", "down", "left");
    expect(picker.shown().content).toContain(":Q5_K_M");
    picker.press("up", "right");
    expect(picker.shown()).toMatchObject({ client: "lmstudio", content: "lmstudio://open_from_hf?model=org%2Fmodel-GGUF&file=model-Q5_K_M.gguf\n" });
    expect(picker.options("quant")).toEqual(["Q5_K_M 2.32 GB", "Q4_K_M"]);
    picker.press("right");
    expect(picker.shown().client).toBe("vllm");
    expect(rowsOf(picker.state)).toEqual(["source", "app"]);
  });

  it("queues opening a deep link with o, and says there is nothing to open for commands", () => {
    const picker = local();
    expect(picker.press("o").state.message?.text).toBe("Nothing to open: o opens an app's deep link");
    picker.press("down", "right", "o");
    expect(commands(picker.state)).toEqual([
      { kind: "open", url: "lmstudio://open_from_hf?model=org%2Fmodel-GGUF&file=model-Q4_K_M.gguf", label: "LM Studio" },
    ]);
    picker.send({
      type: "openFinished",
      label: "LM Studio",
      outcome: { ok: false, reason: "No system opener here (xdg-open is not installed): copy the link with c" },
    });
    expect(picker.state.message).toEqual({ text: "No system opener here (xdg-open is not installed): copy the link with c", tone: "warning" });
  });

  it("opens on the app and quant the command line names", () => {
    const picker = start(localInput({ presets: { source: "local", app: "llama.cpp", quant: "Q8_0" } }));
    expect(picker.state.focus).toBe("app");
    expect(picker.shown().content).toContain(":Q8_0");
  });

  it("with --fits, marks the quants that fit whole and those that fit only with layers offloaded, in words", () => {
    const fit = { Q4_K_M: "fits", Q5_K_M: "offloaded" } as const;
    const quantFit = (block: LocalBlock) => fit[block.quant?.label as keyof typeof fit];
    const picker = start(localInput({ presets: { source: "local", app: "llama.cpp" }, quantFit }));
    expect(picker.options("quant")).toEqual(["Q8_0 2 files 8.54 GB", "Q5_K_M 2.32 GB ✓ offloaded", "Q4_K_M 2.02 GB ✓ fits"]);
    expect(start(localInput({ presets: { source: "local", app: "llama.cpp" } })).options("quant")).toEqual([
      "Q8_0 2 files 8.54 GB",
      "Q5_K_M 2.32 GB",
      "Q4_K_M 2.02 GB",
    ]);
  });
});

describe("the command line's choices", () => {
  it("open the picker on the language, client and provider given", () => {
    const picker = start(sparseInput({ initialProvider: "fireworks-ai", presets: { source: "inference", language: "sh" } }));
    expect(picker.shown()).toMatchObject({ language: "sh", client: "curl", provider: "fireworks-ai" });
    expect(start(sparseInput({ presets: { source: "inference", language: "python", client: "requests" } })).shown()).toMatchObject({ client: "requests" });
  });
});
