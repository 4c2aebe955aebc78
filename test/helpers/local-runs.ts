import { makeHub } from "../../src/model/hub/hub.js";
import { readFileSync } from "node:fs";
import { factsOfHeader, type GgufFacts } from "../../src/gguf/facts.js";
import { parseGgufHeader, tensorSizesOf } from "../../src/gguf/header.js";
import type { GgufRunner } from "../../src/apps/placement.js";
import { parseLocalRequest } from "../../src/local/request.js";
import type { RawLocalOptions } from "../../src/local/settings.js";
import { prepareLocal, runOf, type LocalContext, type LocalRun } from "../../src/local/run.js";
import type { ModelData } from "../../src/model/schema.js";
import type { ArchitectureCase } from "./gguf-models.js";
import { writeGguf } from "./gguf-writer.js";

/*
 * Local runs without a hub: the header is in hand (a stand-in model's), the
 * machine named, and everything else as the commands ask it.
 */

const catalogue = JSON.parse(readFileSync("catalogue/quant-types.json", "utf8")) as { tensorTypes: { id: number; blockSize: number; bytesPerBlock: number }[] };

export function factsOf(model: ArchitectureCase): GgufFacts {
  return factsOfHeader(parseGgufHeader(writeGguf(model.spec), tensorSizesOf(catalogue.tensorTypes)));
}

/** The local context of `model` for the request, its header `facts` (none: the header cannot be read). */
export async function localContext(model: ModelData, raw: RawLocalOptions, facts?: GgufFacts): Promise<LocalContext> {
  return prepareLocal({ model, source: { kind: "hub", id: model.id } }, parseLocalRequest(raw), {
    hub: makeHub(),
    header: async (_model, file) =>
      facts ? { facts, file } : { missing: { kind: "unreadable", file, unread: { kind: "format", detail: "the stand-in hub has no header" } } },
  });
}

/** One run, as `hubref snippet MODEL --app RUNNER` with these flags makes it. */
export async function localRun(model: ModelData, raw: RawLocalOptions, facts?: GgufFacts, runner: GgufRunner = "llama.cpp"): Promise<LocalRun> {
  return runOf(await localContext(model, raw, facts), runner);
}
