/** Runs the browser's Ink app until it ends or opens a model; imported by run-browser only at a terminal. */
import { render } from "ink";
import { BROWSER_MAX_FPS, Browser } from "./Browser.js";
import type { BrowserExit, BrowserMemory, BrowserServices } from "./types.js";

export interface BrowserMountOptions {
  stdin: NodeJS.ReadStream;
  stdout: NodeJS.WriteStream;
  stderr: NodeJS.WriteStream;
  memory?: BrowserMemory;
  debounceMs?: number;
}

export { mountPicker } from "../mount.js";

export async function mountBrowser(services: BrowserServices, options: BrowserMountOptions): Promise<BrowserExit> {
  let exit: BrowserExit | undefined;
  options.stdout.write("\x1b[H\x1b[2J");
  const instance = render(
    <Browser
      services={services}
      {...(options.memory ? { memory: options.memory } : {})}
      {...(options.debounceMs !== undefined ? { debounceMs: options.debounceMs } : {})}
      onExit={(value) => {
        if (exit) return;
        exit = value;
        instance.unmount();
      }}
    />,
    // 60 frames a second at most (Ink's default is 30): a reply shows within 17 ms of arriving, not 33.
    { stdin: options.stdin, stdout: options.stdout, stderr: options.stderr, exitOnCtrlC: false, patchConsole: false, maxFps: BROWSER_MAX_FPS },
  );
  await instance.waitUntilExit();
  return (
    exit ?? {
      kind: "quit",
      interrupted: true,
      memory: options.memory ?? { query: "", filters: { task: 0, provider: 0, sort: 0, fits: 0 }, selected: 0, hits: [], focus: "search" },
    }
  );
}
