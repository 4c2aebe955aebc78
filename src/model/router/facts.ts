import { z } from "zod";
import type { RouterMissing } from "../../outcome/code-notes.js";
import type { RouterProvider } from "./features.js";

/*
 * The router's chat model list (`GET {router}/v1/models`): per model, each
 * provider that serves it with its status, context length, price per
 * million tokens and whether it takes tools and structured output. Read as
 * untrusted data: each model entry is checked on its own, and one the
 * schema does not accept is left out rather than failing the list.
 */

const Pricing = z.object({ input: z.number().nonnegative(), output: z.number().nonnegative() });

const ProviderEntry = z.object({
  provider: z.string().min(1).max(100),
  status: z.string().max(40).default("unknown"),
  context_length: z.number().int().positive().optional(),
  pricing: Pricing.optional(),
  supports_tools: z.boolean().optional(),
  supports_structured_output: z.boolean().optional(),
});

const ModelEntry = z.object({ id: z.string().min(1), providers: z.array(z.unknown()).default([]) });

export const RouterListSchema = z.object({ data: z.array(z.unknown()) });

/** The router's models by hub id. */
export type RouterModels = ReadonlyMap<string, readonly RouterProvider[]>;

/** What the router's model list gave a command: the list, or why there is none (no router to ask, or what stopped the read). */
export type RouterFacts = { models: RouterModels } | { unavailable: RouterMissing };

export { PROVIDER_FEATURES, providersSupporting, type ProviderFeature, type RouterProvider } from "./features.js";

/** Null is how the router says "not known": dropped, so the schema treats it as absent. */
function withoutNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutNulls);
  if (typeof value !== "object" || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, field]) => field !== null)
      .map(([key, field]) => [key, withoutNulls(field)]),
  );
}

function providerOf(entry: z.infer<typeof ProviderEntry>): RouterProvider {
  return {
    provider: entry.provider,
    status: entry.status,
    contextLength: entry.context_length ?? null,
    pricing: entry.pricing ?? null,
    supportsTools: entry.supports_tools ?? null,
    supportsStructuredOutput: entry.supports_structured_output ?? null,
  };
}

/** The list from the router's answer, or undefined when the answer is not a model list at all. */
export function parseRouterModels(value: unknown): RouterModels | undefined {
  const list = RouterListSchema.safeParse(withoutNulls(value));
  if (!list.success) return undefined;
  const models = new Map<string, RouterProvider[]>();
  for (const item of list.data.data) {
    const model = ModelEntry.safeParse(item);
    if (!model.success) continue;
    const providers = model.data.providers.flatMap((raw) => {
      const entry = ProviderEntry.safeParse(raw);
      return entry.success ? [providerOf(entry.data)] : [];
    });
    models.set(model.data.id, providers);
  }
  return models;
}
