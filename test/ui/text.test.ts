import { describe, expect, it } from "vitest";
import { padEnd, safeLine, textWidth, truncate, truncateStart } from "../../src/ui/text.js";

describe("terminal text", () => {
  it("shows escape sequences and line breaks in one line as visible escapes", () => {
    expect(safeLine("a\u001b]52;c;AAAA\u0007b\nc\u009bd")).toBe("a\\x1b]52;c;AAAA\\x07b\\nc\\x9bd");
    expect(safeLine("\tx = 1")).toBe("    x = 1");
  });

  it("measures wide and combining characters", () => {
    expect(textWidth("abc")).toBe(3);
    expect(textWidth("日本")).toBe(4);
    expect(textWidth("e\u0301")).toBe(1);
  });

  it("truncates to a width with an ellipsis, and pads", () => {
    expect(truncate("provider-name", 8)).toBe("provide…");
    expect(truncate("日本語", 4)).toBe("日…");
    expect(truncate("short", 8)).toBe("short");
    expect(padEnd("ab", 4)).toBe("ab  ");
  });
});

describe("truncateStart", () => {
  it("keeps the end of a long name", () => {
    expect(truncateStart("/very/long/folder/snippet.py", 12)).toBe("…/snippet.py");
    expect(truncateStart("a.py", 12)).toBe("a.py");
  });
});
