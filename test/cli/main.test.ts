import { spawn, spawnSync } from "node:child_process";
import { closeSync, openSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { BIN, ROOT } from "../helpers/cli.js";
import { runInProcess } from "../helpers/in-process.js";

/* What the launcher does when stdout cannot take the output. */

describe("hubref writing to a broken stdout", () => {
  it("a full disk: one error line, exit 1, no stack trace", () => {
    const full = openSync("/dev/full", "w");
    try {
      for (const args of [["tasks"], ["snippet", "catalogue/models/meta-llama--Llama-3.1-8B-Instruct.json", "--language", "python", "--client", "requests"]]) {
        const result = spawnSync(process.execPath, [BIN, ...args], { cwd: ROOT, stdio: ["ignore", full, "pipe"], encoding: "utf8" });
        expect(result.status).toBe(1);
        expect(result.stderr).toBe("error: cannot write the output: no space left on device (ENOSPC)\n");
      }
    } finally {
      closeSync(full);
    }
  });

  it("a reader that closed the pipe: exit 0, nothing on stderr", async () => {
    const child = spawn(process.execPath, [BIN, "libraries"], { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] });
    let stderr = "";
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    // Closing our end before hubref writes makes every write of its output fail with EPIPE.
    child.stdout.destroy();
    const status = await new Promise<number | null>((resolve) => child.on("close", resolve));
    expect(stderr).toBe("");
    expect(status).toBe(0);
  });
});

describe("hints for what a new user types", () => {
  it("-v points to -V; a command without its argument points to --help; an app key does not go with --for", async () => {
    expect((await runInProcess(["-v"])).stderr).toBe("error: unknown option '-v'\nhint: -V or --version prints the version\n");
    expect((await runInProcess(["snippet"])).stderr).toBe("error: missing required argument 'model'\nhint: run with --help for what it takes and examples\n");
    const apps = await runInProcess(["apps", "ollama", "--for", "catalogue/models/bartowski--Llama-3.2-3B-Instruct-GGUF.json"]);
    expect(apps.status).toBe(2);
    expect(apps.stderr).toMatch(/^error: --for filters the list; it does not go with an app key\n/);
  });
});
