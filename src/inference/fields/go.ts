import { goString, goComment, GO_TREE, GO_LANGUAGE } from "../../format/go.js";
import { writeTree } from "../../format/tree.js";
import { fileNodes } from "../render-tree.js";
import type { JsonPath } from "../providers/types.js";
import type { TokenSource } from "../token.js";
import type { ToolNaming } from "../tools.js";
import type { SnippetContext } from "./context.js";
import { toolCode } from "./tool-code.js";
import { httpFields, type HttpCode, type HttpLanguage } from "./http-code.js";
import type { InferenceLanguage } from "./language.js";
import type { ImportRule } from "./program-names.js";

/*
 * Go's part of the snippet engine (its literals, label and client are
 * src/format/go.ts): the template fields for net/http, with data as
 * map[string]any and []any encoded by encoding/json, and the templates'
 * helpers `at` and `text` reading decoded JSON. Go refuses an unused import,
 * so the program's imports are read off its code once it is rendered.
 */

function key(path: JsonPath): string {
  return path.map((part) => (typeof part === "number" ? String(part) : goString(part))).join(", ");
}

const GO: HttpLanguage = {
  string: goString,
  comment: goComment,
  accessToken: (token: TokenSource) => (token.kind === "env" ? `os.Getenv("${token.name}")` : goString(token.value)),
  authorizationHeader: (scheme: string, token: TokenSource) =>
    // A call's argument: gofmt writes the + without spaces there.
    token.kind === "env" ? `"${scheme} "+os.Getenv("${token.name}")` : goString(`${scheme} ${token.value}`),
  // The statement is in func main, one tab in.
  tree: (tree, baseIndent, file) => writeTree(GO_TREE, tree, GO_TREE.indent.repeat(baseIndent + 1), fileNodes(file)),
  textAt: (variable, path) => `text(at(${[variable, key(path)].filter(Boolean).join(", ")}))`,
  valueAt: (variable, path) => `at(${[variable, key(path)].filter(Boolean).join(", ")})`,
  concat: (parts) => parts.join(" + "),
  urlPath: (expression) => `urlPath(${expression})`,
  oneOf: (values) => values.map((value) => `state == ${goString(value)}`).join(" || "),
};

/** The standard packages the templates' code may call, by the name it calls them by. */
const PACKAGES: ReadonlyMap<string, string> = new Map([
  ["bufio", "bufio"],
  ["bytes", "bytes"],
  ["base64", "encoding/base64"],
  ["json", "encoding/json"],
  ["fmt", "fmt"],
  ["io", "io"],
  ["log", "log"],
  ["http", "net/http"],
  ["url", "net/url"],
  ["os", "os"],
  ["strings", "strings"],
  ["time", "time"],
]);

/** The packages a program uses (`fmt.` of `fmt.Println`), imported in a block after `package main`, sorted as gofmt keeps them. */
const IMPORTS: ImportRule = {
  lexicon: GO_LANGUAGE.lexicon,
  uses: [...PACKAGES].map(([name, path]) => [`${name}.`, path] as const),
  write: importLines,
};

function importLines(paths: readonly string[]): string {
  return paths.length === 0 ? "" : `\nimport (\n${paths.map((path) => `\t"${path}"\n`).join("")})\n`;
}

/** A tool's function is named by its wire name, unless Go or the program's own top-level code uses that name. */
const TOOL_NAMES: ToolNaming = {
  kind: "local",
  taken: [
    ...GO_LANGUAGE.reserved,
    ...PACKAGES.keys(),
    ...["main", "must", "ask", "toolCall", "toolFunctions", "maxRounds", "download", "extension", "saveDownload", "at", "text", "urlPath"],
  ],
  suffix: "Tool",
};

function netHttpFields(context: SnippetContext): HttpCode {
  const fields = httpFields(context, "net/http", GO);
  const tools = toolCode(
    context,
    TOOL_NAMES,
    { string: goString, comment: goComment, tree: (tree, level) => writeTree(GO_TREE, tree, GO_TREE.indent.repeat(level)) },
    1,
  );
  if (tools) fields.tools = tools;
  return fields;
}

export const GO_INFERENCE = {
  fields: { "net/http": netHttpFields },
  toolNames: TOOL_NAMES,
  imports: IMPORTS,
} satisfies InferenceLanguage<"go">;
