import type { ModelData } from "../../model/schema.js";
import { pyString } from "../../format/python.js";
import { python, repoName, sh, type LibrarySnippetGenerator, loaded } from "../generator.js";

const ALGORITHMS = ["A2C", "DDPG", "DQN", "PPO", "SAC", "TD3"];

/** Repositories pushed by huggingface_sb3 are named <algorithm>-<environment>, as is their .zip file. */
function algorithmOf(repo: string): string | undefined {
  const prefix = repo.split("-")[0]?.toUpperCase();
  return ALGORITHMS.find((algorithm) => algorithm === prefix);
}

function snippet(model: ModelData): string {
  const repo = repoName(model);
  const algorithm = algorithmOf(repo);
  const chosen = algorithm ?? "PPO";
  const note = algorithm ? "" : "# Replace PPO with the algorithm the agent was trained with\n";
  return `from huggingface_sb3 import load_from_hub
from stable_baselines3 import ${chosen}

checkpoint = load_from_hub(repo_id=${pyString(model.id)}, filename=${pyString(`${repo}.zip`)})
${note}model = ${chosen}.load(checkpoint)
${loaded("model", "call model.predict(observation) for the next action")}`;
}

export const stableBaselines3: LibrarySnippetGenerator = (model) => [sh("pip install -U stable-baselines3 huggingface_sb3"), python(snippet(model))];
