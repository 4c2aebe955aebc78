import { fileRef } from "../../src/inference/payload.js";
import type { TaskInput } from "../../src/inference/inputs.js";

/** fal refuses the tasks' FLAC sample, so its example names an MP3 file of the same name (which the user supplies). */
export const FAL_SAMPLE = { path: "sample1.mp3", bytes: Buffer.concat([Buffer.from("ID3"), Buffer.from([3, 0, 0, 0, 0, 0, 0xff, 0xfb])]) };

const EXAMPLE_FILES: Record<string, string> = { "fal-ai automatic-speech-recognition": FAL_SAMPLE.path, "fal-ai audio-to-audio": FAL_SAMPLE.path };

/** The example input hubref uses for this provider and task: the task's own, with fal's audio sample in its place. */
export function exampleFor(provider: string, task: string, example: TaskInput): TaskInput {
  const path = EXAMPLE_FILES[`${provider} ${task}`];
  return path !== undefined && example.kind === "file" ? { kind: "file", file: fileRef(path, example.file.media) } : example;
}
