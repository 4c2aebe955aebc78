import { pyString } from "../../format/python.js";
import { python, repoName, sh, widgetText, type LibrarySnippetGenerator } from "../generator.js";

/** Sana checkpoints live under checkpoints/<repository name>.pth and run with the repository's pipeline. */
export const sana: LibrarySnippetGenerator = (model) => {
  const repo = repoName(model);
  const prompt = widgetText(model) ?? 'a cyberpunk cat with a neon sign that says "Sana"';
  return [
    sh(`git clone https://github.com/NVlabs/Sana
cd Sana
./environment_setup.sh sana`),
    python(`import torch
from torchvision.utils import save_image
from app.sana_pipeline import SanaPipeline

device = torch.device("cuda:0" if torch.cuda.is_available() else "cpu")
generator = torch.Generator(device=device).manual_seed(42)

# Use the config in configs/sana_config/ that matches this checkpoint's size and resolution
sana = SanaPipeline("configs/sana_config/1024ms/Sana_1600M_img1024.yaml")
sana.from_pretrained(${pyString(`hf://${model.id}/checkpoints/${repo}.pth`)})

image = sana(
    prompt=${pyString(prompt)},
    height=1024,
    width=1024,
    guidance_scale=4.5,
    pag_guidance_scale=1.0,
    num_inference_steps=20,
    generator=generator,
)
save_image(image, "sana.png", nrow=1, normalize=True, value_range=(-1, 1))`),
  ];
};
