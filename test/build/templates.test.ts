import { readdirSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { runInNewContext } from "node:vm";
import { transformSync } from "esbuild";
import { describe, expect, it } from "vitest";
import {
  allTemplates,
  compiledTemplatesModule,
  parseTemplate,
  sourceLines,
  templateFunction,
  templateUses,
  textLiteral,
  type SourceLine,
} from "../../src/build/templates.js";
import { TEMPLATES_DIR } from "../../src/catalogue/paths.js";
import { Uses } from "../../src/inference/fields/program-names.js";
import { GO_INFERENCE } from "../../src/inference/fields/go.js";

/*
 * hubref's template compiler (src/build/templates.ts): what each tag does, and that every template on
 * disk becomes a function typed by its client's fields. That tsc then checks the fields a template
 * reads is the type-check's own work (`npm run typecheck` compiles src/inference/generated/).
 */

const noPartials = (name: string): SourceLine[] => {
  throw new Error(`no partial ${name} here`);
};

/** A template's text compiled to a function (TypeScript's types stripped by esbuild), and called with `it`. */
function render(text: string, it: object): string {
  const code = templateFunction(
    { language: "go", client: "net/http", path: "go/net-http/basic.eta" },
    parseTemplate(sourceLines(text, "t.eta", noPartials)),
    "template",
    new Map(),
  );
  const js = transformSync(code, { loader: "ts" }).code;
  return runInNewContext(`${js}\ntemplate(it)`, { it }) as string;
}

describe("the template compiler", () => {
  it("copies text, prints expressions and runs code in place", () => {
    expect(render("a <%= it.x %> b <%= it.n * 2 %>\n", { x: "X", n: 2 })).toBe("a X b 4\n");
    const branch = "<% if (it.on) { -%>\nyes\n<% } else { -%>\nno\n<% } -%>\nend\n";
    expect(render(branch, { on: true })).toBe("yes\nend\n");
    expect(render(branch, { on: false })).toBe("no\nend\n");
    expect(render("<% for (const row of it.rows) { -%>\n- <%= row %>\n<% } -%>\n", { rows: ["a", "b"] })).toBe("- a\n- b\n");
  });

  it("drops only the one newline after a `-%>`, and none after a `%>`", () => {
    expect(render("<% if (it.on) { -%>\n\nx<% } %>\n", { on: true })).toBe("\nx\n");
    expect(render("<% if (it.on) { %>\nx\n<% } %>", { on: true })).toBe("\nx\n");
  });

  it("keeps the template's text exact: quotes, backslashes, line separators, tabs", () => {
    const text = 'say "hi" it\'s \\n \\\\ \u2028 \t end\n';
    expect(render(text, {})).toBe(text);
    expect(runInNewContext(textLiteral(text))).toBe(text);
    // A double quote is written \x22, so that a snippet's import line does not read as hubref's own.
    expect(textLiteral('import "x"')).not.toContain('"');
  });

  it("closes a tag at its %>, not at one inside the code's strings", () => {
    expect(render('<%= it.s === "%>" ? "yes" : "no" %>', { s: "%>" })).toBe("yes");
  });

  it("puts a partial's lines in place of its line, and refuses one that includes itself", () => {
    const partials = (name: string, seen: readonly string[]): SourceLine[] =>
      sourceLines(name === "loop" ? '<%~ partial("loop") %>\n' : "inner\n", `${name}.eta`, partials, seen);
    const lines = sourceLines('a\n<%~ partial("inner") %>\nb\n', "t.eta", partials);
    expect(lines).toEqual([
      { text: "a\n", origin: "t.eta:1" },
      { text: "inner\n", origin: "inner.eta:1" },
      { text: "b\n", origin: "t.eta:3" },
    ]);
    expect(() => sourceLines('<%~ partial("loop") %>\n', "t.eta", partials)).toThrow(/includes itself/);
  });

  it("reads a program's own uses off its text, piece by piece, and counts what it prints where code stands", () => {
    const parse = (text: string) => parseTemplate(sourceLines(text, "t.eta", noPartials));
    const rule = GO_INFERENCE.imports;
    // fmt. in code, os. in a comment, strings. in a literal; the first print stands in code, the second in a literal.
    const pieces = parse('<%~ imports %>\nfmt.Println(<%= it.a %>) // os.Exit\n<% if (it.b) { -%>\nx := "strings.Cut <%= it.c %>"\n<% } -%>\n');
    const uses = templateUses(pieces, rule, "t.eta");
    const fmt = 1 << rule.uses.findIndex(([name]) => name === "fmt.");
    expect([...uses.masks.values()]).toEqual([fmt]);
    expect([...uses.codePrints].map((index) => (pieces[index] as { text: string }).text)).toEqual(["it.a"]);
  });

  it("writes the import lines where the template says, with the slot's text after them only when there are any", () => {
    const parse = (text: string) => parseTemplate(sourceLines(text, "t.eta", noPartials));
    expect(parse('head\n<%~ imports("\\n") %>\nrest\n')).toEqual([
      { kind: "text", text: "head\n" },
      { kind: "imports", after: "\n", origin: "t.eta:2" },
      { kind: "text", text: "rest\n" },
    ]);
    const program = (code: string) => {
      const uses = new Uses(GO_INFERENCE.imports);
      uses.slot("package main\n", "");
      uses.code(code);
      return uses.program("\nfunc main() {}\n");
    };
    expect(program('fmt.Println("os.Exit")')).toBe('package main\n\nimport (\n\t"fmt"\n)\n\nfunc main() {}\n');
    expect(program('"fmt.Println"')).toBe("package main\n\nfunc main() {}\n");
  });

  it("refuses what it would not compile as written", () => {
    const parse = (text: string) => parseTemplate(sourceLines(text, "t.eta", noPartials));
    expect(() => parse('x <%~ partial("a") %> y')).toThrow(/t\.eta:1: <%~ is only for a partial/);
    expect(() => parse("<%- it.x %>")).toThrow(/not a tag/);
    expect(() => parse("<% it.x _%>")).toThrow(/not a tag/);
    expect(() => parse("a\n<% if (it.x) {")).toThrow(/t\.eta:2: a tag that does not close/);
    expect(() => parse("<%=  %>")).toThrow(/an empty tag/);
  });
});

describe("the compiled templates", () => {
  const module = compiledTemplatesModule();

  it("are one function per template file on disk, each taking its own client's fields", () => {
    const onDisk = (folder: string): string[] =>
      readdirSync(folder, { withFileTypes: true }).flatMap((entry) =>
        entry.isDirectory()
          ? entry.name === "_partials"
            ? []
            : onDisk(join(folder, entry.name))
          : [relative(TEMPLATES_DIR, join(folder, entry.name)).split(sep).join("/")],
      );
    const templates = allTemplates();
    expect(templates.map((template) => template.path).sort()).toEqual(onDisk(TEMPLATES_DIR).sort());
    for (const template of templates) {
      expect(module, template.path).toContain(`/** templates/${template.path} */\nfunction `);
    }
    const signatures = [...module.matchAll(/^function template\d+\((\w+): (.*), _?uses: Uses\): string \{$/gm)].map((match) => match[2]);
    expect(signatures).toHaveLength(templates.length);
    for (const type of signatures) expect(type).toMatch(/^FieldsOf<"[a-z]+", "[^"]+">$/);
  });

  it("are checked by tsc as the rest of src/: nothing in the module turns the check off", () => {
    expect(module).not.toMatch(/@ts-nocheck|@ts-ignore|@ts-expect-error|(?::|\bas) any\b/);
    expect(module).toMatch(/\} satisfies TemplateTable;\n$/);
  });
});
