import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll } from "vitest";
import { BIN } from "../../helpers/cli.js";
import { requireBuilt, TmuxSession } from "./tmux.js";
import { fileNeeds } from "../../helpers/tools.js";

interface StandInHub {
  endpoint: string;
  close(): Promise<void>;
}

/**
 * A test file's `hubref models` screens in tmux: registers the file's hooks (a built CLI, the stand-in hub, a
 * cache folder of its own, the session killed after each test) and returns how to open a screen. `open` with a
 * hub endpoint of its own runs against that instead (an unreachable one, say).
 */
export function modelsScreens<Hub extends StandInHub>(startHub: () => Promise<Hub>, size: { width: number; height: number }) {
  let hub: Hub | undefined;
  let session: TmuxSession | undefined;
  // Every screen opens in tmux: without it, the file is a named skip.
  const here = fileNeeds("the models browser in a real terminal", "tmux");
  const cache = mkdtempSync(join(tmpdir(), "hubref-browser-"));
  beforeAll(async () => {
    if (!here) return;
    requireBuilt();
    hub = await startHub();
  });
  afterAll(async () => {
    await hub?.close();
    rmSync(cache, { recursive: true, force: true });
  });
  afterEach(() => {
    session?.kill();
    session = undefined;
  });
  return {
    hub: (): Hub => hub!,
    open(args: string[], endpoint = hub!.endpoint): TmuxSession {
      session = new TmuxSession([process.execPath, BIN, "models", ...args], {
        ...size,
        env: { CI: "false", HF_ENDPOINT: endpoint, XDG_CACHE_HOME: cache, NO_COLOR: "1" },
        unset: ["DISPLAY", "WAYLAND_DISPLAY", "FORCE_COLOR", "HF_TOKEN"],
      }).start();
      return session;
    },
  };
}
