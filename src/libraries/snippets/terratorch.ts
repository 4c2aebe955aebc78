import { pyString } from "../../format/python.js";
import { python, repoName, sh, type LibrarySnippetGenerator, loaded } from "../generator.js";

/*
 * TerraTorch builds backbones by registry name and fetches their weights from
 * the hub itself; the family name (the first word of the repository name)
 * narrows the registry down to this model's variants.
 */
export const terratorch: LibrarySnippetGenerator = (model) => {
  const repo = repoName(model);
  const family = (repo.split(/[-_.]/)[0] ?? repo).toLowerCase();
  return [
    sh("pip install -U terratorch"),
    python(`from terratorch.registry import BACKBONE_REGISTRY

variants = [name for name in BACKBONE_REGISTRY if ${pyString(family)} in name.lower()]
print(variants)

# Pick the variant that matches this repository
model = BACKBONE_REGISTRY.build(variants[0], pretrained=True)
${loaded("model", "call model(images) for its features")}`),
  ];
};
