import { shellComment, shellQuote } from "../../format/shell.js";
import { repoName, sh, type LibrarySnippetGenerator } from "../generator.js";

/**
 * Sample Factory fetches a trained agent into its train directory; its environment's enjoy script replays it.
 * The enjoy line is a comment, where quotes protect nothing: shellComment keeps the name on that one line.
 */
export const sampleFactory: LibrarySnippetGenerator = (model) => {
  const experiment = repoName(model);
  return [
    sh("pip install -U sample-factory"),
    sh(`python -m sample_factory.huggingface.load_from_hub -r ${shellQuote(model.id)} -d ./train_dir

# Then run the enjoy script of the agent's environment, for example:
${shellComment(`python -m sf_examples.mujoco.enjoy_mujoco --algo=APPO --env=<environment> --experiment=${shellQuote(experiment)} --train_dir=./train_dir`)}`),
  ];
};
