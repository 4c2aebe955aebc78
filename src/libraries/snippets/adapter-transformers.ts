import { pyString } from "../../format/python.js";
import { Placeholder } from "../placeholders.js";
import { baseModelOf, comment, python, sh, type LibrarySnippetGenerator, loaded } from "../generator.js";

/*
 * An adapter repository holds only the adapter weights; the model they plug
 * into is named in its config (written by the adapters library), else in the
 * model card.
 */
export const adapterTransformers: LibrarySnippetGenerator = (model) => {
  const base = model.config?.adapter_transformers?.model_name || baseModelOf(model);
  const loadBase = base
    ? `model = AutoAdapterModel.from_pretrained(${pyString(base)})`
    : `${comment("python", Placeholder.baseModelNotFound)}
${comment("python", "Put the id of the model this adapter was trained for here.")}
model = AutoAdapterModel.from_pretrained("base-model-id")`;
  return [
    sh("pip install -U adapters"),
    python(`from adapters import AutoAdapterModel

${loadBase}
adapter_name = model.load_adapter(${pyString(model.id)}, set_active=True)
${loaded("model", "the adapter is active: run the model on tokenized inputs")}`),
  ];
};
