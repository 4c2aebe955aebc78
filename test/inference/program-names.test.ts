import { describe, expect, it } from "vitest";
import { generateSnippets } from "../../src/inference/engine.js";
import { GO_LANGUAGE } from "../../src/format/go.js";
import { JAVA_LANGUAGE } from "../../src/format/java.js";
import { JS_LANGUAGE } from "../../src/format/js.js";
import { PYTHON_LANGUAGE } from "../../src/format/python.js";
import { codeOnly } from "../../src/inference/fields/program-names.js";
import { syntheticModel } from "../helpers/synthetic-models.js";

/*
 * The imports of a program are read off its code (src/inference/fields/program-names.ts): literals and
 * comments blanked first, the code inside an interpolation kept, so text from the hub or the user, which
 * reaches a program only inside literals and comments, cannot make it import anything.
 */

describe("codeOnly", () => {
  it("blanks Go's strings, runes, raw strings and comments", () => {
    const code = codeOnly('fmt.Println("os.Exit(1)", \'"\', `json.Marshal`) // time.Sleep\n/* strings.Cut */ log.Fatal(err)', GO_LANGUAGE.lexicon);
    expect(code).toContain("fmt.Println(");
    expect(code).toContain("log.Fatal(err)");
    for (const hidden of ["os.", "json.", "time.", "strings."]) expect(code).not.toContain(hidden);
  });

  it("keeps the code of Python's f-strings, and blanks its other strings and comments", () => {
    const program = 'headers = {"A": f"Bearer {os.environ[\'HF\']} {{json.x}}"}\n"""sys.exit in a docstring"""\nprint("time.sleep")  # base64.b64\n';
    const code = codeOnly(program, PYTHON_LANGUAGE.lexicon);
    expect(code).toContain("os.environ[");
    for (const hidden of ["json.", "sys.", "time.", "base64.", "HF"]) expect(code).not.toContain(hidden);
  });

  it("keeps the code of JavaScript's template literals, nested ones included", () => {
    const code = codeOnly('const a = `x ${await readFile(`${dir}/f`)} "writeFile(" ${{ b: 1 }.b}`; // writeFile(\n', JS_LANGUAGE.lexicon);
    expect(code).toContain("readFile(");
    expect(code).toContain("dir");
    expect(code).not.toContain("writeFile");
  });

  it("blanks Java's strings and characters", () => {
    const code = codeOnly("System.out.println(\"List.of(\" + 'M' + Map.of()); // Path\n", JAVA_LANGUAGE.lexicon);
    expect(code).toContain("Map.of()");
    expect(code).not.toContain("List");
    expect(code).not.toContain("Path");
  });
});

describe("a program's imports", () => {
  const CHAT = syntheticModel("text-generation", { conversational: true, id: "acme/chat", providers: ["together"] });
  // Text that names every package and name the programs may import, as code would.
  const NAMES = "os.Exit(1) fmt.Println json.Marshal base64.b64 sys.exit time.sleep Path( urlsplit( urllib.request readFile( writeFile( List Map Files";

  it.each(["python", "js", "go", "java"] as const)("%s: the question's text adds none", (language) => {
    const head = (inputs?: string) => {
      const { snippets } = generateSnippets(CHAT, { provider: "together", language, ...(inputs !== undefined && { inputs }) });
      return snippets.map((snippet) => snippet.content.split("\n").filter((line) => /^\s*(import|from|"[a-z/]+"$)/.test(line)));
    };
    expect(head(NAMES)).toEqual(head());
    expect(head().flat().length).toBeGreaterThan(0);
  });
});
