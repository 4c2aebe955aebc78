import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { BIN } from "../helpers/cli.js";
import { requireBuilt, TmuxSession } from "./helpers/tmux.js";

/*
 * `hubref snippet MODEL -i` in tmux: what the rows offer as the choices above
 * them change. The provider row keeps one list whichever client is shown, so
 * → moves to the provider the user saw next to the chosen one; a toggle that
 * would take the shown source away is refused with the reason.
 */

const LLAMA = "catalogue/models/meta-llama--Llama-3.1-8B-Instruct.json";

let session: TmuxSession | undefined;
afterEach(() => {
  session?.kill();
  session = undefined;
});
beforeAll(requireBuilt);

function open(args: string[], width = 80): TmuxSession {
  session = new TmuxSession([process.execPath, BIN, "snippet", LLAMA, "-i", ...args], {
    width,
    height: 24,
    env: { CI: "false", NO_COLOR: "1" },
    unset: ["DISPLAY", "WAYLAND_DISPLAY", "FORCE_COLOR", "HF_TOKEN"],
  }).start();
  return session;
}

const providerRow = (tmux: TmuxSession) =>
  tmux
    .lines()
    .find((line) => /^[› ] Provider /.test(line))!
    .slice(2);

describe("the picker's rows in a real terminal (tmux)", () => {
  it("keeps the provider row as it was when the client changes, and → lands on the provider shown next", async () => {
    const tmux = open([]);
    await tmux.waitFor("› Language  [Python]", "─ Python / huggingface_hub / auto ─");
    tmux.keys("Down", "Down");
    await tmux.waitFor("› Provider  [auto]");
    const seen = providerRow(tmux);
    // huggingface_hub calls no router policy, requests does: both are on the row, in one order.
    expect(seen).toBe("Provider  [auto]  fastest   cheapest   novita   cerebras   hf-inference");

    tmux.keys("Up", "Right");
    await tmux.waitFor("› Client     huggingface_hub  [requests]", "─ Python / requests / auto ─");
    expect(providerRow(tmux)).toBe(seen);

    // Back on huggingface_hub, → from auto is fastest, the next one on screen: shown with requests, which calls it.
    tmux.keys("Left", "Down");
    await tmux.waitFor("› Provider  [auto]", "─ Python / huggingface_hub / auto ─");
    tmux.keys("Right");
    const screen = await tmux.waitFor("[fastest]", "─ Python / requests / fastest ─", "Client requests: huggingface_hub has no fastest");
    expect(screen).toContain('"model": "meta-llama/Llama-3.1-8B-Instruct:fastest"');
    expect(screen).toContain("  Client     huggingface_hub  [requests]");
    expect(providerRow(tmux)).toBe("Provider   auto  [fastest]  cheapest   novita   cerebras   hf-inference");
  });

  it("with --tools --api responses, refuses direct requests, which would take away the Inference API, and says why", async () => {
    const tmux = open(["--tools", "--api", "responses"], 160);
    await tmux.waitFor("› Language  [Python]", "─ Python / requests / auto ─");
    tmux.keys("Down", "Down", "Down", "Down");
    await tmux.waitFor("› Requests  [routed via Hugging Face]");
    tmux.keys("Right");
    const screen = await tmux.waitFor(
      "No Inference API snippet for no streaming, direct requests: the Responses API is served by the router or your own server",
    );
    expect(screen).toContain("  Source    [Inference API]  Library   Run locally");
    expect(screen).toContain("› Requests  [routed via Hugging Face]  direct to provider");
    expect(screen).toContain("─ Python / requests / auto ─");
  });
});
