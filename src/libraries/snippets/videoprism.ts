import { pyString } from "../../format/python.js";
import { python, repoName, sh, type LibrarySnippetGenerator, loaded } from "../generator.js";

/** The VideoPrism configuration a checkpoint was trained with, from its repository name. */
function configurationName(repo: string): string {
  const name = repo.toLowerCase();
  const size = name.includes("large") ? "large" : "base";
  return name.includes("lvt") ? `videoprism_lvt_public_v1_${size}` : `videoprism_public_v1_${size}`;
}

/** VideoPrism is a JAX/Flax encoder: the configuration builds it, the repository's .npz holds its weights. */
export const videoprism: LibrarySnippetGenerator = (model) => {
  const repo = repoName(model);
  return [
    sh("pip install git+https://github.com/google-deepmind/videoprism.git huggingface_hub"),
    python(`import jax
from huggingface_hub import hf_hub_download, list_repo_files
from videoprism import models as vp

model_name = ${pyString(configurationName(repo))}
checkpoint_file = next(name for name in list_repo_files(${pyString(model.id)}) if name.endswith(".npz"))
checkpoint = hf_hub_download(${pyString(model.id)}, checkpoint_file)

flax_model = vp.get_model(model_name)
loaded_state = vp.load_pretrained_weights(model_name, checkpoint_path=checkpoint)


@jax.jit
def forward_fn(inputs):
    return flax_model.apply(loaded_state, inputs, train=False)


# video_inputs: [batch, frames, 288, 288, 3], RGB values in [0, 1]
# outputs, _ = forward_fn(video_inputs)
${loaded("flax_model", "call forward_fn(video_inputs) for the video embeddings")}`),
  ];
};
