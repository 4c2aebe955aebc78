import { z } from "zod";
import { modelIdProblem } from "./model-id.js";

/*
 * The model metadata that generators read, as the hub's API returns it. Every
 * object is loose: hub payloads carry many more fields, and they are kept.
 * Nothing here is trusted: strings reach generated code only through a
 * per-language literal formatter.
 */

/** A hub model id; the format names the rule (MODEL_FORMATS in model-id.ts) the generated quick check runs in its place. */
const ModelIdSchema = z
  .string()
  .superRefine((id, ctx) => {
    const problem = modelIdProblem(id);
    if (problem) ctx.addIssue({ code: "custom", message: `not a hub model id: ${problem}` });
  })
  .meta({ format: "hub-model-id" });

const stringList = z.array(z.string());

const ModelConfigSchema = z.looseObject({
  architectures: stringList.optional(),
  model_type: z.string().optional(),
  adapter_transformers: z.looseObject({ model_class: z.string().optional(), model_name: z.string().optional() }).optional(),
  diffusers: z.looseObject({ _class_name: z.string().optional() }).optional(),
  keras_hub: z.looseObject({ tasks: stringList.optional() }).optional(),
  peft: z.looseObject({ base_model_name_or_path: z.string().optional(), task_type: z.string().optional() }).optional(),
  sklearn: z
    .looseObject({
      model: z.looseObject({ file: z.string().optional() }).optional(),
      model_format: z.string().optional(),
    })
    .optional(),
  speechbrain: z
    .looseObject({
      speechbrain_interface: z.string().optional(),
      vocoder_interface: z.string().optional(),
      vocoder_model_id: z.string().optional(),
    })
    .optional(),
  tokenizer_config: z.looseObject({}).optional(),
});

const CardDataSchema = z.looseObject({
  base_model: z.union([z.string(), stringList]).optional(),
  instance_prompt: z.string().nullable().optional(),
  license: z.union([z.string(), stringList]).optional(),
  tags: stringList.optional(),
});

const WidgetExampleSchema = z.looseObject({
  text: z.string().optional(),
  source_sentence: z.string().optional(),
  sentences: stringList.optional(),
  context: z.string().optional(),
  candidate_labels: z.string().optional(),
  example_title: z.string().optional(),
});

const TransformersInfoSchema = z.looseObject({
  auto_model: z.string(),
  processor: z.string().optional(),
  pipeline_tag: z.string().optional(),
  custom_class: z.string().optional(),
});

const GgufInfoSchema = z.looseObject({
  total: z.number().optional(),
  architecture: z.string().optional(),
  context_length: z.number().optional(),
  chat_template: z.string().optional(),
  bos_token: z.string().optional(),
  eos_token: z.string().optional(),
});

const ProviderMappingEntrySchema = z.looseObject({
  provider: z.string().optional(),
  providerId: z.string(),
  status: z.enum(["live", "staging", "error"]).or(z.string()).optional(),
  task: z.string(),
  adapter: z.string().optional(),
  adapterWeightsPath: z.string().optional(),
});

/** The hub's count of a safetensors repository's parameters, by dtype (`expand[]=safetensors`). */
const SafetensorsInfoSchema = z.looseObject({
  parameters: z.record(z.string(), z.number().nonnegative()).optional(),
  total: z.number().nonnegative().optional(),
});

/** One file of the repository. `size` (bytes) comes from the tree endpoint, fetched only when needed. */
const SiblingSchema = z.looseObject({
  rfilename: z.string(),
  size: z.number().nonnegative().optional(),
});

export const ModelDataSchema = z.looseObject({
  id: ModelIdSchema,
  pipeline_tag: z.string().optional(),
  tags: stringList.default([]),
  library_name: z.string().optional(),
  mask_token: z.string().optional(),
  config: ModelConfigSchema.optional(),
  cardData: CardDataSchema.optional(),
  widgetData: z.array(WidgetExampleSchema).optional(),
  transformersInfo: TransformersInfoSchema.optional(),
  gguf: GgufInfoSchema.optional(),
  safetensors: SafetensorsInfoSchema.optional(),
  siblings: z.array(SiblingSchema).optional(),
  // The hub has answered with both shapes: a list of entries, or an object keyed by provider.
  inferenceProviderMapping: z.union([z.array(ProviderMappingEntrySchema), z.record(z.string(), ProviderMappingEntrySchema)]).optional(),
});

export type ModelData = z.infer<typeof ModelDataSchema>;
export type ModelConfig = z.infer<typeof ModelConfigSchema>;
export type Sibling = z.infer<typeof SiblingSchema>;
export type ProviderMappingEntry = z.infer<typeof ProviderMappingEntrySchema>;
