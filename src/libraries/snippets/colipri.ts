import { python, sh, type LibrarySnippetGenerator } from "../generator.js";

/* COLIPRI's loaders know where its weights live on the Hub; they take no model id. */
export const colipri: LibrarySnippetGenerator = () => [
  sh("pip install -U colipri"),
  python(`from colipri import ZeroShotImageClassificationPipeline, get_model, get_processor, load_sample_ct

model = get_model().cuda()
processor = get_processor()
pipeline = ZeroShotImageClassificationPipeline(model, processor)

ct_scan = load_sample_ct()  # a chest CT volume; use your own scan in the same format
print(pipeline(ct_scan, ["No lung nodules", "Lung nodules"]))`),
];
