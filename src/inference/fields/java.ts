import { javaString, javaComment } from "../../format/java.js";
import type { Client } from "../ids.js";
import type { Tree } from "../payload.js";
import { isFileNode, fileOfNode } from "../payload.js";
import type { JsonPath } from "../providers/types.js";
import type { TokenSource } from "../token.js";
import type { SnippetContext } from "./context.js";
import { httpFields, type HttpFields, type HttpLanguage } from "./http-code.js";

/*
 * Template fields for Java (java.net.http). The JDK has no JSON library, so
 * the program carries a small one (templates/java/_partials/json.eta): data
 * is built with `Json.object` and `Json.array` and encoded by `Json.write`.
 */

const INDENT = "    ";

function path(parts: JsonPath): string {
  return parts.map((part) => (typeof part === "number" ? String(part) : javaString(part))).join(", ");
}

function scalar(value: number | boolean | null): string {
  if (value === null || typeof value === "boolean") return String(value);
  if (!Number.isFinite(value)) throw new Error("a JSON value cannot hold NaN or Infinity");
  // An int literal past int's range does not compile.
  if (Number.isInteger(value) && Math.abs(value) > 2 ** 31 - 1) return `${value}L`;
  return String(value);
}

const call = (name: string, args: string[]) => `${name}(${args.join(", ")})`;

export const JAVA: HttpLanguage = {
  string: javaString,
  comment: javaComment,
  accessToken: (token: TokenSource) => (token.kind === "env" ? `System.getenv("${token.name}")` : javaString(token.value)),
  authorizationHeader: (scheme: string, token: TokenSource) =>
    token.kind === "env" ? `"${scheme} " + System.getenv("${token.name}")` : javaString(`${scheme} ${token.value}`),
  tree(tree, baseIndent, file) {
    const write = (value: Tree, depth: number): string => {
      if (typeof value === "string") return javaString(value);
      if (value === null || typeof value !== "object") return scalar(value);
      if (isFileNode(value)) {
        const { file: ref, encoding } = fileOfNode(value);
        return file(ref, encoding);
      }
      // Arguments sit two levels below the statement, which is two levels into the class.
      const inner = INDENT.repeat(depth + 4);
      if (Array.isArray(value)) {
        if (value.length === 0) return "Json.array()";
        return `Json.array(\n${value.map((item) => `${inner}${write(item, depth + 1)}`).join(",\n")})`;
      }
      const entries = Object.entries(value).filter((entry): entry is [string, Tree] => entry[1] !== undefined);
      if (entries.length === 0) return "Json.object()";
      return `Json.object(\n${entries.map(([name, item]) => `${inner}${javaString(name)}, ${write(item, depth + 1)}`).join(",\n")})`;
    };
    return write(tree, baseIndent);
  },
  textAt: (variable, parts) => `Json.text(${call("Json.at", [variable, ...(parts.length > 0 ? [path(parts)] : [])])})`,
  valueAt: (variable, parts) => call("Json.at", [variable, ...(parts.length > 0 ? [path(parts)] : [])]),
  concat: (parts) => parts.join(" + "),
  urlPath: (expression) => `URI.create(${expression}).getRawPath()`,
  oneOf: (values) => `List.of(${values.map(javaString).join(", ")}).contains(state)`,
};

export function javaFields(client: Client, context: SnippetContext): HttpFields {
  if (client !== "java.net.http") throw new Error(`${client} is not a Java client`);
  return httpFields(context, client, JAVA);
}
