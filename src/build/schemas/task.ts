import { z } from "zod";

const Id = z.string().min(1);
const Description = z.string().min(10, "write a description of at least a few words");

/** A hub resource (dataset, model, space) or a metric, with what it is good for. */
const DescribedIdSchema = z.strictObject({ id: Id, description: Description });

/** A demo input or output that is a file: an image or a sound. */
const DemoFileSchema = z.strictObject({
  type: z.enum(["img", "audio"]),
  filename: z.string().min(1),
});

/** A demo input or output that is text, with the label the demo shows above it. */
const DemoTextSchema = z.strictObject({
  type: z.literal("text"),
  label: z.string().min(1),
  content: z.string().min(1),
});

/** Text with spans marked, as token classification returns it. */
const DemoTokensSchema = z.strictObject({
  type: z.literal("text-with-tokens"),
  text: z.string().min(1),
  tokens: z.array(z.strictObject({ type: z.string().min(1), start: z.number().int().nonnegative(), end: z.number().int().positive() })).min(1),
});

/** Scores per label, drawn as a bar chart. */
const DemoChartSchema = z.strictObject({
  type: z.literal("chart"),
  data: z.array(z.strictObject({ label: z.string().min(1), score: z.number().min(0).max(1) })).min(1),
});

/** A small table: the first row is the header. */
const DemoTableSchema = z.strictObject({
  type: z.literal("tabular"),
  data: z.array(z.array(z.union([z.string(), z.number()]))).min(2),
});

const DemoItemSchema = z.discriminatedUnion("type", [DemoFileSchema, DemoTextSchema, DemoTokensSchema, DemoChartSchema, DemoTableSchema]);

export const TaskSchema = z.strictObject({
  id: Id,
  label: z.string().min(1),
  /** One line: what the task does, for someone choosing a model. */
  summary: Description.refine((text) => !text.includes("\n"), "the summary is one line"),
  libraries: z.array(Id),
  datasets: z.array(DescribedIdSchema),
  demo: z.strictObject({ inputs: z.array(DemoItemSchema).min(1), outputs: z.array(DemoItemSchema).min(1) }),
  metrics: z.array(DescribedIdSchema),
  models: z.array(DescribedIdSchema),
  spaces: z.array(DescribedIdSchema),
  widgetModels: z.array(Id),
  youtubeId: z
    .string()
    .regex(/^[A-Za-z0-9_-]{11}$/, "an 11-character video id")
    .optional(),
  /** The task whose definition this one shares on the hub. */
  canonicalId: Id.optional(),
  /** A task listed on the hub whose definition is not written yet. */
  isPlaceholder: z.boolean().optional(),
});

export type Task = z.infer<typeof TaskSchema>;
export type DemoItem = z.infer<typeof DemoItemSchema>;

const PipelineSchema = z.strictObject({
  name: z.string().min(1),
  modality: z.string().min(1),
  subtasks: z.array(Id).optional(),
  hideInModels: z.boolean().optional(),
  hideInDatasets: z.boolean().optional(),
});

export const PipelineCatalogueSchema = z
  .strictObject({
    modalities: z.array(z.string().min(1)).min(1),
    pipelines: z.record(Id, PipelineSchema),
  })
  .superRefine((catalogue, ctx) => {
    for (const [id, pipeline] of Object.entries(catalogue.pipelines)) {
      if (!catalogue.modalities.includes(pipeline.modality)) {
        ctx.addIssue({ code: "custom", path: ["pipelines", id, "modality"], message: `unknown modality '${pipeline.modality}'` });
      }
    }
  });

export type Pipeline = z.infer<typeof PipelineSchema>;
export type PipelineCatalogue = z.infer<typeof PipelineCatalogueSchema>;
