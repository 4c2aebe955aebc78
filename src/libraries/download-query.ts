import type { FileMatchQuery } from "../build/schemas/library.js";

/** The rule for libraries without their own: any of the usual config files. */
export const DEFAULT_DOWNLOAD_QUERY: FileMatchQuery = {
  or: ["config.json", "config.yaml", "hyperparams.yaml", "params.json", "meta.yaml"].map((path) => ({ path })),
};

const FIELDS = {
  path: "path",
  extension: "path_extension",
  filename: "path_filename",
  prefix: "path_prefix",
  exists: "_exists_",
} as const;

function renderGroup(terms: FileMatchQuery[], operator: "OR" | "AND", separator: string | undefined): string {
  return terms
    .map((term) => {
      const text = renderDownloadQuery(term);
      // A nested group of the other operator needs parentheses to keep its meaning.
      return term.or || term.and ? `(${text})` : text;
    })
    .join(separator ?? ` ${operator} `);
}

/** The hub's query text for a download-counting rule. */
export function renderDownloadQuery(query: FileMatchQuery): string {
  if (query.or) return renderGroup(query.or, "OR", query.separator);
  if (query.and) return renderGroup(query.and, "AND", query.separator);
  for (const [key, field] of Object.entries(FIELDS) as [keyof typeof FIELDS, string][]) {
    const value = query[key];
    if (value !== undefined) return `${field}:${JSON.stringify(value)}`;
  }
  throw new Error("empty download query");
}
