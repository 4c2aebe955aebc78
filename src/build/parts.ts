import { readdirSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import { readTextInput } from "../util/read-input.js";
import { parseJson } from "../util/json.js";
import { validate } from "../util/validate.js";
import { CATALOGUE_DIR } from "../catalogue/paths.js";
import { QuantCatalogueSchema } from "./schemas/quant-types.js";
import { PipelineCatalogueSchema, TaskSchema } from "./schemas/task.js";
import { LibraryCatalogueSchema } from "./schemas/library.js";
import { AppCatalogueSchema } from "./schemas/app.js";
import { HardwareCatalogueSchema } from "./schemas/hardware.js";

/**
 * One part of the catalogue: where its source files are and the schema they
 * must meet. The build validates every part and writes it to dist/data/, so
 * that commands read checked data without loading zod.
 */
interface CataloguePart<Schema extends z.ZodType = z.ZodType> {
  name: string;
  schema: Schema;
  /** Reads and validates the source files of the part. */
  load(catalogueDir?: string): z.infer<Schema>;
}

export function readJsonFile(path: string): unknown {
  const input = readTextInput(path);
  return parseJson(input.text, input.source);
}

/** A part kept in one JSON file. */
function singleFilePart<Schema extends z.ZodType>(name: string, file: string, schema: Schema): CataloguePart<Schema> {
  return {
    name,
    schema,
    load(catalogueDir = CATALOGUE_DIR) {
      const path = join(catalogueDir, file);
      return validate(schema, readJsonFile(path), path);
    },
  };
}

/**
 * A part kept as one JSON file per item in a folder, keyed by file name. Files
 * whose names start with `_` are templates for contributors and are skipped.
 */
function folderPart<Schema extends z.ZodType>(name: string, folder: string, itemSchema: Schema): CataloguePart<z.ZodRecord<z.ZodString, Schema>> {
  return {
    name,
    schema: z.record(z.string(), itemSchema),
    load(catalogueDir = CATALOGUE_DIR) {
      const dir = join(catalogueDir, folder);
      const items: Record<string, z.infer<Schema>> = {};
      for (const file of readdirSync(dir).sort()) {
        if (!file.endsWith(".json") || file.startsWith("_")) continue;
        const path = join(dir, file);
        items[file.slice(0, -".json".length)] = validate(itemSchema, readJsonFile(path), path);
      }
      return items;
    },
  };
}

export const quantTypesPart = singleFilePart("quant-types", "quant-types.json", QuantCatalogueSchema);
export const pipelinesPart = singleFilePart("pipelines", "pipelines.json", PipelineCatalogueSchema);
export const tasksPart = folderPart("tasks", "tasks", TaskSchema);
export const librariesPart = singleFilePart("libraries", "libraries.json", LibraryCatalogueSchema);
export const appsPart = singleFilePart("apps", "apps.json", AppCatalogueSchema);
export const hardwarePart = singleFilePart("hardware", "hardware.json", HardwareCatalogueSchema);

/** Every part the build compiles. */
export const CATALOGUE_PARTS: CataloguePart[] = [quantTypesPart, pipelinesPart, tasksPart, librariesPart, appsPart, hardwarePart];
