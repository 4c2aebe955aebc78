import { pyString } from "../../format/python.js";
import { Placeholder } from "../placeholders.js";
import { fallback, hasTag, python, sh, type LibrarySnippetGenerator } from "../generator.js";

/* NeMo groups models by domain (collection); only speech recognition has a one-call load-and-run. */
export const nemo: LibrarySnippetGenerator = (model) => {
  const asr = model.pipeline_tag === "automatic-speech-recognition" || hasTag(model, "automatic-speech-recognition");
  if (!asr)
    return [fallback("python", Placeholder.nemoDomainInvalid, "Only NeMo speech recognition models load in one call: see the model card for its collection.")];
  return [
    sh(`pip install -U "nemo_toolkit[asr]"`),
    python(`import nemo.collections.asr as nemo_asr

asr_model = nemo_asr.models.ASRModel.from_pretrained(${pyString(model.id)})
transcriptions = asr_model.transcribe(["sample.wav"])
print(transcriptions[0])`),
  ];
};
