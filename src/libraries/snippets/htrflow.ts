import type { ModelData } from "../../model/schema.js";
import { sh, type LibrarySnippetGenerator } from "../generator.js";
import { yamlString } from "../../format/yaml.js";

/* HTRflow runs a pipeline file; a model serves as its line or region finder, or as its text reader. */
function findsRegions(model: ModelData): boolean {
  return model.pipeline_tag === "object-detection" || model.pipeline_tag === "image-segmentation";
}

function step(model: ModelData): string {
  const segments = findsRegions(model);
  return `  - step: ${segments ? "Segmentation" : "TextRecognition"}
    settings:
      model: ${segments ? "yolo" : "TrOCR"}
      model_settings:
        model: ${yamlString(model.id)}`;
}

export const htrflow: LibrarySnippetGenerator = (model) => [
  sh("pip install -U 'htrflow[all]'"),
  // The quoted heredoc delimiter keeps the shell from expanding anything in the file.
  // Found regions are exported as PAGE XML; recognised text as plain text.
  sh(`cat > pipeline.yaml <<'YAML'
steps:
${step(model)}
  - step: Export
    settings:
      dest: outputs
      format: ${findsRegions(model) ? "page" : "txt"}
YAML
htrflow pipeline pipeline.yaml images/`),
];
