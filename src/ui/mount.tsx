/** Runs the Ink app until it exits; imported by run-picker only once the screen is ready. */
import { render } from "ink";
import { App } from "./components/App.js";
import type { CopyDeps } from "./copy.js";
import { CLEAR_SCREEN } from "./screen.js";
import type { Menu, PickerResult } from "./types.js";

export interface MountOptions {
  stdin: NodeJS.ReadStream;
  stdout: NodeJS.WriteStream;
  stderr: NodeJS.WriteStream;
  copy: CopyDeps;
  cwd: string;
}

export interface MountOutcome {
  result: PickerResult;
  /** A signal that ended the picker from outside, to be raised again once the terminal is restored. */
  signal?: NodeJS.Signals;
}

const SIGNALS: NodeJS.Signals[] = ["SIGINT", "SIGTERM", "SIGHUP"];

export async function mountPicker(input: Menu, options: MountOptions): Promise<MountOutcome> {
  let result: PickerResult = {};
  let signal: NodeJS.Signals | undefined;
  // Clearing and the first frame go out in one tick: the splash is replaced without a blank frame.
  options.stdout.write(CLEAR_SCREEN);
  const instance = render(
    <App
      input={input}
      services={{
        copy: options.copy,
        cwd: options.cwd,
        onExit: (final) => {
          result = final;
        },
      }}
    />,
    {
      stdin: options.stdin,
      stdout: options.stdout,
      stderr: options.stderr,
      // Ctrl+C is a key the picker handles, so the result still comes back.
      exitOnCtrlC: false,
      // Ink draws at most 30 frames a second by default, so the answer to a key pressed just after a frame
      // waited for the rest of that frame's 33 ms. The picker draws only when a key or a copy changes
      // something, so the cap is raised until it is never what a key waits for.
      maxFps: 120,
      // Nothing logs while the picker is open; leave the process's console alone.
      patchConsole: false,
      // Not incrementalRendering: in Ink 6.8 it redraws one line too low when the frame
      // ends with a newline (every frame shorter than the terminal), garbling the screen.
      // Each frame is one write, wrapped in synchronized-output marks where supported.
    },
  );
  const onSignal = (name: NodeJS.Signals) => {
    signal = name;
    instance.unmount();
  };
  for (const name of SIGNALS) process.on(name, onSignal);
  try {
    await instance.waitUntilExit();
  } finally {
    for (const name of SIGNALS) process.off(name, onSignal);
  }
  return signal ? { result: { ...result, interrupted: true }, signal } : { result };
}
