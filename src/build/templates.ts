import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { TEMPLATES_DIR } from "../catalogue/paths.js";
import { LANGUAGE_DESCRIPTORS, LANGUAGES, type Language } from "../format/languages.js";
import { TEMPLATE_NAMES, type TemplateName } from "../inference/template-source.js";
import { INFERENCE_LANGUAGES } from "../inference/languages.js";
import { codeInPlace, positionsOfUses, type ImportRule } from "../inference/fields/program-names.js";

/*
 * Build step (generate.ts): hubref's template compiler. Every template of
 * templates/<language>/<folder>/<name>.eta becomes one TypeScript function of
 * src/inference/generated/templates.ts whose parameter is its client's fields
 * type (`FieldsOf` in src/inference/languages.ts), so tsc checks every field a
 * template reads and every value it prints, as it checks the rest of src/.
 *
 * The syntax, eta's tags (an editor highlights them) compiled by this file:
 * - text is copied as it is;
 * - `<% code %>` is TypeScript that runs in place (`if`, `for`, `} else {`);
 * - `<%= expression %>` prints a string or a number (tsc refuses anything else,
 *   so a template cannot print `undefined` or an object);
 * - `-%>` drops the newline right after the tag;
 * - a line `<%~ partial("name") %>` is templates/<language>/_partials/name.eta,
 *   put in place before the template is read (textually: the partial reads the
 *   same `it`, whose values are computed in getters);
 * - a line `<%~ imports %>` (or `<%~ imports("\n") %>`, with the text that
 *   follows the import lines when there are any) is where a program's import
 *   lines go, in a language whose imports are read off its code.
 * Nothing is escaped: templates print literal text only, every string already
 * written by the language's literal formatter in the fields.
 */

/** Blocks several templates of a language share: templates/<language>/_partials/<name>.eta. */
const PARTIALS_FOLDER = "_partials";
const EXTENSION = ".eta";
const PARTIAL_LINE = /^<%~ partial\("([a-z0-9_.-]+)"\) %>\n$/;

/** One line of a template's source with its partials in place, and where it came from (for tsc's messages). */
export interface SourceLine {
  text: string;
  /** `go/_partials/head.eta:3`: the file below templates/, and the line. */
  origin: string;
}

function partialFile(language: string, name: string): string {
  return join(TEMPLATES_DIR, language, PARTIALS_FOLDER, `${name}${EXTENSION}`);
}

/**
 * A template's text as lines named `shown`, each partial line replaced by the partial's own lines
 * (`partial` reads one: templates/<language>/_partials/<name>.eta).
 */
export function sourceLines(
  text: string,
  shown: string,
  partial: (name: string, seen: readonly string[]) => SourceLine[],
  seen: readonly string[] = [],
): SourceLine[] {
  return text.split(/(?<=\n)/).flatMap((line, index) => {
    const name = PARTIAL_LINE.exec(line)?.[1];
    if (name === undefined) return [{ text: line, origin: `${shown}:${index + 1}` }];
    if (seen.includes(name)) throw new Error(`${shown}:${index + 1}: the partial ${name} includes itself`);
    return partial(name, [...seen, name]);
  });
}

/** Below templates/, with forward slashes: `go/_partials/head.eta`. */
const belowTemplates = (path: string) =>
  path
    .slice(TEMPLATES_DIR.length + 1)
    .split("\\")
    .join("/");

/** A template file's lines, its partials in place. */
function fileLines(file: string, language: string): SourceLine[] {
  const partial = (name: string, seen: readonly string[]): SourceLine[] => {
    const path = partialFile(language, name);
    if (!existsSync(path)) throw new Error(`templates/${belowTemplates(file)}: no partial templates/${belowTemplates(path)}`);
    return sourceLines(readFileSync(path, "utf8"), belowTemplates(path), partial, seen);
  };
  return sourceLines(readFileSync(file, "utf8"), belowTemplates(file), partial);
}

/** The partial files a template's source takes in, its partials' own included. */
export function partialFilesOf(file: string, language: Language): string[] {
  const files = new Set(fileLines(file, language).map((line) => join(TEMPLATES_DIR, line.origin.slice(0, line.origin.lastIndexOf(":")))));
  files.delete(file);
  return [...files];
}

/** What a template is made of: text to copy, code to run, an expression to print. */
export type Piece =
  | { kind: "text"; text: string }
  | { kind: "code" | "print"; text: string; origin: string }
  /** Where the import lines go, and the text that follows them when there are any. */
  | { kind: "imports"; after: string; origin: string };

/** The line where a program's import lines go: `<%~ imports %>`, or `<%~ imports("\n") %>` with the text after them. */
const IMPORTS_LINE = /^<%~ imports(?:\(("(?:[^"\\]|\\.)*")\))? %>\n/;

/** Where the tag that opens at `start` closes: its `%>`, outside the code's string literals. */
function closeOf(source: string, start: number, origin: string): number {
  let at = start;
  while (at < source.length) {
    const char = source[at]!;
    if (char === "%" && source[at + 1] === ">") return at;
    if (char === '"' || char === "'" || char === "`") {
      at++;
      while (at < source.length && source[at] !== char) at += source[at] === "\\" ? 2 : 1;
    }
    at++;
  }
  throw new Error(`${origin}: a tag that does not close`);
}

/** A template's pieces, from its source lines (partials in place). */
export function parseTemplate(lines: readonly SourceLine[]): Piece[] {
  const source = lines.map((line) => line.text).join("");
  const starts: number[] = [];
  let offset = 0;
  for (const line of lines) {
    starts.push(offset);
    offset += line.text.length;
  }
  const originAt = (at: number) => {
    let index = starts.length - 1;
    while (starts[index]! > at) index--;
    return lines[index]!.origin;
  };
  const pieces: Piece[] = [];
  let at = 0;
  let trimNewline = false;
  while (at < source.length) {
    const open = source.indexOf("<%", at);
    let text = source.slice(at, open === -1 ? source.length : open);
    if (trimNewline) text = text.replace(/^\r?\n/, "");
    trimNewline = false;
    if (text !== "") pieces.push({ kind: "text", text });
    if (open === -1) break;
    const origin = originAt(open);
    const mark = source[open + 2];
    const slot = mark === "~" && (open === 0 || source[open - 1] === "\n") ? IMPORTS_LINE.exec(source.slice(open)) : null;
    if (slot !== null) {
      pieces.push({ kind: "imports", after: slot[1] === undefined ? "" : (JSON.parse(slot[1]) as string), origin });
      at = open + slot[0].length;
      continue;
    }
    if (mark === "~") throw new Error(`${origin}: <%~ is only for a partial("name") or the imports, on a line of its own`);
    if (mark === "-" || mark === "_" || mark === "#") throw new Error(`${origin}: <%${mark} is not a tag of hubref's templates`);
    const start = open + (mark === "=" ? 3 : 2);
    const close = closeOf(source, start, origin);
    let body = source.slice(start, close);
    if (body.endsWith("-")) {
      trimNewline = true;
      body = body.slice(0, -1);
    } else if (body.endsWith("_")) {
      throw new Error(`${origin}: _%> is not a tag of hubref's templates`);
    }
    body = body.trim();
    if (body === "") throw new Error(`${origin}: an empty tag`);
    pieces.push({ kind: mark === "=" ? "print" : "code", text: body, origin });
    at = close + 2;
  }
  return pieces;
}

const ESCAPES: Readonly<Record<string, string>> = {
  "\\": "\\\\",
  "'": "\\'",
  "\n": "\\n",
  "\r": "\\r",
  "\u2028": "\\u2028",
  "\u2029": "\\u2029",
  // A snippet's import line names its package in double quotes: as `\x22`, a search of src/ does not read
  // it as an import of that package by hubref.
  '"': "\\x22",
};

/** Template text as a single-quoted TypeScript literal. */
export function textLiteral(text: string): string {
  return `'${text.replace(/[\\'\n\r\u2028\u2029"]/g, (char) => ESCAPES[char]!)}'`;
}

/** A template found on disk: its language, client, name, and source lines. */
export interface TemplateFile {
  language: Language;
  client: string;
  name: TemplateName;
  /** Below templates/: `go/net-http/basic.eta`. */
  path: string;
  lines: SourceLine[];
}

/** Every template, in the order of the languages and their clients, each client's by name. */
export function allTemplates(): TemplateFile[] {
  const onDisk = readdirSync(TEMPLATES_DIR).filter((name) => !name.startsWith("."));
  const strays = onDisk.filter((name) => !(LANGUAGES as readonly string[]).includes(name));
  if (strays.length > 0) throw new Error(`templates/${strays[0]}: not a language of src/format/languages.ts`);
  const templates: TemplateFile[] = [];
  for (const language of LANGUAGES) {
    const folder = join(TEMPLATES_DIR, language);
    if (!existsSync(folder)) continue;
    const clients = Object.entries(LANGUAGE_DESCRIPTORS[language].clients as Readonly<Record<string, { folder: string }>>);
    for (const entry of readdirSync(folder).sort()) {
      if (entry !== PARTIALS_FOLDER && !clients.some(([, descriptor]) => descriptor.folder === entry))
        throw new Error(`templates/${language}/${entry}: no client of ${language} names this folder (src/format/${language}.ts)`);
    }
    for (const [client, descriptor] of clients) {
      const clientFolder = join(folder, descriptor.folder);
      if (!existsSync(clientFolder)) continue;
      for (const file of readdirSync(clientFolder).sort()) {
        const path = `${language}/${descriptor.folder}/${file}`;
        const name = file.endsWith(EXTENSION) ? file.slice(0, -EXTENSION.length) : file;
        if (!(TEMPLATE_NAMES as readonly string[]).includes(name))
          throw new Error(`templates/${path}: not a template name the engine asks for (${TEMPLATE_NAMES.join(", ")}, each ${EXTENSION})`);
        templates.push({ language, client, name: name as TemplateName, path, lines: fileLines(join(clientFolder, file), language) });
      }
    }
  }
  return templates;
}

/**
 * The function a template's first line calls to say which of its fields, optional for its client, it needs
 * (`<% needs(it, "queue") -%>`): the engine chose the template for a call that has them (a queued job, tools),
 * and from there on tsc reads them as set.
 */
const NEEDS = [
  "/** Stops a template called without a field it needs; after it, tsc reads those fields as set. */",
  "function needs<F extends object, K extends keyof F>(it: F, ...keys: K[]): asserts it is F & { [P in K]-?: NonNullable<F[P]> } {",
  "  for (const key of keys) if (it[key] === undefined) throw new Error(`a template needs its ${String(key)} field`);",
  "}",
  "",
];

/** A text literal shorter than this stays where it is: a call would save little of its length. */
const SHARED_TEXT_MIN = 200;

/** A character no template holds, standing for a printed value while the build reads a template's code. */
const PRINTED = "\uE000";

/** What the build reads off a template's own code, for a language whose imports follow its code: each text piece's uses (a mask), and the prints that stand where code stands. */
export interface TemplateUses {
  masks: ReadonlyMap<number, number>;
  codePrints: ReadonlySet<number>;
}

/**
 * The uses of a template's code, by piece: its text pieces in order, each print a placeholder, read with
 * the language's lexicon as one program (a branch of an `if` holds whole statements, so each reads as it
 * would alone). A print inside a literal prints literal text, which uses nothing.
 */
export function templateUses(pieces: readonly Piece[], rule: ImportRule, path: string): TemplateUses {
  if (rule.uses.length > 31) throw new Error(`${path}: more uses than a mask holds`);
  let skeleton = "";
  const spans: { piece: number; start: number; end: number }[] = [];
  pieces.forEach((piece, index) => {
    if (piece.kind === "code" || piece.kind === "imports") return;
    if (piece.kind === "text" && piece.text.includes(PRINTED)) throw new Error(`${path}: a template holds U+E000`);
    const start = skeleton.length;
    skeleton += piece.kind === "text" ? piece.text : PRINTED;
    spans.push({ piece: index, start, end: skeleton.length });
  });
  const code = codeInPlace(skeleton, rule.lexicon);
  const masks = new Map<number, number>();
  for (const { use, at } of positionsOfUses(code, rule)) {
    const { piece } = spans.find((span) => span.start <= at && at < span.end)!;
    masks.set(piece, (masks.get(piece) ?? 0) | (1 << use));
  }
  const codePrints = new Set(spans.filter(({ piece, start }) => pieces[piece]!.kind === "print" && code[start] === PRINTED).map(({ piece }) => piece));
  return { masks, codePrints };
}

/**
 * One template as a function declaration: its pieces in order, text appended as literals (or calls, for
 * `shared`); with `uses`, each text piece that uses something says so in its mask, and a value printed where
 * code stands is counted as it prints.
 */
export function templateFunction(
  template: Pick<TemplateFile, "language" | "client" | "path">,
  pieces: readonly Piece[],
  name: string,
  shared: ReadonlyMap<string, string>,
  uses?: TemplateUses,
): string {
  const readsFields = pieces.some((piece) => (piece.kind === "code" || piece.kind === "print") && /\bit\b/.test(piece.text));
  const countsUses = uses !== undefined;
  const body: string[] = [];
  let depth = 1;
  const line = (text: string) => body.push(`${"  ".repeat(Math.max(depth, 1))}${text}`);
  pieces.forEach((piece, index) => {
    if (piece.kind === "text") {
      const call = shared.get(piece.text);
      const mask = uses?.masks.get(index);
      line(`out += ${call === undefined ? textLiteral(piece.text) : `${call}()`};${mask === undefined ? "" : ` uses.mask |= ${mask};`}`);
    } else if (piece.kind === "imports") {
      // What was written so far is the program's head: the import lines go after it, the rest is written anew.
      line(`uses.slot(out, ${JSON.stringify(piece.after)}); // ${piece.origin}`);
      line('out = "";');
    } else if (piece.kind === "print") {
      const printed = `(${piece.text}) satisfies Printed`;
      line(`out += ${uses?.codePrints.has(index) ? `uses.code(${printed})` : printed}; // ${piece.origin}`);
    } else {
      // Indented by its braces, for a reader of tsc's messages: `} else {` closes one and opens one.
      const opens = (piece.text.match(/\{/g) ?? []).length;
      const closes = (piece.text.match(/\}/g) ?? []).length;
      if (piece.text.startsWith("}")) depth--;
      line(`${piece.text} // ${piece.origin}`);
      depth += opens - closes + (piece.text.startsWith("}") ? 1 : 0);
    }
  });
  const fields = `${readsFields ? "it" : "_it"}: FieldsOf<${JSON.stringify(template.language)}, ${JSON.stringify(template.client)}>`;
  return [
    `/** templates/${template.path} */`,
    `function ${name}(${fields}, ${countsUses ? "uses" : "_uses"}: Uses): string {`,
    '  let out = "";',
    ...body,
    "  return out;",
    "}",
  ].join("\n");
}

/**
 * The module's source: one function declaration per template, then `export const COMPILED_TEMPLATES =
 * { python: { requests: { basic: template0, ... } } } satisfies TemplateTable`. Declarations, not function
 * expressions inside the table: the bundle runs a lazily imported module's top level in a function of its
 * own, compiled at every start (Node's compile cache keeps only what V8 compiled with the file), and the
 * functions declared stay out of it, so that start parses only the table, not the text of every template.
 * Text that several templates append (mostly from partials: Java's JSON helper is in every Java program)
 * is written once, as a function that returns it, compiled only when a template that calls it renders.
 */
export function compiledTemplatesModule(): string {
  const templates = allTemplates();
  const parsed = templates.map((template) => parseTemplate(template.lines));
  const uses = new Map<string, number>();
  for (const pieces of parsed) {
    for (const piece of pieces) if (piece.kind === "text" && piece.text.length >= SHARED_TEXT_MIN) uses.set(piece.text, (uses.get(piece.text) ?? 0) + 1);
  }
  const shared = new Map<string, string>();
  for (const [text, count] of uses) if (count > 1) shared.set(text, `text${shared.size}`);
  const texts = [...shared].map(([text, name]) => `function ${name}(): string {\n  return ${textLiteral(text)};\n}`);
  const functions = templates.map((template, index) => {
    const rule = INFERENCE_LANGUAGES[template.language].imports;
    const slots = parsed[index]!.filter((piece) => piece.kind === "imports").length;
    if (rule !== undefined && slots !== 1) throw new Error(`templates/${template.path}: ${slots} import lines (<%~ imports %>), where its language needs one`);
    if (rule === undefined && slots > 0) throw new Error(`templates/${template.path}: import lines, where its language reads none off its code`);
    const uses = rule === undefined ? undefined : templateUses(parsed[index]!, rule, template.path);
    return templateFunction(template, parsed[index]!, `template${index}`, shared, uses);
  });
  const table: string[] = [];
  for (const language of LANGUAGES) {
    const own = templates.map((template, index) => ({ template, index })).filter(({ template }) => template.language === language);
    const clients = [...new Set(own.map(({ template }) => template.client))];
    const rows = clients.map((client) => {
      const entries = own.filter(({ template }) => template.client === client).map(({ template, index }) => `${template.name}: template${index}`);
      return `    ${JSON.stringify(client)}: { ${entries.join(", ")} },`;
    });
    table.push(`  ${language}: {\n${rows.join("\n")}\n  },`);
  }
  return [
    "// Generated by `npm run generate` (src/build/templates.ts) from templates/; not kept in git.",
    'import type { FieldsOf } from "../languages.js";',
    'import type { Uses } from "../fields/program-names.js";',
    'import type { TemplateTable } from "../template-source.js";',
    "",
    "/** What a template may print: text, or a number. */",
    "type Printed = string | number;",
    "",
    ...(parsed.some((pieces) => pieces.some((piece) => piece.kind === "code" && /^needs\(/.test(piece.text))) ? NEEDS : []),
    ...texts,
    "",
    ...functions,
    "",
    "/** Every template of templates/, by language, client and name, each taking its client's fields. */",
    `export const COMPILED_TEMPLATES = {\n${table.join("\n")}\n} satisfies TemplateTable;`,
    "",
  ].join("\n");
}
