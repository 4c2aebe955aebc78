import { fileRef, type FileRef, type Tree } from "./payload.js";
import type { TaskInput } from "./inputs.js";

/*
 * Reading one kind of normalised input, for the provider facts and the client
 * methods. The task decides the kind, so a mismatch is a bug, not bad input.
 */

function wrongInput(input: TaskInput, wanted: string): never {
  throw new Error(`expected a ${wanted} input, got ${input.kind}`);
}

export function textOf(input: TaskInput): string {
  return input.kind === "text" ? input.text : wrongInput(input, "text");
}

export function fileOf(input: TaskInput): FileRef {
  return input.kind === "file" ? input.file : wrongInput(input, "file");
}

export function imagePromptOf(input: TaskInput): { image: FileRef; prompt: string } {
  return input.kind === "image-prompt" ? input : wrongInput(input, "image and prompt");
}

export function fieldsOf(input: TaskInput): Record<string, Tree> {
  return input.kind === "structured" ? input.fields : wrongInput(input, "structured");
}

/** The image file a structured input names in its `image` field. */
export function imageFieldOf(input: TaskInput): FileRef {
  const image = fieldsOf(input).image;
  if (typeof image !== "string") throw new Error("expected an `image` field with a file name");
  return fileRef(image, "image");
}
