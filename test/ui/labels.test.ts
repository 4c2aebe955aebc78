import { describe, expect, it } from "vitest";
import { clientKeyOf } from "../../src/ui/combos.js";
import { clientLabel, defaultFileName, languageLabel, providerLabel } from "../../src/ui/labels.js";

describe("labels", () => {
  it("names languages for people, keeping unknown ones as given", () => {
    expect(["python", "js", "sh", "text", "ruby"].map(languageLabel)).toEqual(["Python", "JavaScript", "Shell", "Text", "ruby"]);
  });

  it("marks library clients and numbers a second snippet of one library", () => {
    expect(clientLabel(clientKeyOf("inference", "requests", 1))).toBe("requests");
    expect(clientLabel(clientKeyOf("library", "transformers", 1))).toBe("transformers (library)");
    expect(clientLabel(clientKeyOf("library", "transformers", 2))).toBe("transformers (library) #2");
  });

  it("calls the missing provider of library snippets local, and neutralises control characters in provider ids", () => {
    expect(providerLabel("")).toBe("local");
    expect(providerLabel("evil\x1b[2J")).toBe("evil\\x1b[2J");
  });

  it("names the file to save after the language", () => {
    expect(["python", "js", "sh", "text", "ruby"].map(defaultFileName)).toEqual(["snippet.py", "snippet.js", "snippet.sh", "snippet.txt", "snippet.txt"]);
  });
});
