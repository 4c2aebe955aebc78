import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { runInProcess } from "../helpers/in-process.js";
import { parseTasksCommand, runTasks, type TasksOptions } from "../../src/cli/tasks.js";
import type { Task } from "../../src/build/schemas/task.js";
import { tasksPart } from "../../src/build/parts.js";
import { NO_EXAMPLE_MESSAGE } from "../../src/tasks/example-input.js";
import { reference } from "../tasks/reference.js";
import { fakeContext } from "../helpers/context.js";
import { runProgram } from "../../src/cli/program.js";

const catalogue = tasksPart.load();

async function run(id: string | undefined, options: Partial<TasksOptions> = {}, { tty = false, env = { NO_COLOR: "1" } as NodeJS.ProcessEnv } = {}) {
  const { context, output } = fakeContext(env, tty);
  await runTasks(parseTasksCommand(id, { json: false, ...options }), context);
  return output();
}

function lines(stdout: string): string[][] {
  return stdout
    .trimEnd()
    .split("\n")
    .map((line) => line.split("\t"));
}

describe("hubref tasks (list)", () => {
  it("prints one tab-separated line per task when piped: id, label, modality, model count", async () => {
    const result = await runInProcess(["tasks"]);
    expect(result.status).toBe(0);
    expect(result.stderr).toBe("");
    const rows = lines(result.stdout);
    expect(rows.map((row) => row[0])).toEqual(Object.keys(reference.tasks).sort());
    expect(rows).toContainEqual(["text-classification", "Text Classification", "nlp", "5"]);
    expect(rows).toContainEqual([
      "automatic-speech-recognition",
      "Automatic Speech Recognition",
      "audio",
      String(catalogue["automatic-speech-recognition"]!.models.length),
    ]);
    for (const row of rows) expect(row).toHaveLength(4);
    expect(result.stdout).not.toMatch(/\x1b\[/);
  });

  it("prints an aligned table with a bold header at a terminal", async () => {
    const plain = await run(undefined, {}, { tty: true });
    const [header, ...rest] = plain.split("\n");
    expect(header).toMatch(/^ID {2,}LABEL {2,}MODALITY {2,}MODELS$/);
    const row = rest.find((line) => line.startsWith("text-classification "));
    expect(row?.indexOf("Text Classification")).toBe(header!.indexOf("LABEL"));
    const coloured = await run(undefined, {}, { tty: true, env: { FORCE_COLOR: "1" } });
    expect(coloured.split("\n")[0]).toMatch(/^\x1b\[1mID .*MODELS\x1b\[22m$/);
  });

  it("puts the note on pipeline types without a definition on stderr, for a person only", async () => {
    const atTerminal = fakeContext({ NO_COLOR: "1" }, true);
    await runTasks(parseTasksCommand(undefined, { json: false }), atTerminal.context);
    expect(atTerminal.output()).not.toContain("Pipeline types without a task definition");
    expect(atTerminal.errors()).toMatch(/^\nPipeline types without a task definition: .*robotics/);
    const piped = fakeContext({}, false);
    await runTasks(parseTasksCommand(undefined, { json: false }), piped.context);
    expect(piped.errors()).toBe("");
  });

  it("wraps a task's text at the terminal's width, between words, under its own indent", async () => {
    const { context, output } = fakeContext({ NO_COLOR: "1" }, true, 80);
    await runTasks(parseTasksCommand("image-classification", { json: false }), context);
    const lines = output().trimEnd().split("\n");
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(80);
    const described = catalogue["image-classification"]!.models[0]!.description;
    const at = lines.findIndex((line) => line.startsWith("      ") && described.startsWith(line.trim()));
    expect(at).toBeGreaterThan(0);
    const rows = [];
    for (let index = at; lines[index]?.startsWith("      "); index++) rows.push(lines[index]!);
    expect(rows.length).toBeGreaterThan(1);
    expect(rows.map((row) => row.trim()).join(" ")).toBe(described);
  });

  it("filters by modality, ignoring case", async () => {
    const result = await runInProcess(["tasks", "--modality", "CV"]);
    expect(result.status).toBe(0);
    const rows = lines(result.stdout);
    expect(rows.map((row) => row[0])).toContain("image-classification");
    expect(rows.map((row) => row[0])).not.toContain("text-classification");
    for (const row of rows) expect(row[2]).toBe("cv");
  });

  it("rejects an unknown modality with a suggestion", async () => {
    const result = await runInProcess(["tasks", "--modality", "audoi"]);
    expect(result.status).toBe(2);
    expect(result.stdout).toBe("");
    expect(result.stderr).toContain("unknown modality 'audoi'");
    expect(result.stderr).toContain("did you mean 'audio'?");
  });

  it("filters by library", async () => {
    const result = await runInProcess(["tasks", "--library", "diffusers", "--json"]);
    expect(result.status).toBe(0);
    const tasks = JSON.parse(result.stdout) as Task[];
    const expected = Object.entries(reference.tasks)
      .filter(([, task]) => task.libraries.includes("diffusers"))
      .map(([id]) => id)
      .sort();
    expect(tasks.map((task) => task.id)).toEqual(expected);
    expect(expected).toContain("text-to-image");
  });

  it("lists nothing, successfully, for a known library that no task lists", async () => {
    const libraries = Object.keys(
      JSON.parse(readFileSync(new URL("../fixtures/reference/libraries.json", import.meta.url), "utf8")) as Record<string, unknown>,
    );
    const listed = new Set(Object.values(reference.tasks).flatMap((task) => task.libraries));
    const unlisted = libraries.find((library) => !listed.has(library));
    expect(unlisted).toBeDefined();
    const result = await runInProcess(["tasks", "--library", unlisted!]);
    expect(result.status).toBe(0);
    expect(result.stdout).toBe("");
  });

  it("rejects a name that is no library, with a suggestion", async () => {
    const result = await runInProcess(["tasks", "--library", "transformer"]);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain("unknown library 'transformer'");
    expect(result.stderr).toContain("did you mean 'transformers'?");
  });

  it("prints the definitions as a JSON array with --json", async () => {
    const result = await runInProcess(["tasks", "--json", "--modality", "audio"]);
    expect(result.status).toBe(0);
    const tasks = JSON.parse(result.stdout) as Task[];
    const expected = Object.entries(reference.pipelines.types)
      .filter(([id, type]) => type.modality === "audio" && reference.tasks[id])
      .map(([id]) => id)
      .sort();
    expect(tasks.map((task) => task.id)).toEqual(expected);
    for (const task of tasks) expect(task).toEqual(catalogue[task.id]);
  });
});

describe("hubref tasks <id>", () => {
  it("shows a task with its summary, resources and their descriptions", async () => {
    const result = await runInProcess(["tasks", "text-classification"]);
    expect(result.status).toBe(0);
    const task = catalogue["text-classification"]!;
    expect(result.stdout).toContain(task.label);
    expect(result.stdout).toContain(task.summary);
    for (const item of [...task.models, ...task.datasets, ...task.spaces, ...task.metrics]) {
      expect(result.stdout).toContain(item.id);
      expect(result.stdout).toContain(item.description);
    }
    expect(result.stdout).toContain(task.libraries.join(", "));
    expect(result.stdout).toContain(task.widgetModels[0]);
    expect(result.stdout).toContain("https://www.youtube.com/watch?v=leNG9fN9FQU");
    expect(result.stdout).toMatch(/Example input +"I like you\. I love you"/);
    expect(result.stdout).toMatch(/Modality +Natural Language Processing \(nlp\)/);
  });

  it("renders the demo readably: texts with their labels, scores as bars, entities by type", async () => {
    const classification = (await runInProcess(["tasks", "text-classification"])).stdout;
    const demo = catalogue["text-classification"]!.demo;
    const input = demo.inputs[0]!;
    if (input.type !== "text") throw new Error("the text-classification demo starts with a text");
    expect(classification).toContain(`${input.label}: ${input.content}`);
    expect(classification).toMatch(/POSITIVE +0\.98 +█{20}/);
    const tokens = (await runInProcess(["tasks", "token-classification"])).stdout;
    expect(tokens).toMatch(/PER +Maria Lopez/);
    expect(tokens).toMatch(/ORG +Shopify/);
  });

  it("names the canonical task of a task that has one", async () => {
    expect((await runInProcess(["tasks", "summarization"])).stdout).toMatch(/Canonical task +text-generation/);
  });

  it("gives the exact message for a task without an example input", async () => {
    expect(await run("mask-generation")).toMatch(new RegExp(`Example input +${NO_EXAMPLE_MESSAGE.replace(/\./g, "\\.")}`));
  });

  it("shows the chat example of chat-capable tasks", async () => {
    expect(await run("image-text-to-text")).toMatch(/Chat example +user: text ".+" \+ image_url https:\/\//);
  });

  it("prints the definition with --json", async () => {
    const result = await runInProcess(["tasks", "translation", "--json"]);
    expect(result.status).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual(catalogue.translation);
  });

  it("exits 2 with a suggestion for an unknown id", async () => {
    const result = await runInProcess(["tasks", "text-clasification"]);
    expect(result.status).toBe(2);
    expect(result.stdout).toBe("");
    expect(result.stderr).toBe("error: unknown task 'text-clasification'\nhint: did you mean 'text-classification'?\n");
  });

  it("takes an id in any case", async () => {
    const result = await runInProcess(["tasks", "TEXT-CLASSIFICATION", "--json"]);
    expect(result.status).toBe(0);
    expect((JSON.parse(result.stdout) as { id: string }).id).toBe("text-classification");
  });

  it("does not take the list filters together with an id", async () => {
    const result = await runInProcess(["tasks", "fill-mask", "--modality", "nlp"]);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain("--modality and --library filter the list");
  });

  it('takes the short names and labels `models --task` takes (asr, tts, "Text Generation")', async () => {
    for (const [typed, id] of [
      ["asr", "automatic-speech-recognition"],
      ["TTS", "text-to-speech"],
      ["Text Generation", "text-generation"],
    ]) {
      const result = await runInProcess(["tasks", typed!, "--json"]);
      expect(result.status, typed).toBe(0);
      expect((JSON.parse(result.stdout) as { id: string }).id).toBe(id);
    }
  });

  it("shows what is known of a pipeline type without a definition", async () => {
    const result = await runInProcess(["tasks", "robotics"]);
    expect(result.status).toBe(0);
    expect(result.stdout).toContain("Robotics");
    expect(result.stdout).toContain("no catalogue entry");
    expect(result.stdout).toMatch(/Modality +Reinforcement Learning \(rl\)/);
    expect(result.stdout).toMatch(/Sub-tasks +grasping, task-planning/);
    expect(result.stdout).toContain(NO_EXAMPLE_MESSAGE);
    const json = await runInProcess(["tasks", "robotics", "--json"]);
    expect(json.status).toBe(0);
    expect(JSON.parse(json.stdout)).toEqual({
      id: "robotics",
      name: "Robotics",
      modality: "rl",
      subtasks: ["grasping", "task-planning"],
      hasDefinition: false,
    });
  });

  it("points from a pipeline type without a definition to the task filed under it", async () => {
    expect(await run("text-to-audio")).toMatch(/See also +text-to-speech/);
  });

  it("resolves every pipeline type a model can carry", async () => {
    for (const [id, type] of Object.entries(reference.pipelines.types)) {
      const shown = JSON.parse(await run(id, { json: true })) as { id: string; name?: string; label?: string; hasDefinition?: boolean };
      expect(shown.id).toBe(id);
      if (reference.tasks[id]) expect(shown.label, id).toBe(reference.tasks[id]!.label);
      else expect(shown, id).toEqual({ id, name: type.name, modality: type.modality, subtasks: type.subtasks, hasDefinition: false });
    }
  });

  it("documents the filters and gives examples in its help", async () => {
    const result = await runInProcess(["tasks", "--help"]);
    expect(result.status).toBe(0);
    expect(result.stdout).toContain("--modality <modality>");
    expect(result.stdout).toContain("--library <library>");
    expect(result.stdout).toContain("$ hubref tasks text-classification");
  });
});

describe("hubref tasks in a narrow terminal", () => {
  it("fits the table to 40 columns, cutting the widest cells with …, instead of wrapping mid-word", async () => {
    const { context, output } = fakeContext({ NO_COLOR: "1" }, true, 40);
    await runProgram(["node", "hubref", "tasks"], context);
    const lines = output().trimEnd().split("\n");
    expect(lines.length).toBeGreaterThan(10);
    for (const line of lines) expect(line.length, line).toBeLessThanOrEqual(40);
    expect(output()).toContain("…");
    // Piped, nothing is cut: a script reads whole values.
    const piped = fakeContext({}, false, 40);
    await runProgram(["node", "hubref", "tasks"], piped.context);
    expect(piped.output()).not.toContain("…");
  });
});
