// Model files for the benchmark: the example models in catalogue/models/, copied
// round-robin into a folder under distinct ids (org/name-N), named m<N>.json,
// each with its own widget example (text ending in #N), so that nothing can
// be cached per id or per example. Models whose task takes no widget text
// (images, audio, chat) keep their task's example.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const catalogueDir = fileURLToPath(new URL("../catalogue/models/", import.meta.url));

/** Writes `count` model files into a new temporary folder; returns the folder and the file names. */
export function writeModels(count) {
  const examples = readdirSync(catalogueDir)
    .filter((file) => file.endsWith(".json"))
    .sort()
    .map((file) => JSON.parse(readFileSync(join(catalogueDir, file), "utf8")));
  const dir = mkdtempSync(join(tmpdir(), "hubref-bench-"));
  const files = [];
  for (let n = 0; n < count; n++) {
    const example = examples[n % examples.length];
    const [org, name] = example.id.split("/");
    const file = `m${n}.json`;
    const widget = example.widgetData?.[0] ?? {};
    const own = { ...widget, text: `${widget.text ?? "An example sentence"} #${n}` };
    if (widget.source_sentence !== undefined) own.source_sentence = `${widget.source_sentence} #${n}`;
    writeFileSync(join(dir, file), JSON.stringify({ ...example, id: `${org}/${name.slice(0, 80)}-${n}`, widgetData: [own] }));
    files.push(file);
  }
  return { dir, files, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
