import type { AppFormat, DeepLink, ShownWhen } from "../build/schemas/app.js";
import type { ModelData } from "../model/schema.js";
import type { AppEntry } from "./registry.js";

/*
 * The hub's display rules for local apps (catalogue/apps.json `shownWhen`),
 * applied on top of the weights an app loads (formats.ts), and the deep link
 * for the kind of model (a LoRA, GGUF or diffusers weights).
 */

function record(value: unknown): Record<string, unknown> | undefined {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

/** A template, or the first entry's of a list of named templates (`[{name, template}]`). */
function templateText(value: unknown): string | undefined {
  if (typeof value === "string") return value;
  if (Array.isArray(value)) return templateText(record(value[0])?.template);
  return undefined;
}

/** The chat template, where the hub looks for it: the GGUF header's, else config.chat_template_jinja, else the tokenizer config's. */
function chatTemplate(model: ModelData): string | undefined {
  const config = record(model.config);
  return templateText(model.gguf?.chat_template) ?? templateText(config?.chat_template_jinja) ?? templateText(record(config?.tokenizer_config)?.chat_template);
}

function isLora(model: ModelData): boolean {
  return model.tags.includes("lora");
}

function holds(rule: ShownWhen | undefined, model: ModelData): boolean {
  if (!rule) return true;
  if (rule.tags && !rule.tags.every((tag) => model.tags.includes(tag))) return false;
  if (rule.libraryName !== undefined && model.library_name !== rule.libraryName) return false;
  if (rule.pipelineTags) {
    const byPipeline = model.pipeline_tag !== undefined && rule.pipelineTags.includes(model.pipeline_tag);
    const byTag = (rule.orTags ?? []).some((tag) => model.tags.includes(tag));
    if (!byPipeline && !byTag) return false;
  }
  if (rule.toolCalling && !chatTemplate(model)?.includes("tools")) return false;
  return true;
}

/** Whether the hub shows `app` for `model` when the app would load its `format` weights. */
export function shownFor(app: AppEntry, model: ModelData, format: AppFormat): boolean {
  return holds(app.shownWhen?.any, model) && holds(app.shownWhen?.[format], model);
}

/** The app's deep link for this model: the LoRA one for diffusers LoRA weights, else the one for the weights it opens, else its default. */
export function deepLinkOf(app: AppEntry, model: ModelData, format: AppFormat): DeepLink | undefined {
  return (format === "diffusers" && isLora(model) ? app.deeplinkFor?.lora : undefined) ?? app.deeplinkFor?.[format] ?? app.deeplink;
}
