import { spawn, spawnSync } from "node:child_process";
import { closeSync, openSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { BIN, ROOT } from "../helpers/cli.js";

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
