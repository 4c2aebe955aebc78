import { shellQuote } from "../../format/shell.js";
import { hasTag, sh, type LibrarySnippetGenerator } from "../generator.js";

/* Moshi is a speech-to-speech dialogue model: the usual way to try it is its local web server. */
export const moshi: LibrarySnippetGenerator = (model) => {
  if (hasTag(model, "mlx") || /mlx/i.test(model.id)) {
    return [sh("pip install -U moshi_mlx"), sh(`python -m moshi_mlx.local_web --hf-repo ${shellQuote(model.id)}`)];
  }
  return [
    sh("pip install -U moshi"),
    sh(`# Then open http://localhost:8998 and talk.
python -m moshi.server --hf-repo ${shellQuote(model.id)}`),
  ];
};
