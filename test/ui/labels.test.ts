import { describe, expect, it } from "vitest";
import { buildCombos } from "../../src/ui/combos.js";
import { blockTitle, defaultFileName, languageLabel, providerLabel } from "../../src/ui/labels.js";

describe("labels", () => {
  it("names languages for people, keeping unknown ones as given", () => {
    expect(["python", "js", "sh", "go", "java", "ruby", "php", "text", "cobol"].map(languageLabel)).toEqual([
      "Python",
      "JavaScript",
      "Shell",
      "Go",
      "Java",
      "Ruby",
      "PHP",
      "Text",
      "cobol",
    ]);
  });

  it("names a library alone, and its blocks of one language by their titles, or by number when nothing tells them apart", () => {
    const model = "org/m";
    const combos = buildCombos([
      { source: "inference", model, language: "python", client: "requests", provider: "together", content: "" },
      { source: "library", model, language: "python", library: "transformers", title: "pipeline", content: "" },
      { source: "library", model, language: "python", library: "transformers", title: "direct load", content: "" },
      { source: "library", model, language: "sh", library: "transformers", content: "pip install transformers" },
      { source: "library", model, language: "python", library: "acme", content: "" },
      { source: "library", model, language: "python", library: "acme", content: "" },
    ]);
    expect(combos.map((combo) => combo.clientLabel)).toEqual([
      "requests",
      "transformers (pipeline)",
      "transformers (direct load)",
      "transformers",
      "acme (#1)",
      "acme (#2)",
    ]);
  });

  it("titles a library block's preview with what sets it apart", () => {
    const block = { source: "library", model: "org/m", language: "python", library: "transformers", content: "" } as const;
    expect(blockTitle({ ...block, title: "direct load" })).toBe("Python / transformers (direct load) / local");
    expect(blockTitle(block)).toBe("Python / transformers / local");
  });

  it("calls the missing provider of library snippets local, and neutralises control characters in provider ids", () => {
    expect(providerLabel("")).toBe("local");
    expect(providerLabel("evil\x1b[2J")).toBe("evil\\x1b[2J");
  });

  it("names the file to save after the language", () => {
    expect(["python", "js", "sh", "text", "cobol"].map(defaultFileName)).toEqual(["snippet.py", "snippet.mjs", "snippet.sh", "snippet.txt", "snippet.txt"]);
    // The names their toolchains expect: `go run main.go`, `java Main.java` (class Main), and the scripts' own.
    expect(["go", "java", "ruby", "php"].map(defaultFileName)).toEqual(["main.go", "Main.java", "main.rb", "main.php"]);
  });
});
