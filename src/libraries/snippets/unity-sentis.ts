import { shellQuote } from "../../format/shell.js";
import { sh, text, type LibrarySnippetGenerator } from "../generator.js";

/** Sentis runs models inside Unity: the model file goes into the project's Assets, the C# runs it. */
export const unitySentis: LibrarySnippetGenerator = (model) => [
  sh(`pip install -U huggingface_hub
hf download ${shellQuote(model.id)} --local-dir Assets/Models`),
  text(`using Unity.Sentis;
using UnityEngine;

public class RunModel : MonoBehaviour
{
    // Drag the .sentis (or .onnx) file from Assets/Models onto this field in the Inspector.
    public ModelAsset modelAsset;
    Worker worker;

    void Start()
    {
        Model model = ModelLoader.Load(modelAsset);
        worker = new Worker(model, BackendType.GPUCompute);
    }

    void OnDestroy()
    {
        worker?.Dispose();
    }
}`),
];
