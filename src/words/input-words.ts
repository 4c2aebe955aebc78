import type { INPUT_PROBLEMS, JsonFault, NotText, ToolFileFault, Unreadable } from "../outcome/input-problems.js";
import type { RecordsOf } from "../outcome/kind.js";
import { formatBytes } from "../util/bytes.js";
import type { Names } from "./names.js";
import { said, type Text } from "./text.js";

type InputProblem = RecordsOf<typeof INPUT_PROBLEMS>;
type Of<K extends InputProblem["kind"]> = Extract<InputProblem, { kind: K }>;

const SMALL_FILES = "model metadata files are small; check that this is the right file";

function unreadable(path: string, found: Unreadable, detail: string | undefined): Text {
  switch (found) {
    case "directory":
      return said(`${path}: is a directory, not a file`, "pass the path of a JSON file inside it");
    case "denied":
      return said(`${path}: permission denied`, "make the file readable, or pipe it through stdin with `-`");
    case "parent-not-directory":
      return said(`${path}: a parent of this path is not a directory`);
    case "error":
      return said(`${path}: cannot read the file (${detail ?? "unknown error"})`);
  }
}

function notText(path: string, found: NotText): Text {
  switch (found) {
    case "utf16-le":
    case "utf16-be": {
      const order = found === "utf16-le" ? "LE" : "BE";
      return said(
        `${path}: the text is UTF-16 (${order === "LE" ? "little" : "big"}-endian), not UTF-8`,
        `convert it, e.g. iconv -f UTF-16${order} -t UTF-8 < FILE > model.json`,
      );
    }
    case "empty":
      return said(`${path}: the input is empty`, "expected a JSON object with at least an `id` field");
    case "binary":
      return said(`${path}: binary data, not a JSON text file`);
    case "not-utf8":
      return said(`${path}: not valid UTF-8 text (binary data?)`);
  }
}

function jsonInvalid(problem: Of<"json-invalid">): Text {
  const at = `${problem.source}:${problem.line}:${problem.column}: invalid JSON`;
  const fault: JsonFault = problem.fault;
  if (fault.kind === "too-deep")
    return said(`${at}: nested deeper than ${fault.levels} levels`, `hubref reads JSON nested at most ${fault.levels} levels deep`);
  return said(`${at}: ${fault.reason}`, "fix the JSON syntax at that position");
}

const TOOLS_HINT = 'give a JSON array of {"type": "function", "function": {"name": ..., "parameters": {...}}}';
const SCHEMA_HINT = 'give a JSON Schema object, such as {"type": "object", "properties": {...}}';

function toolFileInvalid(source: string, file: "tools" | "schema", fault: ToolFileFault): Text {
  const hint = file === "tools" ? TOOLS_HINT : SCHEMA_HINT;
  switch (fault.kind) {
    case "not-json":
      return said(`${source}: not JSON (${fault.detail})`, hint);
    case "not-tools":
      return said(`${source}: not an array of function tools`, hint);
    case "field":
      return said(`${source}: field '${fault.field}': ${fault.issue}`, hint);
    case "tool-twice":
      return said(`${source}: the tool name ${fault.name} is given twice`, "give each tool a name of its own");
    case "not-schema":
      return said(`${source}: a schema is a JSON object`, hint);
  }
}

export const INPUT_WORDS: { [K in InputProblem["kind"]]: (problem: Of<K>, names: Names) => Text } = {
  "input-missing": (problem) => said(`${problem.path}: no such file`, "check the path, or pass a hub model id"),
  "input-unreadable": (problem) => unreadable(problem.path, problem.found, problem.detail),
  "input-too-large": (problem) =>
    problem.sizeBytes === undefined
      ? said(`${problem.path}: input is over the ${formatBytes(problem.limitBytes)} limit`, SMALL_FILES)
      : said(`${problem.path}: file is ${formatBytes(problem.sizeBytes)}, over the ${formatBytes(problem.limitBytes)} limit`, SMALL_FILES),
  "input-not-text": (problem) => notText(problem.path, problem.found),
  "json-invalid": jsonInvalid,
  "field-invalid": (problem) => {
    const more = problem.more > 0 ? ` (and ${problem.more} more problem${problem.more > 1 ? "s" : ""})` : "";
    return said(`${problem.source}: field '${problem.field}': ${problem.issue}${more}`, problem.required ? "fix that field" : "fix that field or remove it");
  },
  "option-unknown": (problem) =>
    said(
      `${problem.call}: unknown ${problem.noun ?? "option"} \`${problem.option}\`${moreProblems(problem.more)}`,
      problem.closest === undefined
        ? `its ${problem.noun ?? "option"}s: ${problem.known.map((key) => `\`${key}\``).join(", ")}`
        : `did you mean \`${problem.closest}\`?`,
    ),
  "option-invalid": (problem) =>
    said(
      `${problem.call}: \`${problem.option}\` takes ${problem.expected}, got ${problem.given}${moreProblems(problem.more)}`,
      problem.madeBy === undefined
        ? "see docs/api.md for the options"
        : `make it with ${problem.madeBy}: toolOptions(true) for the sample, or toolOptions(tools, schema) from JSON values`,
    ),
  "metadata-not-object": (problem) =>
    said(
      `${problem.source}: expected a JSON object with model metadata, got ${problem.got === "array" ? "an array" : problem.got === "null" ? "null" : `a ${problem.got}`}`,
    ),
  "metadata-no-id": (problem) => said(`${problem.source}: no 'id' field: model metadata needs the model's hub id`, 'add it, e.g. "id": "org/name"'),
  "tool-file-invalid": (problem) => toolFileInvalid(problem.source, problem.file, problem.fault),
  "not-a-model": (problem) =>
    said(
      `'${problem.given}' is neither an existing file nor a hub model id (${problem.why})`,
      "pass a JSON metadata file, `-` for stdin, or a model id such as meta-llama/Llama-3.1-8B-Instruct",
    ),
  "not-a-model-page": (problem) =>
    said(
      `'${problem.given}' is not a model's page on the hub`,
      "pass a model id such as meta-llama/Llama-3.1-8B-Instruct, or its page's URL https://huggingface.co/ORG/NAME",
    ),
};

function moreProblems(more: number): string {
  return more > 0 ? ` (and ${more} more problem${more > 1 ? "s" : ""})` : "";
}
