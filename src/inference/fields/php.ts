import { phpString, phpComment } from "../../format/php.js";
import type { Client } from "../ids.js";
import type { JsonPath } from "../providers/types.js";
import type { TokenSource } from "../token.js";
import { requestOf, type SnippetContext } from "./context.js";
import { arrowTree, httpFields, type ArrowSyntax, type HttpFields, type HttpLanguage } from "./http-code.js";

/*
 * Template fields for PHP (the curl extension): data as arrays, encoded by
 * json_encode. An object json_encode would write as a list (empty, or keyed
 * 0, 1, ...) is cast with `(object)`. The templates' helper `text` reads
 * decoded JSON; reads use `??`, so a missing value is null.
 */

const INDENT = "    ";

function path(parts: JsonPath): string {
  return parts.map((part) => `[${typeof part === "number" ? String(part) : phpString(part)}]`).join("");
}

function scalar(value: number | boolean | null): string {
  if (value === null) return "null";
  if (typeof value === "number" && !Number.isFinite(value)) throw new Error("a JSON value cannot hold NaN or Infinity");
  return String(value);
}

/** PHP makes an array key like `"7"` the integer 7. */
const INTEGER_KEY = /^(0|-?[1-9][0-9]*)$/;

const PHP_DATA: ArrowSyntax = {
  indent: INDENT,
  string: phpString,
  scalar,
  hash(lines, keys, closing) {
    if (lines === "") return "(object) []";
    const array = `[\n${lines}${closing}]`;
    return keys.some((name) => INTEGER_KEY.test(name)) ? `(object) ${array}` : array;
  },
};

export const PHP: HttpLanguage = {
  string: phpString,
  comment: phpComment,
  accessToken: (token: TokenSource) => (token.kind === "env" ? `getenv('${token.name}')` : phpString(token.value)),
  authorizationHeader: (scheme: string, token: TokenSource) =>
    token.kind === "env" ? `'${scheme} ' . getenv('${token.name}')` : phpString(`${scheme} ${token.value}`),
  tree: (tree, baseIndent, file) => arrowTree(PHP_DATA, tree, baseIndent, file),
  textAt: (variable, parts) => `text(${PHP.valueAt(variable, parts)})`,
  valueAt: (variable, parts) => (parts.length === 0 ? `$${variable}` : `($${variable}${path(parts)} ?? null)`),
  concat: (parts) => parts.join(" . "),
  urlPath: (expression) => `parse_url(${expression}, PHP_URL_PATH)`,
  oneOf: (values) => `in_array($state, [${values.map(phpString).join(", ")}], true)`,
  variable: (name) => `$${name}`,
};

/** The `Name: value` lines curl sends, as expressions. */
function headerLines(context: SnippetContext): string[] {
  const request = requestOf(context, "curl");
  const token = context.token;
  const authorization =
    token.kind === "env"
      ? `'Authorization: ${request.auth.scheme} ' . getenv('${token.name}')`
      : phpString(`Authorization: ${request.auth.scheme} ${token.value}`);
  return [authorization, ...request.headers.map(([name, value]) => phpString(`${name}: ${value}`))];
}

export function phpFields(client: Client, context: SnippetContext): HttpFields {
  if (client !== "curl") throw new Error(`${client} is not a PHP client`);
  const fields = httpFields(context, client, PHP);
  fields.headerLines = headerLines(context);
  return fields;
}
