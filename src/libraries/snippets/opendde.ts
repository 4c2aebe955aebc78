import { shellQuote } from "../../format/shell.js";
import { repoFiles, sh, type LibrarySnippetGenerator } from "../generator.js";

export const opendde: LibrarySnippetGenerator = (model) => {
  const checkpoint = repoFiles(model).find((name) => name.endsWith(".pt"));
  const checkpointPath = checkpoint ? shellQuote(`opendde_weights/${checkpoint}`) : `"$(ls opendde_weights/*.pt | head -n 1)"`;
  return [
    sh(`pip install -U opendde
hf download ${shellQuote(model.id)} --local-dir opendde_weights`),
    sh(`cat > input.json <<'JSON'
[{"name": "example", "modelSeeds": [101], "sequences": [{"proteinChain": {"sequence": "ACDEFGHIK", "count": 1}}]}]
JSON

# MSA and template searches are off, so no search database is needed.
opendde pred \\
    -i input.json \\
    -o ./output \\
    --load_checkpoint_path ${checkpointPath} \\
    --use_msa false \\
    --use_template false \\
    --use_rna_msa false`),
  ];
};
