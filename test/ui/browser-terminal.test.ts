import { describe, expect, it, vi } from "vitest";
import { modelsScreens } from "./helpers/models-screen.js";
import { SEARCH_FIXTURE, selectRecords, startSearchHub } from "../helpers/search-hub.js";

/*
 * `hubref models -i` in a real terminal against the stand-in hub: search,
 * filter, open a model in the snippet picker, copy, come back, quit. Every
 * step waits for the screen to show what it should; nothing sleeps.
 */

const screens = modelsScreens(startSearchHub, { width: 120, height: 30 });

function open(args: string[]) {
  const session = screens.open(args);
  session.tmux("set-option", "-s", "set-clipboard", "on");
  return session;
}

describe("the models browser in a real terminal (tmux, 120x30)", () => {
  it("searches as you type, filters by task, opens the picker, copies, comes back to the list, and quits", async () => {
    const tmux = open(["-i"]);
    await tmux.waitFor("hubref models · 127.0.0.1", "50 models", "› Search");

    tmux.type("qwen2.5");
    const textModel = "Qwen/Qwen2.5-7B-Instruct";
    await tmux.waitFor("Search qwen2.5", textModel);
    expect(tmux.screen()).not.toContain("meta-llama/");

    // The task row: typing picks the value, and the list follows.
    tmux.keys("Tab");
    tmux.type("image-text-to-t");
    const expected = selectRecords(SEARCH_FIXTURE, new URLSearchParams({ search: "qwen2.5", pipeline_tag: "image-text-to-text", sort: "trendingScore" }));
    const first = expected[0]!.id;
    await tmux.waitFor("› Task     ‹ image-text-to-text ›", `${expected.length} models`);
    expect(tmux.screen()).not.toContain(textModel);
    expect(screens.hub().requests.at(-1)!.query.get("pipeline_tag")).toBe("image-text-to-text");

    // To the list, and Enter: the snippet picker for the first model.
    tmux.keys("Escape");
    await tmux.waitFor(`› ${first}`);
    tmux.keys("Enter");
    await tmux.waitFor(`hubref ${first}`, "› Language");
    expect(
      screens
        .hub()
        .requests.some((request) => request.path === `/api/models/${first}` && request.query.getAll("expand[]").includes("inferenceProviderMapping")),
    ).toBe(true);

    tmux.keys("c");
    await tmux.waitFor("Asked the terminal to copy");
    const copied = tmux.tmux("show-buffer");
    expect(copied).toContain(first);

    // q in the picker comes back to the list as it was.
    tmux.keys("q");
    await tmux.waitFor("hubref models · 127.0.0.1", "Search qwen2.5", `› ${first}`, "‹ image-text-to-text ›");

    tmux.keys("q");
    const screen = await tmux.waitFor("exit=0");
    expect(screen).toMatch(/asked the terminal to copy: /);
  });

  it("picks a task by the command line's short names, keeps taking letters after a miss, and shows what was typed", async () => {
    const tmux = open(["-i"]);
    await tmux.waitFor("50 models", "› Search");
    tmux.keys("Tab");
    tmux.type("t2i");
    await tmux.waitFor("› Task     ‹ text-to-image ›  typed: t2i");
    await vi.waitFor(() => expect(screens.hub().requests.at(-1)!.query.get("pipeline_tag")).toBe("text-to-image"), { timeout: 20_000 });
    tmux.type("x");
    await tmux.waitFor("› Task     ‹ text-to-image ›  typed: t2ix (no task starts so)");
    // The whole name typed after the miss still picks it; Backspace edits what was typed.
    tmux.type("text-to-speech");
    await tmux.waitFor("› Task     ‹ text-to-speech ›  typed: text-to-speech");
    tmux.keys("BSpace");
    await tmux.waitFor("typed: text-to-speec");
    await vi.waitFor(() => expect(screens.hub().requests.at(-1)!.query.get("pipeline_tag")).toBe("text-to-speech"), { timeout: 20_000 });
    // Another key ends the pick, and the row shows the value alone; asr is speech recognition.
    tmux.keys("Left", "Right");
    await vi.waitFor(() => expect(tmux.lines()).toContain("› Task     ‹ text-to-speech ›"), { timeout: 20_000, interval: 50 });
    expect(tmux.screen()).not.toContain("typed:");
    tmux.type("asr");
    await tmux.waitFor("› Task     ‹ automatic-speech-recognition ›  typed: asr");
    tmux.keys("C-c");
    await tmux.waitFor("exit=130");
  });

  it("shows a hub that cannot be reached in its header, and lists the catalogue's models", async () => {
    const session = screens.open(["-i"], "http://127.0.0.1:9");
    await session.waitFor("offline: 127.0.0.1:9 is unreachable", "› Search");
    session.type("llama-3.1-8b");
    await session.waitFor("meta-llama/Llama-3.1-8B-Instruct", "1 model");
    // The catalogue's copy of its metadata has the provider mapping: the picker offers its providers.
    session.keys("Escape");
    await session.waitFor("› meta-llama/Llama-3.1-8B-Instruct");
    session.keys("Enter");
    await session.waitFor("hubref meta-llama/Llama-3.1-8B-Instruct", "› Language");
    session.keys("q");
    await session.waitFor("Search llama-3.1-8b");
    session.keys("q");
    await session.waitFor("exit=0");
  });
});
