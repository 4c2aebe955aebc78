import { pyString } from "../../format/python.js";
import { python, sh, widgetText, type LibrarySnippetGenerator } from "../generator.js";

export const outetts: LibrarySnippetGenerator = (model) => {
  // OuteTTS 1.0 models speak interface version 3; the 0.x models before it, version 2.
  const version = /1\.0|llama-outetts/i.test(model.id) ? "V3" : "V2";
  return [
    sh("pip install -U outetts"),
    python(`import outetts

interface = outetts.Interface(
    config=outetts.ModelConfig(
        model_path=${pyString(model.id)},
        tokenizer_path=${pyString(model.id)},
        interface_version=outetts.InterfaceVersion.${version},
        backend=outetts.Backend.HF,
    )
)
speaker = interface.load_default_speaker("EN-FEMALE-1-NEUTRAL")
output = interface.generate(
    config=outetts.GenerationConfig(
        text=${pyString(widgetText(model) ?? "Hello, how are you doing?")},
        speaker=speaker,
    )
)
output.save("output.wav")`),
  ];
};
