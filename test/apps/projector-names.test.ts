import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { qwen2vl } from "../helpers/gguf-models.js";
import { factsOf, localRun } from "../helpers/local-runs.js";
import { generateAppSnippets } from "../../src/apps/generate.js";
import { ggufRepo } from "../../src/apps/gguf-files.js";
import { quantRows } from "../../src/apps/quant-listing.js";
import type { ModelData } from "../../src/model/schema.js";
import { quantCatalogue } from "../../src/quant/catalogue.js";
import { thrown } from "../helpers/errors.js";
import { runInProcess } from "../helpers/in-process.js";

/*
 * A vision projector is never a quant, wherever `mmproj` stands in its file
 * name and however it is written: first, in the middle (between words, or
 * inside one), last, in a folder's file, split in shards. Each listing a user
 * sees (the repository's groups, `quant-types --for`, `hubref model`, the
 * file an app picks by default, by --quant and by --fits) holds the model's
 * two quants only.
 */

const WEIGHTS = ["Vision-7B-Q8_0.gguf", "Vision-7B-Q4_K_M.gguf"];
const PROJECTORS = [
  "mmproj-Vision-7B-F16.gguf",
  "MMPROJ-Vision-7B-Q8_0.gguf",
  "Vision-7B-mmproj-F16.gguf",
  "Vision-7B.MmProj.Q4_K_M.gguf",
  "Vision-7B-Instruct-mmproj-model-BF16.gguf",
  "Vision-7Bmmproj-Q6_K.gguf",
  "Vision-7B-Q5_K_M-mmproj.gguf",
  "Vision-7B-F16.MMPROJ.gguf",
  "vision/Vision-7B-mmProj-Q3_K_M.gguf",
  "Vision-7B-mmproj-IQ4_XS-00001-of-00002.gguf",
  "Vision-7B-mmproj-IQ4_XS-00002-of-00002.gguf",
];
const GB = 1e9;
const model: ModelData = {
  id: "acme/Vision-7B-GGUF",
  pipeline_tag: "image-text-to-text",
  tags: ["gguf", "conversational"],
  siblings: [
    { rfilename: WEIGHTS[0]!, size: 8 * GB },
    { rfilename: WEIGHTS[1]!, size: 4.5 * GB },
    // Projectors of every size, the largest larger than the weights: a size never makes one a quant.
    ...PROJECTORS.map((rfilename, index) => ({ rfilename, size: (0.5 + index) * GB })),
  ],
} as ModelData;
const catalogue = quantCatalogue();

const folder = mkdtempSync(join(tmpdir(), "hubref-projectors-"));
const file = join(folder, "vision.json");
writeFileSync(file, JSON.stringify(model));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe("projector files, wherever mmproj stands in the name", () => {
  it("are the repository's projectors, in no quant group", () => {
    const repo = ggufRepo(model, catalogue);
    expect(repo.groups.map((group) => group.label)).toEqual(["Q8_0", "Q4_K_M"]);
    expect(repo.variants.map((variant) => variant.file).sort()).toEqual([...WEIGHTS].sort());
    expect(repo.projectors.map((projector) => projector.file).sort()).toEqual([...PROJECTORS].sort());
  });

  it("are listed apart by quant-types --for, and not among hubref model's quants", async () => {
    expect(
      quantRows(model, catalogue)
        .filter((row) => !row.projector)
        .map((row) => row.file),
    ).toEqual(WEIGHTS);
    const listed = JSON.parse((await runInProcess(["quant-types", "--for", file, "--json"])).stdout) as { file: string; projector: boolean }[];
    expect(listed.filter((row) => !row.projector).map((row) => row.file)).toEqual(WEIGHTS);
    expect(
      listed
        .filter((row) => row.projector)
        .map((row) => row.file)
        .sort(),
    ).toEqual([...PROJECTORS].sort());
    const page = JSON.parse((await runInProcess(["model", file, "--json"])).stdout) as { quants: { file: string }[] };
    expect(page.quants.map((quant) => quant.file).sort()).toEqual([...WEIGHTS].sort());
  });

  it("are never the file an app runs: by default, by a projector's label, or by --fits", async () => {
    expect(generateAppSnippets(model, "llama.cpp").snippets[0]!.quant).toBe("Q4_K_M");
    for (const label of ["F16", "BF16", "Q6_K", "Q5_K_M", "Q3_K_M", "IQ4_XS"])
      expect(thrown(() => generateAppSnippets(model, "llama.cpp", { quant: label })).message, label).toBe(`${model.id} has no ${label} file`);
    // A header in hand (a stand-in's): --fits gives no verdict without one.
    expect((await localRun(model, { fits: "1000GB" }, factsOf(qwen2vl()))).file?.variant.label).toBe("Q8_0");
    for (const name of PROJECTORS.slice(0, 9))
      expect(thrown(() => generateAppSnippets(model, "llama.cpp", { file: name })).message, name).toContain("is a projector (mmproj) file");
  });
});
