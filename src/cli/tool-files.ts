import { readFileSync } from "node:fs";
import { usageError } from "../errors.js";
import type { SchemaRequest, ToolSet } from "../inference/tools.js";
import type { SnippetCommandOptions } from "./snippet-options.js";

/*
 * The files `--tools FILE` and `--schema FILE` name, read and checked before
 * the command is parsed: their zod schemas load only when a file is given,
 * so a plain snippet run never loads zod for them.
 */

export interface ToolFiles {
  tools?: ToolSet;
  schema?: SchemaRequest;
}

function readText(flag: string, path: string): string {
  try {
    return readFileSync(path, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw usageError(
      `${flag}: cannot read ${path}${code === undefined ? "" : ` (${code})`}`,
      `give the path of a JSON file, or leave out the file for the sample`,
    );
  }
}

/** The tools and schema of the files named; the samples are the parser's to fill in. */
export async function readToolFiles(raw: Pick<SnippetCommandOptions, "tools" | "schema">): Promise<ToolFiles> {
  if (typeof raw.tools !== "string" && typeof raw.schema !== "string") return {};
  const { parseTools, parseReplySchema } = await import("../inference/tool-schema.js");
  const files: ToolFiles = {};
  if (typeof raw.tools === "string") files.tools = { tools: parseTools(readText("--tools", raw.tools), raw.tools), sample: false };
  if (typeof raw.schema === "string") files.schema = { schema: parseReplySchema(readText("--schema", raw.schema), raw.schema), sample: false };
  return files;
}
