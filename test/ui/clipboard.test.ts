import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { createInterface } from "node:readline";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BIN, runCli } from "../helpers/cli.js";
import { requireBuilt, TmuxSession } from "./helpers/tmux.js";
import { fileNeeds } from "../helpers/tools.js";

const MODEL = "catalogue/models/meta-llama--Llama-3.1-8B-Instruct.json";

/** What `hubref snippet` prints for the same choice. */
function printed(language: string, client: string): string {
  const result = runCli(["snippet", MODEL, "--language", language, "--client", client, "--json"]);
  return (JSON.parse(result.stdout) as { content: string }[])[0]!.content;
}

/** An X server from `xvfb-run -a`, kept up by a shell that waits until it is killed. */
interface Display {
  env: { DISPLAY: string; XAUTHORITY: string };
  keeper: ChildProcess;
  shellPid: number;
}

async function startDisplay(): Promise<Display> {
  const keeper = spawn("xvfb-run", ["-a", "sh", "-c", 'echo "$$ $DISPLAY $XAUTHORITY"; exec sleep 300'], { stdio: ["ignore", "pipe", "inherit"] });
  const failed = new Promise<never>((_, reject) => {
    keeper.on("error", (error) => reject(new Error(`xvfb-run could not run (${error.message}): install the xvfb and xauth packages`)));
    keeper.on("exit", (code) => reject(new Error(`xvfb-run exited with ${code}`)));
  });
  const line = new Promise<string>((resolve) => createInterface({ input: keeper.stdout! }).once("line", resolve));
  const [pid, display, xauthority] = (await Promise.race([line, failed])).split(" ");
  return { env: { DISPLAY: display!, XAUTHORITY: xauthority! }, keeper, shellPid: Number(pid) };
}

function readClipboard(display: Display): string {
  const result = spawnSync("xsel", ["--clipboard", "--output"], { env: { ...process.env, ...display.env }, encoding: "utf8" });
  if (result.error) throw new Error(`xsel could not run (${result.error.message}): install the xsel package`);
  return result.stdout;
}

/** A picker in tmux copying to an X server's clipboard, read back with xsel: without them, this file is a named skip. */
const HERE = fileNeeds("copying to the system clipboard", "tmux", "xvfb-run", "xsel");

let display: Display;
let session: TmuxSession | undefined;

beforeAll(async () => {
  if (!HERE) return;
  requireBuilt();
  display = await startDisplay();
});

afterAll(async () => {
  session?.kill();
  if (!display) return;
  // Ending the waiting shell lets xvfb-run stop its X server and clean up.
  const exited = new Promise((resolve) => display.keeper.once("exit", resolve));
  process.kill(display.shellPid, "SIGTERM");
  await exited;
});

describe("copying to the system clipboard (Xvfb)", () => {
  it("puts exactly the shown snippet on the clipboard, read back with xsel", async () => {
    session = new TmuxSession([process.execPath, BIN, "snippet", MODEL, "-i"], {
      width: 80,
      height: 24,
      env: { CI: "false", ...display.env },
      unset: ["WAYLAND_DISPLAY"],
    }).start();
    await session.waitFor("› Language  [Python]");

    session.keys("Down", "Right");
    await session.waitFor("─ Python / requests / auto ─");
    session.keys("c");
    await session.waitFor("Copied Python / requests / auto to the clipboard");
    expect(readClipboard(display)).toBe(printed("python", "requests"));

    // Quotes and `$` survive too.
    session.keys("Up", "Right", "Right");
    await session.waitFor("─ Shell / curl / auto ─");
    session.keys("c");
    await session.waitFor("Copied Shell / curl / auto to the clipboard");
    expect(readClipboard(display)).toBe(printed("sh", "curl"));

    session.keys("q");
    const screen = await session.waitFor("exit=0");
    expect(screen).toContain("copied: sh / curl\n");
  });
});
