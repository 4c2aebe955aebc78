import { usageError } from "../errors.js";

/** Line and column (1-based) of a character offset. */
export function lineColumn(text: string, offset: number): { line: number; column: number } {
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

interface SyntaxProblem {
  offset: number;
  reason: string;
}

/**
 * Finds where JSON text first goes wrong. Node 20's JSON.parse does not always
 * say where, so on failure this small scanner walks the text to tell the user.
 */
export function findJsonSyntaxError(text: string): SyntaxProblem | undefined {
  let i = 0;
  const fail = (reason: string): never => {
    throw { offset: i, reason } satisfies SyntaxProblem;
  };
  const describe = () => (i >= text.length ? "unexpected end of input" : `unexpected ${JSON.stringify(text[i])}`);
  const skipSpace = () => {
    while (i < text.length && " \t\n\r".includes(text[i]!)) i++;
  };
  const literal = (word: string) => {
    if (text.startsWith(word, i)) i += word.length;
    else fail(describe());
  };
  const string = () => {
    i++; // opening quote
    for (;;) {
      if (i >= text.length) fail("unterminated string");
      const char = text[i]!;
      if (char === '"') return void i++;
      if (char.charCodeAt(0) < 0x20) fail("control character in string (escape it)");
      if (char === "\\") {
        i++;
        if (text[i] === "u") {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 1, i + 5))) fail("bad \\u escape");
          i += 5;
        } else if (text[i] !== undefined && '"\\/bfnrt'.includes(text[i]!)) i++;
        else fail("bad escape in string");
      } else i++;
    }
  };
  const number = () => {
    const match = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(i));
    if (!match) fail(describe());
    i += match![0].length;
  };
  const value = (): void => {
    skipSpace();
    const char = text[i];
    if (char === "{") {
      i++;
      skipSpace();
      if (text[i] === "}") return void i++;
      for (;;) {
        skipSpace();
        if (text[i] !== '"') fail(`${describe()}, expected a property name in double quotes`);
        string();
        skipSpace();
        if (text[i] !== ":") fail(`${describe()}, expected ':'`);
        i++;
        value();
        skipSpace();
        if (text[i] === ",") i++;
        else if (text[i] === "}") return void i++;
        else fail(`${describe()}, expected ',' or '}'`);
      }
    }
    if (char === "[") {
      i++;
      skipSpace();
      if (text[i] === "]") return void i++;
      for (;;) {
        value();
        skipSpace();
        if (text[i] === ",") i++;
        else if (text[i] === "]") return void i++;
        else fail(`${describe()}, expected ',' or ']'`);
      }
    }
    if (char === '"') return string();
    if (char === "t") return literal("true");
    if (char === "f") return literal("false");
    if (char === "n") return literal("null");
    if (char === "-" || (char !== undefined && char >= "0" && char <= "9")) return number();
    fail(describe());
  };
  try {
    value();
    skipSpace();
    if (i < text.length) fail(`${describe()} after the JSON value`);
    return undefined;
  } catch (problem) {
    return problem as SyntaxProblem;
  }
}

/** Parses JSON; a syntax error names the source with line and column. */
export function parseJson(text: string, source: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    const problem = findJsonSyntaxError(text) ?? { offset: 0, reason: "not valid JSON" };
    const { line, column } = lineColumn(text, problem.offset);
    throw usageError(`${source}:${line}:${column}: invalid JSON: ${problem.reason}`, "fix the JSON syntax at that position");
  }
}
