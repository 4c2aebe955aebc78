import { pyString } from "../../format/python.js";
import { python, sh, type LibrarySnippetGenerator } from "../generator.js";

export const chronosForecasting: LibrarySnippetGenerator = (model) => [
  sh("pip install -U chronos-forecasting"),
  python(`import torch
from chronos import BaseChronosPipeline

pipeline = BaseChronosPipeline.from_pretrained(${pyString(model.id)}, device_map="cuda", torch_dtype=torch.bfloat16)

# Any 1-D history works; here a noisy seasonal series of 200 steps.
steps = torch.arange(200, dtype=torch.float32)
context = torch.sin(steps / 8) + 0.1 * torch.randn(200)

quantiles, mean = pipeline.predict_quantiles(
    context=context,
    prediction_length=24,
    quantile_levels=[0.1, 0.5, 0.9],
)
print(mean.shape, quantiles.shape)  # (1, 24) and (1, 24, 3)`),
];
