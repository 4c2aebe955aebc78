import { HubrefError } from "../errors.js";
import type { ModelData } from "../model/schema.js";
import { quantCatalogue } from "../quant/catalogue.js";
import { appsForModel } from "./formats.js";
import { ggufRepo } from "./gguf-files.js";
import { generateAppSnippets, renderAppSnippets, type AppSnippets } from "./generate.js";
import { appEntries } from "./registry.js";

/*
 * Every way to run one model locally, as a menu: each app that runs it and,
 * for apps that load one GGUF file, each quant of the repository they can
 * load. The code is what `hubref snippet MODEL --app KEY --quant Q` prints,
 * built by the same function, so a menu and the command never disagree.
 */

interface LocalQuant {
  label: string;
  /** Files the chosen variant is split into; 1 for a single file. */
  shards: number;
  /** Bytes of all its files, or null when the metadata gives no sizes. */
  size: number | null;
  /** The quant `--app KEY` picks without --quant. */
  isDefault: boolean;
}

interface LocalRun {
  app: string;
  appLabel: string;
  kind: "snippet" | "deeplink";
  /** Null for apps that take no GGUF file (MLX, transformers weights, a link without a file). */
  quant: LocalQuant | null;
  /** The command's output, exactly. */
  content: string;
  /** The deep link alone, for deep-link apps. */
  link?: string;
}

interface LocalRuns {
  runs: LocalRun[];
  /** Why an app that runs the model offers nothing (hubref's own errors). */
  problems: string[];
}

function attempt(build: () => AppSnippets, problems: string[]): AppSnippets | undefined {
  try {
    return build();
  } catch (error) {
    if (!(error instanceof HubrefError)) throw error;
    problems.push(error.message);
    return undefined;
  }
}

function runOf(result: AppSnippets, appLabel: string, quant: LocalQuant | null): LocalRun {
  const first = result.snippets[0]!;
  const run: LocalRun = { app: first.app, appLabel, kind: first.kind, quant, content: renderAppSnippets(result.snippets) };
  if (first.kind === "deeplink") run.link = first.content;
  return run;
}

export function localRuns(model: ModelData): LocalRuns {
  const problems: string[] = [];
  const runs: LocalRun[] = [];
  const apps = appsForModel(appEntries(), model);
  let repo: ReturnType<typeof ggufRepo> | undefined;
  for (const app of apps) {
    const fallback = attempt(() => generateAppSnippets(model, app.key), problems);
    if (!fallback) continue;
    const defaultLabel = fallback.snippets[0]?.quant ?? null;
    if (defaultLabel === null) {
      runs.push(runOf(fallback, app.prettyLabel, null));
      continue;
    }
    repo ??= ggufRepo(model, quantCatalogue());
    for (const group of repo.groups) {
      // Quants the app cannot load (split ones, for some apps) are left out, as the command refuses them.
      const result = attempt(() => generateAppSnippets(model, app.key, { quant: group.label }), []);
      const file = result?.snippets[0]?.file;
      if (!result || file === undefined) continue;
      const variant = repo.variants.find((candidate) => candidate.file === file);
      runs.push(
        runOf(result, app.prettyLabel, {
          label: group.label,
          shards: variant?.shards ?? 1,
          size: variant?.size ?? null,
          isDefault: group.label === defaultLabel,
        }),
      );
    }
  }
  return { runs, problems };
}
