import { z } from "zod";
import { APP_KINDS, type AppKey } from "../../apps/app-keys.js";

/*
 * Local apps: programs that run a model on the user's own machine. Facts about
 * each app (label, docs, what it loads, how it is reached) live in
 * catalogue/apps.json; the commands are written by src/apps/snippets/.
 */

/** What an app loads: GGUF files, MLX weights, transformers weights, a diffusers pipeline, a Core ML model. */
const AppFormatSchema = z.enum(["gguf", "mlx", "transformers", "diffusers", "coreml"]);

/**
 * The hub's display rule for an app, beyond the weights it loads: every field
 * given must hold. `pipelineTags` holds when the model's pipeline tag is one of
 * them, or it has one of the `orTags`.
 */
const ShownWhenSchema = z.strictObject({
  tags: z.array(z.string().min(1)).min(1).optional(),
  libraryName: z.string().min(1).optional(),
  pipelineTags: z.array(z.string().min(1)).min(1).optional(),
  orTags: z.array(z.string().min(1)).min(1).optional(),
  /** The chat template mentions tools: agents need tool calls. */
  toolCalling: z.literal(true).optional(),
});

/**
 * A deep link: the app's URL, with the model id either in a query parameter
 * (`modelParam`) or appended as path segments (`modelParam` omitted), and the
 * chosen file in `fileParam` where the app takes one.
 */
const DeepLinkSchema = z.strictObject({
  url: z.string().regex(/^[a-z][a-z0-9+.-]*:\/\/[^?#\s]*$/, "a URL without query or fragment"),
  modelParam: z.string().min(1).optional(),
  fileParam: z.string().min(1).optional(),
});

const AppSchema = z
  .strictObject({
    prettyLabel: z.string().min(1),
    docsUrl: z.url(),
    mainTask: z.string().min(1),
    /** One line: what the app is, for `hubref apps KEY`. */
    description: z.string().min(1),
    runs: z.array(AppFormatSchema).min(1),
    kind: z.enum(["snippet", "deeplink"]),
    deeplink: DeepLinkSchema.optional(),
    /** Another link where the hub gives one: for a LoRA (`lora`), or for the weights the app loads. */
    deeplinkFor: z.partialRecord(z.enum(["lora", ...AppFormatSchema.options]), DeepLinkSchema).optional(),
    /** The hub's display rule, per format the app loads (`any` for all of them). */
    shownWhen: z.partialRecord(z.enum(["any", ...AppFormatSchema.options]), ShownWhenSchema).optional(),
    /** GGUF apps that fetch a quant by `hf.co/{repo}:{quant}` cannot load one split into shards. */
    splitFiles: z.boolean().optional(),
    /** The port its local server listens on by default, where it serves an API. */
    port: z.number().int().positive().max(65535).optional(),
  })
  .refine((app) => (app.kind === "deeplink") === (app.deeplink !== undefined), { message: "a deeplink app has a deeplink, a snippet app none" });

export const AppCatalogueSchema = z.record(z.string().regex(/^[a-z0-9][a-z0-9.-]*$/, "an app key"), AppSchema).superRefine((apps, ctx) => {
  // The compiler knows the apps from APP_KINDS (src/apps/app-keys.ts): the catalogue must hold the same ones, of the same kinds.
  for (const [key, app] of Object.entries(apps)) {
    if (!Object.hasOwn(APP_KINDS, key)) ctx.addIssue({ code: "custom", path: [key], message: "not in APP_KINDS (src/apps/app-keys.ts): add it there" });
    else if (APP_KINDS[key as AppKey] !== app.kind)
      ctx.addIssue({ code: "custom", path: [key, "kind"], message: `APP_KINDS (src/apps/app-keys.ts) says ${APP_KINDS[key as AppKey]}` });
  }
  for (const key of Object.keys(APP_KINDS)) {
    if (!Object.hasOwn(apps, key)) ctx.addIssue({ code: "custom", path: [key], message: "in APP_KINDS (src/apps/app-keys.ts) but not in the catalogue" });
  }
});

export type AppFormat = z.infer<typeof AppFormatSchema>;
/** An app as the build checked it: its kind agrees with APP_KINDS. */
export type App = z.infer<typeof AppSchema>;
export type DeepLink = z.infer<typeof DeepLinkSchema>;
export type ShownWhen = z.infer<typeof ShownWhenSchema>;
