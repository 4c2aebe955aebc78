import { javaString, javaComment, JAVA_TREE, JAVA_LANGUAGE } from "../../format/java.js";
import { writeTree } from "../../format/tree.js";
import { fileNodes } from "../render-tree.js";
import type { JsonPath } from "../providers/types.js";
import type { TokenSource } from "../token.js";
import type { SnippetContext } from "./context.js";
import type { Tree } from "../payload.js";
import { toolCode } from "./tool-code.js";
import { httpFields, type HttpCode, type HttpLanguage } from "./http-code.js";
import type { InferenceLanguage } from "./language.js";
import type { ImportRule } from "./program-names.js";
import type { ToolNaming } from "../tools.js";

/*
 * Java's part of the snippet engine (its literals, label and client are
 * src/format/java.ts): the template fields for java.net.http. The JDK has no
 * JSON library, so the program carries a small one
 * (templates/java/_partials/helpers.eta): data is built with `Json.object` and
 * `Json.array` and encoded by `Json.write`. The program holds only the parts
 * of it its code calls, and imports only the classes its code names, read off
 * the rendered program (javac says nothing of an unused import; the tests'
 * name check does).
 */

function path(parts: JsonPath): string {
  return parts.map((part) => (typeof part === "number" ? String(part) : javaString(part))).join(", ");
}

const call = (name: string, args: string[]) => `${name}(${args.join(", ")})`;

const JAVA: HttpLanguage = {
  string: javaString,
  comment: javaComment,
  accessToken: (token: TokenSource) => (token.kind === "env" ? `System.getenv("${token.name}")` : javaString(token.value)),
  authorizationHeader: (scheme: string, token: TokenSource) =>
    token.kind === "env" ? `"${scheme} " + System.getenv("${token.name}")` : javaString(`${scheme} ${token.value}`),
  // Arguments sit two levels below the statement, which is two levels into the class.
  tree: (tree, baseIndent, file) => writeTree(JAVA_TREE, tree, JAVA_TREE.indent.repeat(baseIndent + 3), fileNodes(file)),
  textAt: (variable, parts) => `Json.text(${call("Json.at", [variable, ...(parts.length > 0 ? [path(parts)] : [])])})`,
  valueAt: (variable, parts) => call("Json.at", [variable, ...(parts.length > 0 ? [path(parts)] : [])]),
  concat: (parts) => parts.join(" + "),
  urlPath: (expression) => `URI.create(${expression}).getRawPath()`,
  oneOf: (values) => `List.of(${values.map(javaString).join(", ")}).contains(state)`,
};

/** The parts of the program's JSON library its code calls: `write` (the class itself), `reads` (parse, at, text), `pretty` (a structured reply printed). */
export interface JavaJson {
  write: boolean;
  reads: boolean;
  object: boolean;
  array: boolean;
  pretty: boolean;
}

export type JavaFields = HttpCode & { json: JavaJson };

function javaJson(fields: HttpCode): JavaJson {
  const built = [fields.payload ?? "", ...(fields.tools?.functions.map((tool) => tool.result) ?? [])].join("\n");
  // Every chat reads its reply; a task's reply is read for a field, or to follow a queued job.
  const reads = fields.chat || fields.readsJson;
  return {
    reads,
    // A JSON body is written; reading needs it too, since `text` writes what is not a string.
    write: fields.bodyKind === "json" || reads,
    // The tools program builds its messages with Json.object itself.
    object: built.includes("Json.object(") || fields.tools !== undefined,
    array: built.includes("Json.array("),
    // The tool loops print the final answer as text, whatever the schema.
    pretty: fields.structured && fields.tools === undefined,
  };
}

/** The classes the templates' code may name, by their simple names. */
const CLASSES: ReadonlyMap<string, string> = new Map(
  [
    ...["java.net.URI", "java.net.http.HttpClient", "java.net.http.HttpRequest", "java.net.http.HttpResponse"],
    ...["java.nio.charset.StandardCharsets", "java.nio.file.Files", "java.nio.file.Path"],
    ...["java.util.ArrayList", "java.util.Arrays", "java.util.Base64", "java.util.Iterator", "java.util.LinkedHashMap"],
    ...["java.util.List", "java.util.Map", "java.util.StringJoiner", "java.util.stream.Stream"],
  ].map((name) => [name.slice(name.lastIndexOf(".") + 1), name]),
);

/** The classes a program names, each imported on a line of its own, sorted. */
const IMPORTS: ImportRule = {
  lexicon: JAVA_LANGUAGE.lexicon,
  uses: [...CLASSES],
  write: importLines,
};

function importLines(names: readonly string[]): string {
  return names.map((name) => `import ${name};\n`).join("");
}

/** A tool's function is named by its wire name, unless Java, the program's own methods or a class it imports use that name. */
const TOOL_NAMES: ToolNaming = {
  kind: "local",
  taken: [...JAVA_LANGUAGE.reserved, ...CLASSES.keys(), ...["main", "ask", "download", "extension", "saveDownload", "runTool"]],
  suffix: "Tool",
};

function javaNetHttpFields(context: SnippetContext): JavaFields {
  const fields = httpFields(context, "java.net.http", JAVA);
  const writers = { string: javaString, comment: javaComment, tree: (tree: Tree, level: number) => writeTree(JAVA_TREE, tree, JAVA_TREE.indent.repeat(level)) };
  const tools = toolCode(context, TOOL_NAMES, writers, 3);
  if (tools) fields.tools = tools;
  return Object.assign(fields, { json: javaJson(fields) });
}

export const JAVA_INFERENCE = {
  fields: { "java.net.http": javaNetHttpFields },
  toolNames: TOOL_NAMES,
  imports: IMPORTS,
} satisfies InferenceLanguage<"java">;
