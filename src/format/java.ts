import { finiteNumber, type Scalar, type TreeSyntax } from "./tree.js";
import { hex4, mustEscape } from "./unicode.js";
import type { LanguageDescriptor, Lexicon } from "./language.js";

/**
 * Java literals for untrusted values. Java turns `\uXXXX` into its character
 * before it reads the program, anywhere in the file: so every backslash of
 * the text is doubled (a `\u` then follows an even run of backslashes, which
 * is no escape), and characters are escaped as octal or as Unicode escapes of
 * characters that mean nothing to the lexer. Non-ASCII text is escaped too:
 * `java Main.java` on Java 17 reads the source in the platform's charset.
 */

const SIMPLE: Record<string, string> = { "\\": "\\\\", '"': '\\"', "\n": "\\n", "\r": "\\r", "\t": "\\t", "\b": "\\b", "\f": "\\f" };

/**
 * A class file holds a string constant of at most 65,535 bytes, and javac
 * folds `"a" + "b"` into one constant: a longer text is joined at run time
 * from literals of at most this many UTF-16 units (3 bytes each at most).
 */
const CHUNK = 16_384;

/** A Java string expression: one double-quoted literal, ASCII only, or a join of several for a long text. */
export function javaString(text: string): string {
  if (text.length <= CHUNK) return javaLiteral(text);
  const parts: string[] = [];
  for (let at = 0; at < text.length; at += CHUNK) parts.push(javaLiteral(text.slice(at, at + CHUNK)));
  return `String.join("", ${parts.join(", ")})`;
}

function javaLiteral(text: string): string {
  let out = '"';
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    const simple = SIMPLE[char];
    if (simple !== undefined) {
      out += simple;
      continue;
    }
    const unit = char.charCodeAt(0);
    // Octal, three digits, so a following digit is not read into it; never \u000a and the like, which would end the literal.
    if (unit < 0x20 || unit === 0x7f) out += `\\${unit.toString(8).padStart(3, "0")}`;
    else if (unit < 0x7f) out += char;
    // UTF-16 units, lone surrogates included, as Java strings hold them.
    else out += `\\u${hex4(unit)}`;
  }
  return `${out}"`;
}

/** A `//` comment line that stays one line: no line break, and no backslash that could start a Unicode escape. */
export function javaComment(text: string): string {
  let out = "";
  for (const char of text.replace(/[\r\n\u2028\u2029\u0085]+/g, " ")) {
    const code = char.codePointAt(0)!;
    out += char === "\\" ? "\\\\" : code >= 0x7f || mustEscape(code) ? "?" : char;
  }
  return `// ${out}`;
}

function javaScalar(value: Scalar): string {
  if (value === null || typeof value === "boolean") return String(value);
  const text = finiteNumber(value);
  // An int literal past int's range does not compile.
  return Number.isInteger(value) && Math.abs(value) > 2 ** 31 - 1 ? `${text}L` : text;
}

/**
 * Java's data, for the small JSON library the snippets carry: `Json.object(key, value, ...)` and
 * `Json.array(...)` calls, whose argument lists take no trailing comma.
 */
export const JAVA_TREE: TreeSyntax = {
  indent: "    ",
  string: javaString,
  scalar: javaScalar,
  key: javaString,
  member: (key, value) => `${key}, ${value}`,
  list: { open: "Json.array(", close: ")", empty: "Json.array()" },
  map: () => ({ open: "Json.object(", close: ")", empty: "Json.object()" }),
  commas: "separated",
};

/** Java's literals: strings and characters (the programs write no text blocks). */
const JAVA_LEXICON: Lexicon = {
  lineComment: "//",
  blockComment: { open: "/*", close: "*/" },
  strings: [
    { open: '"', close: '"', escapes: true },
    { open: "'", close: "'", escapes: true },
  ],
};

/** Java (one source file, `java Main.java`): the language's facts for every floor above (src/format/languages.ts lists it). */
export const JAVA_LANGUAGE = {
  label: "Java",
  aliases: [],
  fileName: "Main.java",
  comment: javaComment,
  string: javaString,
  tree: JAVA_TREE,
  libraryCode: false,
  highlight: "java",
  reserved: [
    ...["abstract", "assert", "boolean", "break", "byte", "case", "catch", "char", "class", "const", "continue", "default", "do"],
    ...["double", "else", "enum", "extends", "final", "finally", "float", "for", "goto", "if", "implements", "import", "instanceof"],
    ...["int", "interface", "long", "native", "new", "package", "private", "protected", "public", "return", "short", "static"],
    ...["strictfp", "super", "switch", "synchronized", "this", "throw", "throws", "transient", "try", "void", "volatile", "while"],
    ...["true", "false", "null", "var", "yield", "record", "sealed", "permits", "non", "_"],
  ],
  lexicon: JAVA_LEXICON,
  clients: { "java.net.http": { api: "http", folder: "java.net.http" } },
} as const satisfies LanguageDescriptor;
