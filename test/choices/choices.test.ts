import { describe, expect, it } from "vitest";
import { matchChoice, requireChoice, unknownChoice } from "../../src/choices/choices.js";
import { LANGUAGE_ALIASES } from "../../src/format/languages.js";
import { thrown } from "../helpers/errors.js";

const LANGUAGES = ["python", "js", "sh"] as const;

describe("matchChoice", () => {
  it("ignores case", () => {
    expect(matchChoice("Python", LANGUAGES)).toBe("python");
    expect(matchChoice("TEXT-CLASSIFICATION", ["text-classification", "fill-mask"])).toBe("text-classification");
  });

  it("takes the usual other names of the languages", () => {
    const names = ["py", "javascript", "node", "shell", "bash", "JS", "Bash"];
    expect(names.map((name) => matchChoice(name, LANGUAGES, { aliases: LANGUAGE_ALIASES }))).toEqual(["python", "js", "js", "sh", "sh", "js", "sh"]);
  });

  it("keeps to the exact spelling when two values differ only by case", () => {
    expect(matchChoice("q4_k", ["Q4_K", "q4_k"])).toBe("q4_k");
    expect(matchChoice("Q4_k", ["Q4_K", "q4_k"])).toBeUndefined();
  });
});

describe("requireChoice", () => {
  it("suggests a close value of the list", () => {
    const error = thrown(() => requireChoice("language", "pyhton", LANGUAGES));
    expect([error.message, error.hint]).toEqual(["unknown language 'pyhton'", "did you mean 'python'?"]);
  });

  it("lists the values rather than suggest a far one", () => {
    expect(thrown(() => requireChoice("language", "go", LANGUAGES)).hint).toBe("one of: python, js, sh");
  });

  it("names the command that lists the values, when the list is too long to give", () => {
    const error = thrown(() => {
      throw unknownChoice("library", "zzzz", ["transformers", "diffusers"], { kind: "listed-by", command: "libraries" });
    });
    expect([error.message, error.hint]).toEqual(["unknown library 'zzzz'", "run `hubref libraries` for the list"]);
    expect(thrown(() => requireChoice("reasoning-effort", "hihg", ["low", "medium", "high"])).message).toBe("unknown reasoning effort 'hihg'");
  });
});
