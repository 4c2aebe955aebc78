import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { pipelinesPart, tasksPart } from "../../src/build/parts.js";
import { CATALOGUE_DIR } from "../../src/catalogue/paths.js";
import { reference, withoutEmpty } from "../tasks/reference.js";
import { thrown } from "../helpers/errors.js";

const tasks = tasksPart.load();
const pipelines = pipelinesPart.load();
const referenceIds = Object.keys(reference.tasks);

describe("task catalogue files", () => {
  it("validate, one file per task named after its id", () => {
    for (const [file, task] of Object.entries(tasks)) expect(task.id, `catalogue/tasks/${file}.json`).toBe(file);
  });

  it("hold exactly the tasks the hub defines", () => {
    expect(Object.keys(tasks).sort()).toEqual([...referenceIds].sort());
    expect(referenceIds.length).toBeGreaterThan(0);
  });

  it.each(referenceIds)("%s has every identifier of the reference, in order", (id) => {
    const expected = reference.tasks[id]!;
    const task = tasks[id];
    expect(task).toBeDefined();
    expect(task!.label).toBe(expected.label);
    expect(task!.libraries).toEqual(expected.libraries);
    expect(task!.datasets.map((item) => item.id)).toEqual(withoutEmpty(expected.datasets));
    expect(task!.metrics.map((item) => item.id)).toEqual(withoutEmpty(expected.metrics));
    expect(task!.models.map((item) => item.id)).toEqual(withoutEmpty(expected.models));
    expect(task!.spaces.map((item) => item.id)).toEqual(withoutEmpty(expected.spaces));
    expect(task!.widgetModels).toEqual(withoutEmpty(expected.widgetModels));
    expect(task!.youtubeId ?? null).toBe(expected.youtubeId);
    expect(task!.demo.inputs.map((item) => item.type)).toEqual(expected.demo.inputs);
    expect(task!.demo.outputs.map((item) => item.type)).toEqual(expected.demo.outputs);
  });

  it.each(referenceIds)("%s describes each dataset, metric, model and space in its own words", (id) => {
    const task = tasks[id]!;
    expect(task.summary.length).toBeGreaterThan(20);
    for (const list of [task.datasets, task.metrics, task.models, task.spaces]) {
      for (const item of list) {
        expect(item.description.trim(), `${id}: ${item.id}`).not.toBe("");
        expect(item.description.toLowerCase(), `${id}: ${item.id}`).not.toBe(item.id.toLowerCase());
      }
      // A description copied from one entry to the next says nothing about the second.
      const descriptions = list.map((item) => item.description);
      expect(new Set(descriptions).size, `${id}: repeated descriptions`).toBe(descriptions.length);
    }
  });

  it("gives a canonical task only to summarization, translation and text-to-speech", () => {
    const canonical = Object.fromEntries(
      Object.values(tasks)
        .filter((task) => task.canonicalId !== undefined)
        .map((task) => [task.id, task.canonicalId]),
    );
    expect(canonical).toEqual({ summarization: "text-generation", translation: "text-generation", "text-to-speech": "text-to-audio" });
    const expected = Object.fromEntries(
      Object.entries(reference.tasks)
        .filter(([, task]) => task.canonicalId !== null)
        .map(([id, task]) => [id, task.canonicalId]),
    );
    expect(canonical).toEqual(expected);
    for (const target of Object.values(canonical)) expect(pipelines.pipelines[target!]).toBeDefined();
  });

  it("marks a task as a placeholder only where the hub does", () => {
    const placeholders = Object.values(tasks)
      .filter((task) => task.isPlaceholder === true)
      .map((task) => task.id);
    const expected = Object.entries(reference.tasks)
      .filter(([, task]) => task.isPlaceholder)
      .map(([id]) => id);
    expect(placeholders.sort()).toEqual(expected.sort());
  });
});

describe("pipeline types", () => {
  it("are all present with name, modality and sub-tasks", () => {
    expect(pipelines.modalities).toEqual(reference.pipelines.modalities);
    expect(Object.keys(pipelines.pipelines)).toEqual(Object.keys(reference.pipelines.types));
    expect(Object.keys(pipelines.pipelines).length).toBeGreaterThan(0);
    for (const [id, expected] of Object.entries(reference.pipelines.types)) {
      const pipeline = pipelines.pipelines[id]!;
      expect({ name: pipeline.name, modality: pipeline.modality, subtasks: pipeline.subtasks ?? [] }, id).toEqual(expected);
    }
  });

  it("cover every task, and the types without a task are the ones the hub leaves undefined", () => {
    for (const id of Object.keys(tasks)) expect(pipelines.pipelines[id], id).toBeDefined();
    const withoutTask = Object.keys(pipelines.pipelines).filter((id) => tasks[id] === undefined);
    expect(withoutTask.sort()).toEqual([...reference.tasksWithoutData].sort());
  });
});

describe("an invalid catalogue file", () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = undefined;
  });

  function brokenCopy(file: string, edit: (data: Record<string, unknown>) => void): string {
    dir = mkdtempSync(join(tmpdir(), "hubref-catalogue-"));
    cpSync(CATALOGUE_DIR, dir, { recursive: true });
    const path = join(dir, file);
    const data = JSON.parse(readFileSync(path, "utf8")) as Record<string, unknown>;
    edit(data);
    writeFileSync(path, JSON.stringify(data));
    return dir;
  }

  it("stops the task part, naming the file and the field", () => {
    const catalogueDir = brokenCopy("tasks/fill-mask.json", (task) => {
      (task.models as { description: string }[])[1]!.description = "";
    });
    const error = thrown(() => tasksPart.load(catalogueDir));
    expect(error.message).toContain(join(catalogueDir, "tasks", "fill-mask.json"));
    expect(error.message).toContain("models[1].description");
  });

  it("stops the task part on a missing summary or an unknown field", () => {
    const missing = brokenCopy("tasks/translation.json", (task) => {
      delete task.summary;
    });
    expect(thrown(() => tasksPart.load(missing)).message).toMatch(/translation\.json: field 'summary'/);
    rmSync(missing, { recursive: true, force: true });
    const extra = brokenCopy("tasks/translation.json", (task) => {
      task.sumary = "A misspelt field that nothing would ever read.";
    });
    expect(thrown(() => tasksPart.load(extra)).message).toMatch(/translation\.json: field .*sumary/);
  });

  it("stops the pipeline part on a modality it does not list", () => {
    const catalogueDir = brokenCopy("pipelines.json", (data) => {
      (data.pipelines as Record<string, { modality: string }>).robotics!.modality = "robots";
    });
    const error = thrown(() => pipelinesPart.load(catalogueDir));
    expect(error.message).toContain(join(catalogueDir, "pipelines.json"));
    expect(error.message).toContain("pipelines.robotics.modality");
    expect(error.message).toContain("robots");
  });
});

describe("the blank task for contributors", () => {
  it("is valid, marked as a placeholder, and not part of the catalogue", async () => {
    const { TaskSchema } = await import("../../src/build/schemas/task.js");
    const { readJsonFile } = await import("../../src/build/parts.js");
    const template = TaskSchema.parse(readJsonFile(new URL("../../catalogue/tasks/_template.json", import.meta.url).pathname));
    expect(template.isPlaceholder).toBe(true);
    expect(Object.keys(tasksPart.load())).not.toContain("_template");
  });
});
