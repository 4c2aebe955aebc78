import type { Command } from "commander";
import type { CommandContext } from "./context.js";
import { usageError } from "../errors.js";
import { renderJson, renderTable, styleFor, terminalColumns, type Style } from "../output/output.js";
import {
  allTasks,
  filterTasks,
  findPipelineType,
  findTask,
  knownLibraries,
  modalities,
  modalityOf,
  pipelineTypesWithoutTask,
  resolveLibrary,
  resolveModality,
  tasksWithCanonical,
  type TaskFilter,
} from "../tasks/catalogue.js";
import { didYouMean } from "../util/suggest.js";
import { requireTask } from "../tasks/task-choice.js";
import { checkFlags, givenValue, sharedOption } from "./flag-rules.js";

/** The options as commander hands them over. */
export interface TasksOptions {
  modality?: string;
  library?: string;
  json: boolean;
}

/** `hubref tasks`, parsed: the list with its filter, or one task or pipeline type by its id. */
export type TasksCommand = { mode: "list"; filter: TaskFilter; json: boolean } | { mode: "show"; id: string; json: boolean };

export function registerTasks(program: Command, context: CommandContext): void {
  const command = program
    .command("tasks")
    .description("browse the model tasks: what each does, recommended models, datasets, metrics")
    .argument("[id]", "a task or pipeline type to show in full, e.g. text-classification")
    .option("--modality <modality>", "list only the tasks of this modality (nlp, cv, audio, multimodal, tabular, rl, other)")
    .option("--library <library>", "list only the tasks this library serves, e.g. transformers");
  sharedOption(command, "json", { description: "print JSON: the list of task definitions, or the one definition" })
    .addHelpText(
      "after",
      `
The list shows id, label, modality and the number of recommended models: an
aligned table at a terminal, tab-separated lines otherwise.

--modality and --library ignore case. --library takes a library key as the hub
spells it: a known library that no task lists gives an empty list (exit 0); a
name that is no library at all is an error (exit 2) with a suggestion.

A pipeline type without a task definition (robotics, for example) shows its
name, modality and sub-tasks; with --json: {id, name, modality, subtasks, hasDefinition: false}.

Examples:
  $ hubref tasks
  $ hubref tasks --modality cv
  $ hubref tasks --library diffusers --json
  $ hubref tasks text-classification
  $ hubref tasks robotics --json`,
    )
    .action(async (id: string | undefined, options: TasksOptions) => {
      await runTasks(parseTasksCommand(id, options), context);
    });
}

function checkedFilter(options: TasksOptions): TaskFilter {
  const filter: TaskFilter = {};
  if (options.modality !== undefined) {
    filter.modality = resolveModality(options.modality);
    if (filter.modality === undefined) {
      throw usageError(`unknown modality '${options.modality}'`, didYouMean(options.modality, modalities()) ?? `the modalities are ${modalities().join(", ")}`);
    }
  }
  if (options.library !== undefined) {
    filter.library = resolveLibrary(options.library);
    if (filter.library === undefined) {
      throw usageError(
        `unknown library '${options.library}'`,
        didYouMean(options.library, knownLibraries()) ?? "use a library key as the hub spells it, e.g. transformers",
      );
    }
  }
  return filter;
}

async function listTasks({ filter, json }: Extract<TasksCommand, { mode: "list" }>, context: CommandContext, style: Style): Promise<void> {
  const tasks = filterTasks(allTasks(), filter);
  if (json) {
    context.stdout.write(renderJson(tasks));
    return;
  }
  const aligned = Boolean(context.stdout.isTTY);
  const rows = tasks.map((task) => [task.id, task.label, modalityOf(task.id) ?? "", String(task.models.length)]);
  context.stdout.write(renderTable({ header: ["ID", "LABEL", "MODALITY", "MODELS"], rows, style, aligned, width: terminalColumns(context.stdout) }));
  if (aligned && tasks.length === 0) context.stdout.write(style.dim("No task matches.\n"));
  // A note for a person, so on stderr and only at a terminal: stdout holds the tasks alone, whoever reads it.
  if (!context.stderr.isTTY) return;
  const undefinedTypes =
    filter.library === undefined ? pipelineTypesWithoutTask().filter((id) => filter.modality === undefined || modalityOf(id) === filter.modality) : [];
  if (undefinedTypes.length > 0) {
    const noteStyle = await styleFor(context.stderr, context.env);
    context.stderr.write(noteStyle.dim(`\nPipeline types without a task definition: ${undefinedTypes.join(", ")} (hubref tasks <id> shows what is known)\n`));
  }
}

async function showOne({ id, json }: Extract<TasksCommand, { mode: "show" }>, context: CommandContext, style: Style): Promise<void> {
  const task = findTask(id);
  const pipeline = findPipelineType(id);
  // Loaded only here: the list does not need the detail's layout code.
  const { renderPipelineWithoutTask, renderTaskDetail } = await import("../tasks/detail.js");
  if (task) {
    context.stdout.write(json ? renderJson(task) : renderTaskDetail(task, pipeline, style, terminalColumns(context.stdout)));
    return;
  }
  if (pipeline) {
    const summary = { id, name: pipeline.name, modality: pipeline.modality, subtasks: pipeline.subtasks ?? [], hasDefinition: false };
    context.stdout.write(json ? renderJson(summary) : renderPipelineWithoutTask(id, pipeline, tasksWithCanonical(id), style, terminalColumns(context.stdout)));
  }
}

/** Parses `hubref tasks [ID]`'s argument and flags into one command, or throws the usage error. */
export function parseTasksCommand(id: string | undefined, raw: TasksOptions): TasksCommand {
  checkFlags("tasks", (flag) => (flag === "entry" ? id !== undefined : givenValue(raw[flag])), id);
  if (id !== undefined) return { mode: "show", id: requireTask(id), json: raw.json };
  return { mode: "list", filter: checkedFilter(raw), json: raw.json };
}

export async function runTasks(command: TasksCommand, context: CommandContext): Promise<void> {
  const style = await styleFor(context.stdout, context.env);
  if (command.mode === "show") await showOne(command, context, style);
  else await listTasks(command, context, style);
}
