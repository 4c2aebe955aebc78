import { chmodSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it, vi } from "vitest";
import { openLink, systemOpener } from "../../src/ui/open-link.js";

const LINK = "lmstudio://open_from_hf?model=org%2Fmodel&file=a;b$(touch pwned)&c.gguf";

describe("openLink", () => {
  it("runs xdg-open with the URL as one argument, no shell in between", async () => {
    const bin = mkdtempSync(join(tmpdir(), "hubref-opener-"));
    const record = join(bin, "args");
    writeFileSync(join(bin, "xdg-open"), `#!/bin/sh\nprintf '%s\\n' "$#" "$@" > '${record}'\n`);
    chmodSync(join(bin, "xdg-open"), 0o755);
    const outcome = await openLink(LINK, { platform: "linux", path: `${bin}:/usr/bin:/bin` });
    expect(outcome).toEqual({ ok: true, opener: "xdg-open" });
    await vi.waitFor(() => expect(existsSync(record) && readFileSync(record, "utf8").endsWith("\n")).toBe(true), { timeout: 20_000, interval: 5 });
    expect(readFileSync(record, "utf8")).toBe(`1\n${LINK}\n`);
    expect(existsSync(join(bin, "pwned"))).toBe(false);
  });

  it("says so when the system has no opener", async () => {
    const empty = mkdtempSync(join(tmpdir(), "hubref-no-opener-"));
    expect(await openLink(LINK, { platform: "linux", path: empty })).toEqual({
      ok: false,
      reason: "No system opener here (xdg-open is not installed): copy the link with c",
    });
  });

  it("uses open on macOS and rundll32's URL handler on Windows", () => {
    expect(systemOpener("darwin")).toEqual({ command: "open", args: [] });
    expect(systemOpener("win32")).toEqual({ command: "rundll32.exe", args: ["url.dll,FileProtocolHandler"] });
  });
});
