import { pyString } from "../../format/python.js";
import { hasTag, python, sh, widgetText, type LibrarySnippetGenerator } from "../generator.js";

const SAMPLE_TEXT = "I was charged twice for my order and nobody answers my emails.";

export const jevStyle: LibrarySnippetGenerator = (model) => {
  // MLX builds run on Apple silicon only; every other build runs on PyTorch.
  const mlx = hasTag(model, "mlx") || /-mlx/i.test(model.id);
  return [
    sh(`pip install -U "jev-style[${mlx ? "mlx" : "torch"}]"`),
    python(`from jev_style import JevStyle, choice, noul

js = JevStyle.from_pretrained(${pyString(model.id)})
out = js.decide(
    ${pyString(widgetText(model) ?? SAMPLE_TEXT)},
    {
        "billing": noul("This message is about billing."),
        "tone": choice("What is the customer's tone?", ["calm", "frustrated", "angry"]),
    },
)
# Every answer carries a calibrated probability for each option.
print(out["answers"])`),
  ];
};
