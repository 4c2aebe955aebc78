import { z } from "zod";
import { LIBRARY_GENERATORS } from "../../libraries/generators.js";

/*
 * countDownloads: which files of a repository count as a download of the
 * model. The hub stores it as query text; here it is a structure, rendered to
 * that text by src/libraries/download-query.ts.
 */
export interface FileMatchQuery {
  /** A file at this exact path: `path:"config.json"`. */
  path?: string;
  /** Files with this extension: `path_extension:"pt"`. */
  extension?: string;
  /** Files with this name, extension aside: `path_filename:"config"`. */
  filename?: string;
  /** Files under this folder: `path_prefix:"checkpoints/"`. */
  prefix?: string;
  /** Files that have this field at all: `_exists_:"path_prefix"`. */
  exists?: string;
  or?: FileMatchQuery[];
  and?: FileMatchQuery[];
  /** How the terms of `or`/`and` are joined, where the hub's text is laid out unusually. */
  separator?: string;
}

const term = z.string().min(1);

const FileMatchQuerySchema: z.ZodType<FileMatchQuery> = z.lazy(() =>
  z
    .strictObject({
      path: term.optional(),
      extension: term.optional(),
      filename: term.optional(),
      prefix: term.optional(),
      exists: term.optional(),
      or: z.array(FileMatchQuerySchema).min(2).optional(),
      and: z.array(FileMatchQuerySchema).min(2).optional(),
      separator: z
        .string()
        .regex(/^\s*(OR|AND)\s*$/)
        .optional(),
    })
    .refine((query) => ["path", "extension", "filename", "prefix", "exists", "or", "and"].filter((key) => key in query).length === 1, {
      message: "a query has exactly one of path, extension, filename, prefix, exists, or, and",
    }),
);

const LibrarySchema = z.strictObject({
  prettyLabel: z.string().min(1),
  repoName: z.string().min(1),
  repoUrl: z.url(),
  docsUrl: z.url().optional(),
  /** Whether the hub offers the library as a filter in model search. */
  filter: z.boolean(),
  /** Omitted: the default rule (src/libraries/download-query.ts). */
  countDownloads: FileMatchQuerySchema.optional(),
});

export const LibraryCatalogueSchema = z.record(z.string().regex(/^[a-z0-9][a-z0-9._-]*$/i, "a library key"), LibrarySchema).superRefine((libraries, ctx) => {
  for (const key of Object.keys(LIBRARY_GENERATORS)) {
    if (!Object.hasOwn(libraries, key))
      ctx.addIssue({ code: "custom", path: [key], message: "has a generator (src/libraries/generators.ts) but no catalogue entry" });
  }
});

export type Library = z.infer<typeof LibrarySchema>;
export type LibraryCatalogue = z.infer<typeof LibraryCatalogueSchema>;
