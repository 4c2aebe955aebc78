import { describe, expect, it } from "vitest";
import { modelsScreens } from "./helpers/models-screen.js";
import { startFitsHub } from "../helpers/fits-hub.js";

/*
 * The models browser's fits row in a real terminal, against the stand-in hub
 * of `models --fits` (test/helpers/fits-hub.ts): a device typed on the row
 * narrows the list to what fits, with quant, placement and estimated speed;
 * Enter opens the snippet picker on that quant's llama.cpp command, which
 * carries the plan. Every step waits for the screen; nothing sleeps.
 */

const screens = modelsScreens(startFitsHub, { width: 160, height: 40 });
const open = (args: string[]) => screens.open(args);

const LLAMA_8B = "acme/Llama-3.1-8B-Instruct-GGUF";
const LLAMA_70B = "acme/Llama-3.3-70B-Instruct-GGUF";

describe("the models browser's fits row (tmux, 160x40)", () => {
  it("choose a device: the list keeps what fits, with quant and speed; Enter opens the quant's llama.cpp command with the plan", async () => {
    const tmux = open(["-i"]);
    await tmux.waitFor("hubref models · 127.0.0.1", "› Search", LLAMA_70B, "  Fits     ‹ off ›");

    // Down to the fits row, and a device typed as --fits reads it.
    tmux.keys("Tab", "Tab", "Tab", "Tab");
    await tmux.waitFor("› Fits     ‹ off ›");
    tmux.type("4090");
    const screen = await tmux.waitFor(
      "› Fits     ‹ RTX 4090 ›",
      "that fit on RTX 4090, 24 GB (25.77 GB) with 32 GB of system memory (assumed: --ram sets it); speeds are estimates",
      "QUANT",
      "SPEED (EST.)",
    );
    // The 70B model fits no quant on one card: it runs split, part of its layers in system memory, and the row says so.
    const big = screen.split("\n").find((line) => line.includes(LLAMA_70B))!;
    expect(big).toMatch(/Q4_K_M +42\.80 GB +\d+\/81 layers GPU/);
    const row = screen.split("\n").find((line) => line.includes(LLAMA_8B))!;
    expect(row).toMatch(/Q8_0 +8\.53 GB +GPU +≈ \d+ tok\/s/);

    // To the list: the second row is the 8B model; Enter opens the picker on its Q8_0 llama.cpp command.
    tmux.keys("Escape");
    await tmux.waitFor(`› ${LLAMA_70B}`);
    tmux.keys("Down");
    await tmux.waitFor(`› ${LLAMA_8B}`);
    tmux.keys("Enter");
    const picker = await tmux.waitFor(`hubref ${LLAMA_8B}`, `-hf ${LLAMA_8B}:Q8_0`);
    // The plan's settings (`snippet --app llama.cpp --fits "RTX 4090" --quant Q8_0`): the context judged at, every layer on the GPU.
    expect(picker).toContain("-c 8192 -ngl all -fa on -ctk f16 -ctv f16");
    expect(picker).toContain("[Q8_0 8.53 GB ✓ fits]");

    // Back to the list as it was, and out.
    tmux.keys("q");
    await tmux.waitFor("‹ RTX 4090 ›", `› ${LLAMA_8B}`);
    tmux.keys("q");
    await tmux.waitFor("exit=0");
  });

  it("models -i --fits DEVICE opens with the row on it", async () => {
    const tmux = open(["-i", "--fits", "rtx 3060:12"]);
    await tmux.waitFor("‹ RTX 3060:12 ›", "that fit on RTX 3060, 12 GB", "QUANT", LLAMA_8B);
    tmux.keys("Escape");
    await tmux.waitFor(`› ${LLAMA_70B}`);
    tmux.keys("q");
    await tmux.waitFor("exit=0");
  });
});
