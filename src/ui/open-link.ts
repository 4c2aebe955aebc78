/**
 * The `o` key: a deep link handed to the system's opener, which starts the app
 * registered for the link's scheme. No shell is involved: the URL is one
 * argument, so nothing in it is ever read as a command.
 */
import { spawn } from "node:child_process";
import { accessSync, constants } from "node:fs";
import { delimiter, join } from "node:path";

export type OpenOutcome = { ok: true; opener: string } | { ok: false; reason: string };

export interface Opener {
  command: string;
  /** Arguments before the URL. */
  args: string[];
}

/**
 * xdg-open on Linux and the BSDs, open on macOS. On Windows `start` is a
 * cmd.exe built-in, so it cannot run without a shell (which would read `&` in
 * a URL as a command separator); rundll32's URL handler does the same job.
 */
export function systemOpener(platform: NodeJS.Platform = process.platform): Opener {
  if (platform === "darwin") return { command: "open", args: [] };
  if (platform === "win32") return { command: "rundll32.exe", args: ["url.dll,FileProtocolHandler"] };
  return { command: "xdg-open", args: [] };
}

function onPath(command: string, path: string | undefined, platform: NodeJS.Platform): boolean {
  if (platform === "win32") return true;
  return (path ?? "").split(delimiter).some((folder) => {
    if (folder === "") return false;
    try {
      accessSync(join(folder, command), constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

export interface OpenDeps {
  platform?: NodeJS.Platform;
  /** The PATH searched for the opener. */
  path?: string;
}

/** Starts the opener detached (it outlives the picker) and says whether it started. */
export function openLink(url: string, deps: OpenDeps = {}): Promise<OpenOutcome> {
  const platform = deps.platform ?? process.platform;
  const opener = systemOpener(platform);
  const path = deps.path ?? process.env.PATH;
  if (!onPath(opener.command, path, platform)) {
    return Promise.resolve({ ok: false, reason: `No system opener here (${opener.command} is not installed): copy the link with c` });
  }
  return new Promise((resolve) => {
    const child = spawn(opener.command, [...opener.args, url], { detached: true, stdio: "ignore", env: { ...process.env, PATH: path } });
    child.once("error", (error) => resolve({ ok: false, reason: `Could not run ${opener.command}: ${error.message}` }));
    child.once("spawn", () => {
      child.unref();
      resolve({ ok: true, opener: opener.command });
    });
  });
}
