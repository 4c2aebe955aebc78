import { readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { commentLine, describeLanguage, LANGUAGE_ALIASES, LANGUAGE_DESCRIPTORS, LANGUAGES, LIBRARY_LANGUAGES } from "../../src/format/languages.js";
import { CLIENT_DESCRIPTORS, CLIENTS_BY_LANGUAGE, clientDescriptor } from "../../src/inference/id-lists.js";
import { TEMPLATES_DIR } from "../../src/catalogue/paths.js";

/* The language and client descriptors: what each says holds of the files and names around it. */

describe("language descriptors", () => {
  it("each alias names one language and is no language's own name", () => {
    const all = LANGUAGES.flatMap((language) => LANGUAGE_DESCRIPTORS[language].aliases);
    expect(new Set(all).size).toBe(all.length);
    for (const alias of all) expect(LANGUAGES).not.toContain(alias);
    expect(LANGUAGE_ALIASES.node).toBe("js");
  });

  it("each language's comment writer keeps hostile text on one commented line", () => {
    for (const language of LANGUAGES) {
      const line = commentLine(language, "a\nb\u2028c\r\nd");
      expect(line.split(/[\n\r\u2028]/)).toHaveLength(1);
      expect(line).toMatch(/^(#|\/\/) /);
    }
    // Plain text has no comment syntax: a header over it is the text.
    expect(commentLine("text", "transformers (text)")).toBe("transformers (text)");
  });

  it("names plain text and anything else a block may be, for the picker", () => {
    expect(describeLanguage("text")?.fileName).toBe("snippet.txt");
    expect(describeLanguage("url")).toBeUndefined();
    expect(describeLanguage("constructor")).toBeUndefined();
    expect(describeLanguage("go")?.fileName).toBe("main.go");
  });

  it("library code is written in Python, JavaScript and shell", () => {
    expect(LIBRARY_LANGUAGES).toEqual(["python", "js", "sh"]);
  });
});

describe("client descriptors", () => {
  it("name every template folder there is, and only those", () => {
    for (const language of LANGUAGES) {
      const onDisk = readdirSync(join(TEMPLATES_DIR, language)).filter((name) => !name.startsWith("_"));
      const described = CLIENTS_BY_LANGUAGE[language].map((client) => clientDescriptor(language, client).folder);
      expect([...described].sort(), language).toEqual([...onDisk].sort());
    }
    expect(Object.keys(CLIENT_DESCRIPTORS)).toEqual(LANGUAGES);
  });

  it("every language has a raw-HTTP client, which calls every provider", () => {
    for (const language of LANGUAGES) {
      expect(
        CLIENTS_BY_LANGUAGE[language].some((client) => clientDescriptor(language, client).api === "http"),
        language,
      ).toBe(true);
    }
  });

  it("refuses a client of another language", () => {
    expect(() => clientDescriptor("go", "requests")).toThrow(/not a go client/);
  });
});
