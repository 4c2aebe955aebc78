import type { Pipeline, Task } from "../build/schemas/task.js";
import type { Style } from "../output/output.js";
import { indentedRows, renderFields, wrapRows } from "../output/layout.js";
import type { ModelData } from "../model/schema.js";
import { modalityLabel } from "./catalogue.js";
import { demoItemLines } from "./demo-text.js";
import { describeExampleInput } from "./describe-input.js";
import { NO_EXAMPLE_MESSAGE, exampleInput } from "./example-input.js";

/* `hubref tasks <id>`: one task, laid out for a person reading it in a terminal. */

const YOUTUBE_WATCH_URL = "https://www.youtube.com/watch?v=";

const INDENT = "    ";

interface Field {
  name: string;
  lines: string[];
}

/** Name-value lines with the values aligned; a value of several lines continues under the first. */
function fieldBlock(fields: Field[], style: Style, columns: number | undefined): string[] {
  return renderFields(
    fields.map((field) => [field.name, field.lines.join("\n")] as const),
    style,
    columns,
  );
}

function section(title: string, body: string[], style: Style): string[] {
  return ["", style.bold(title), ...(body.length > 0 ? body : [`  ${style.dim("none listed")}`])];
}

function described(items: { id: string; description: string }[], style: Style, columns: number | undefined): string[] {
  return items.flatMap((item) => [`  ${style.cyan(item.id)}`, ...indentedRows(item.description, `  ${INDENT}`, columns)]);
}

function listOrNone(items: readonly string[], style: Style): string[] {
  return [items.length > 0 ? items.join(", ") : style.dim("none")];
}

function minimalModel(pipelineTag: string, tags: string[]): ModelData {
  return { id: "org/model", pipeline_tag: pipelineTag, tags };
}

/** The default example input, and the chat form where chat models get a different one. */
function exampleFields(taskId: string): Field[] {
  const plain = exampleInput(minimalModel(taskId, []));
  const fields: Field[] = [{ name: "Example input", lines: plain ? describeExampleInput(plain) : [NO_EXAMPLE_MESSAGE] }];
  const chat = exampleInput(minimalModel(taskId, ["conversational"]));
  if (chat && chat.kind === "messages") fields.push({ name: "Chat example", lines: describeExampleInput(chat) });
  return fields;
}

function pipelineFields(pipeline: Pipeline | undefined, style: Style): Field[] {
  if (!pipeline) return [];
  return [
    { name: "Modality", lines: [`${modalityLabel(pipeline.modality)} (${pipeline.modality})`] },
    { name: "Sub-tasks", lines: listOrNone(pipeline.subtasks ?? [], style) },
  ];
}

function heading(label: string, id: string, style: Style): string {
  return `${style.bold(label)}  ${style.dim(id)}`;
}

/** With `columns` (a terminal), long lines wrap at spaces and continue at their own indent. */
export function renderTaskDetail(task: Task, pipeline: Pipeline | undefined, style: Style, columns?: number): string {
  const fields: Field[] = [
    ...pipelineFields(pipeline, style),
    { name: "Libraries", lines: listOrNone(task.libraries, style) },
    { name: "Widget models", lines: listOrNone(task.widgetModels, style) },
    { name: "Video", lines: [task.youtubeId ? `${YOUTUBE_WATCH_URL}${task.youtubeId}` : style.dim("none")] },
    {
      name: "Canonical task",
      lines: [task.canonicalId ? `${task.canonicalId} (the hub files this task's definition under it)` : style.dim("none: this is its own task")],
    },
    ...exampleFields(task.id),
  ];
  if (task.isPlaceholder) fields.push({ name: "Status", lines: ["placeholder: the hub lists this task but has no full definition yet"] });
  const demoLines = [
    `  ${style.dim("Input")}`,
    ...task.demo.inputs.flatMap((item) => demoItemLines(item, style).flatMap((line) => indentedRows(line, `  ${INDENT}`, columns))),
    `  ${style.dim("Output")}`,
    ...task.demo.outputs.flatMap((item) => demoItemLines(item, style).flatMap((line) => indentedRows(line, `  ${INDENT}`, columns))),
  ];
  const lines = [
    heading(task.label, task.id, style),
    ...wrapRows(task.summary, columns),
    "",
    ...fieldBlock(fields, style, columns),
    ...section("Demo", demoLines, style),
    ...section("Recommended models", described(task.models, style, columns), style),
    ...section("Datasets", described(task.datasets, style, columns), style),
    ...section("Spaces", described(task.spaces, style, columns), style),
    ...section("Metrics", described(task.metrics, style, columns), style),
  ];
  return `${lines.join("\n")}\n`;
}

/** A pipeline type that models can carry but that has no task definition in the catalogue. */
export function renderPipelineWithoutTask(id: string, pipeline: Pipeline, sharedBy: readonly Task[], style: Style, columns?: number): string {
  const fields: Field[] = [...pipelineFields(pipeline, style), ...exampleFields(id)];
  // text-to-speech, for example, is defined and files itself under text-to-audio, which is not.
  if (sharedBy.length > 0)
    fields.push({ name: "See also", lines: sharedBy.map((task) => `${task.id}, which the hub files under this type: hubref tasks ${task.id}`) });
  const lines = [
    heading(pipeline.name, id, style),
    ...wrapRows("hubref has no catalogue entry for this pipeline type: no summary, demo or recommended models.", columns),
    "",
    ...fieldBlock(fields, style, columns),
  ];
  return `${lines.join("\n")}\n`;
}
