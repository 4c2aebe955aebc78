import { fileRef } from "../../src/inference/payload.js";
import type { TaskInput } from "../../src/inference/inputs.js";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { run } from "./snippet-runners.js";

/**
 * Runs a fal_client snippet against a stand-in of the package, which has no wheel here: `packageSource` is the
 * stand-in's __init__.py. In a folder of its own, with `files` written there first; `check` sees the outcome and
 * the folder before the folder is removed.
 */
export async function runWithFalStandIn<T>(
  snippet: string,
  packageSource: string,
  check: (outcome: Awaited<ReturnType<typeof run>>, dir: string) => T,
  files: Record<string, string> = {},
): Promise<T> {
  const dir = mkdtempSync(join(tmpdir(), "hubref-fal-"));
  try {
    mkdirSync(join(dir, "lib", "fal_client"), { recursive: true });
    writeFileSync(join(dir, "lib", "fal_client", "__init__.py"), packageSource);
    for (const [name, content] of Object.entries(files)) writeFileSync(join(dir, name), content);
    writeFileSync(join(dir, "run.py"), snippet);
    const outcome = await run("python3", ["run.py"], { cwd: dir, env: { ...process.env, PYTHONPATH: join(dir, "lib"), FAL_AI_API_KEY: "k" } });
    return check(outcome, dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** fal refuses the tasks' FLAC sample, so its example names an MP3 file of the same name (which the user supplies). */
export const FAL_SAMPLE = { path: "sample1.mp3", bytes: Buffer.concat([Buffer.from("ID3"), Buffer.from([3, 0, 0, 0, 0, 0, 0xff, 0xfb])]) };

const EXAMPLE_FILES: Record<string, string> = { "fal-ai automatic-speech-recognition": FAL_SAMPLE.path, "fal-ai audio-to-audio": FAL_SAMPLE.path };

/** The example input hubref uses for this provider and task: the task's own, with fal's audio sample in its place. */
export function exampleFor(provider: string, task: string, example: TaskInput): TaskInput {
  const path = EXAMPLE_FILES[`${provider} ${task}`];
  return path !== undefined && example.kind === "file" ? { kind: "file", file: fileRef(path, example.file.media) } : example;
}
