import { z } from "zod";

const TypeName = z.string().regex(/^[A-Z0-9_]+$/, "an upper-case GGUF type name");

const FileQuantTypeSchema = z.strictObject({
  name: TypeName,
  id: z.number().int().nonnegative(),
});

const TensorTypeSchema = z.strictObject({
  name: TypeName,
  id: z.number().int().nonnegative(),
  /** Weights stored together in one block. */
  blockSize: z.number().int().positive(),
  /** Bytes one block takes on disk. */
  bytesPerBlock: z.number().int().positive(),
});

export const QuantCatalogueSchema = z
  .strictObject({
    /** Ordered from the largest files to the smallest. */
    fileTypes: z.array(FileQuantTypeSchema).min(1),
    tensorTypes: z.array(TensorTypeSchema).min(1),
    /** Names seen in file names that stand for a file type of another name. */
    filenameAliases: z.record(TypeName, TypeName),
  })
  .superRefine((catalogue, ctx) => {
    const names = new Set(catalogue.fileTypes.map((type) => type.name));
    if (names.size !== catalogue.fileTypes.length) ctx.addIssue({ code: "custom", path: ["fileTypes"], message: "duplicate file type name" });
    for (const [alias, target] of Object.entries(catalogue.filenameAliases)) {
      if (!names.has(target)) ctx.addIssue({ code: "custom", path: ["filenameAliases", alias], message: `unknown file type '${target}'` });
    }
  });

export type QuantCatalogue = z.infer<typeof QuantCatalogueSchema>;
