import type { JsonFault } from "../outcome/input-problems.js";
import { fail } from "../outcome/problems.js";

/** Line and column (1-based) of a character offset. */
function lineColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}

/**
 * How deep JSON input may nest. JSON.parse copes with far deeper text, but
 * the code that walks a parsed value (validation, the literal writers) is
 * recursive and would run out of stack.
 */
export const MAX_JSON_DEPTH = 512;

/** Where JSON text goes wrong, and why; `offset` counts characters from the start. */
class JsonSyntaxProblem extends Error {
  readonly fault: JsonFault;

  constructor(
    readonly offset: number,
    fault: JsonFault | string,
  ) {
    super(typeof fault === "string" ? fault : "too deep");
    this.name = "JsonSyntaxProblem";
    this.fault = typeof fault === "string" ? { kind: "syntax", reason: fault } : fault;
  }
}

function tooDeep(offset: number): JsonSyntaxProblem {
  return new JsonSyntaxProblem(offset, { kind: "too-deep", levels: MAX_JSON_DEPTH });
}

/** The offset where text that JSON.parse accepted nests too deep, if it does; a loop, so any depth is safe to measure. */
function depthProblem(text: string): JsonSyntaxProblem | undefined {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 34) {
      // Skip the string: an escaped character never ends it.
      for (i++; i < text.length && text.charCodeAt(i) !== 34; i++) if (text.charCodeAt(i) === 92) i++;
    } else if (code === 91 || code === 123) {
      if (++depth > MAX_JSON_DEPTH) return tooDeep(i);
    } else if (code === 93 || code === 125) depth--;
  }
  return undefined;
}

/**
 * Finds where JSON text first goes wrong. Node 20's JSON.parse does not always
 * say where, so on failure this small scanner walks the text to tell the user.
 */
function findJsonSyntaxError(text: string): JsonSyntaxProblem | undefined {
  let i = 0;
  let depth = 0;
  const wrong = (reason: string): never => {
    throw new JsonSyntaxProblem(i, reason);
  };
  const enter = () => {
    if (++depth > MAX_JSON_DEPTH) throw tooDeep(i);
    i++;
  };
  const describe = () => (i >= text.length ? "unexpected end of input" : `unexpected ${JSON.stringify(text[i])}`);
  const skipSpace = () => {
    while (i < text.length && " \t\n\r".includes(text[i]!)) i++;
  };
  const literal = (word: string) => {
    if (text.startsWith(word, i)) i += word.length;
    else wrong(describe());
  };
  const string = () => {
    i++; // opening quote
    for (;;) {
      if (i >= text.length) wrong("unterminated string");
      const char = text[i]!;
      if (char === '"') return void i++;
      if (char.charCodeAt(0) < 0x20) wrong("control character in string (escape it)");
      if (char === "\\") {
        i++;
        if (text[i] === "u") {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 1, i + 5))) wrong("bad \\u escape");
          i += 5;
        } else if (text[i] !== undefined && '"\\/bfnrt'.includes(text[i]!)) i++;
        else wrong("bad escape in string");
      } else i++;
    }
  };
  const number = () => {
    const match = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(i));
    if (!match) wrong(describe());
    i += match![0].length;
  };
  /** An object's or array's items up to its closing character, one level of nesting deeper. */
  const items = (closer: "}" | "]", item: () => void): void => {
    enter();
    skipSpace();
    if (text[i] !== closer) {
      for (;;) {
        item();
        skipSpace();
        if (text[i] === closer) break;
        if (text[i] !== ",") wrong(`${describe()}, expected ',' or '${closer}'`);
        i++;
      }
    }
    i++;
    depth--;
  };
  const member = (): void => {
    skipSpace();
    if (text[i] !== '"') wrong(`${describe()}, expected a property name in double quotes`);
    string();
    skipSpace();
    if (text[i] !== ":") wrong(`${describe()}, expected ':'`);
    i++;
    value();
  };
  const value = (): void => {
    skipSpace();
    const char = text[i];
    if (char === "{") {
      items("}", member);
      return;
    }
    if (char === "[") {
      items("]", value);
      return;
    }
    if (char === '"') {
      string();
      return;
    }
    if (char === "t") {
      literal("true");
      return;
    }
    if (char === "f") {
      literal("false");
      return;
    }
    if (char === "n") {
      literal("null");
      return;
    }
    if (char === "-" || (char !== undefined && char >= "0" && char <= "9")) {
      number();
      return;
    }
    wrong(describe());
  };
  try {
    value();
    skipSpace();
    if (i < text.length) wrong(`${describe()} after the JSON value`);
    return undefined;
  } catch (problem) {
    if (problem instanceof JsonSyntaxProblem) return problem;
    throw problem;
  }
}

/** Where JSON text goes wrong: 1-based line and column, and why (`reason`: the finding in a phrase, for a problem that quotes it). */
export interface JsonTextProblem {
  line: number;
  column: number;
  fault: JsonFault;
  reason: string;
}

/** The parsed value, or where the text goes wrong (a syntax error, or nesting deeper than MAX_JSON_DEPTH). */
export function readJson(text: string): { ok: true; value: unknown } | { ok: false; problem: JsonTextProblem } {
  let value: unknown;
  let problem: JsonSyntaxProblem | undefined;
  try {
    value = JSON.parse(text);
    // Nesting deeper than the limit takes an opening and a closing character per level: shorter text cannot.
    if (text.length > 2 * MAX_JSON_DEPTH) problem = depthProblem(text);
  } catch {
    problem = findJsonSyntaxError(text) ?? new JsonSyntaxProblem(0, "not valid JSON");
  }
  if (problem === undefined) return { ok: true, value };
  const fault = problem.fault;
  return {
    ok: false,
    problem: { ...lineColumn(text, problem.offset), fault, reason: fault.kind === "syntax" ? fault.reason : `nested deeper than ${fault.levels} levels` },
  };
}

/** Parses JSON; a syntax error, or nesting deeper than MAX_JSON_DEPTH, fails naming the source with line and column. */
export function parseJson(text: string, source: string): unknown {
  const read = readJson(text);
  if (read.ok) return read.value;
  const { line, column, fault } = read.problem;
  return fail({ kind: "json-invalid", source, line, column, fault });
}
