import { describe, expect, it, vi } from "vitest";
import { clipboardErrorReason, copyText, osc52, OSC52_MAX_LENGTH } from "../../src/ui/copy.js";

const NO_DISPLAY = new Error(
  "Clipboard access requires a display server (X11 or Wayland). This doesn't work in headless environments like CI servers, Docker containers, or SSH sessions without X11 forwarding.",
);

describe("copyText", () => {
  it("uses the system clipboard when it works, and sends nothing to the terminal", async () => {
    const writeClipboard = vi.fn(async () => {});
    const writeTerminal = vi.fn();
    expect(await copyText("print(1)", { writeClipboard, writeTerminal })).toEqual({ ok: true, method: "clipboard" });
    expect(writeClipboard).toHaveBeenCalledWith("print(1)");
    expect(writeTerminal).not.toHaveBeenCalled();
  });

  it("falls back to OSC 52 on the terminal when there is no display server", async () => {
    const writeTerminal = vi.fn();
    const outcome = await copyText("héllo\n", { writeClipboard: () => Promise.reject(NO_DISPLAY), writeTerminal });
    expect(outcome).toEqual({ ok: true, method: "osc52", clipboardError: "no display server" });
    expect(writeTerminal).toHaveBeenCalledWith(`\x1b]52;c;${Buffer.from("héllo\n").toString("base64")}\x07`);
  });

  it("falls back when the clipboard never answers", async () => {
    const writeTerminal = vi.fn();
    const outcome = await copyText("x", { writeClipboard: () => new Promise(() => {}), writeTerminal, timeoutMs: 20 });
    expect(outcome).toEqual({ ok: true, method: "osc52", clipboardError: "the clipboard did not answer" });
  });

  it("fails, saying why, when the output is not a terminal", async () => {
    expect(await copyText("x", { writeClipboard: () => Promise.reject(NO_DISPLAY) })).toEqual({
      ok: false,
      reason: "no display server, and the output is not a terminal",
    });
  });

  it("fails rather than send a snippet too long for terminals to accept", async () => {
    const writeTerminal = vi.fn();
    const outcome = await copyText("x".repeat(OSC52_MAX_LENGTH), { writeClipboard: () => Promise.reject(NO_DISPLAY), writeTerminal });
    expect(outcome).toEqual({ ok: false, reason: "no display server, and the snippet is too long for OSC 52" });
    expect(writeTerminal).not.toHaveBeenCalled();
  });

  it("fails when writing to the terminal fails too", async () => {
    const outcome = await copyText("x", {
      writeClipboard: () => Promise.reject(new Error("xsel exited with code 1")),
      writeTerminal: () => {
        throw new Error("EPIPE: broken pipe");
      },
    });
    expect(outcome).toEqual({ ok: false, reason: "xsel exited with code 1; writing to the terminal failed too (EPIPE: broken pipe)" });
  });
});

describe("osc52 and reasons", () => {
  it("encodes the text in base64 between OSC 52 and BEL", () => {
    expect(osc52("hi")).toBe("\x1b]52;c;aGk=\x07");
  });

  it("says what to install when the clipboard tool is missing, in one sentence of its own", () => {
    const noXsel = new Error(
      "Couldn't find the `xsel` binary and fallback didn't work. On Debian/Ubuntu you can install xsel with: sudo apt install xsel\nThe bundled `xsel` fallback was not found.",
    );
    expect(clipboardErrorReason(noXsel)).toBe("install xsel for the system clipboard (sudo apt install xsel)");
    const noWayland = new Error("Couldn't find the `wl-copy` binary. On Debian/Ubuntu you can install wl-clipboard with: sudo apt install wl-clipboard");
    expect(clipboardErrorReason(noWayland)).toBe("install wl-clipboard for the system clipboard (sudo apt install wl-clipboard)");
    expect(clipboardErrorReason(Object.assign(new Error("spawn xsel ENOENT"), { code: "ENOENT" }))).toBe(
      "install xsel for the system clipboard (sudo apt install xsel)",
    );
  });

  it("keeps reasons short", () => {
    expect(clipboardErrorReason(new Error("The clipboard broke. Tried everything."))).toBe("The clipboard broke");
    expect(clipboardErrorReason("x".repeat(100))).toHaveLength(60);
  });
});
