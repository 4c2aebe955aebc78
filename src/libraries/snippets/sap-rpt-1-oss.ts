import { pyString } from "../../format/python.js";
import { python, sh, type LibrarySnippetGenerator } from "../generator.js";

/** An in-context tabular learner: fit() stores the context rows, predict() uses the checkpoint. */
export const sapRpt1Oss: LibrarySnippetGenerator = (model) => [
  sh("pip install git+https://github.com/SAP-samples/sap-rpt-1-oss"),
  python(`from huggingface_hub import hf_hub_download, list_repo_files
from sap_rpt_oss import SAP_RPT_OSS_Classifier
from sklearn.datasets import load_breast_cancer
from sklearn.model_selection import train_test_split

checkpoint_file = next(name for name in list_repo_files(${pyString(model.id)}) if name.endswith(".pt"))
checkpoint = hf_hub_download(${pyString(model.id)}, checkpoint_file)

X, y = load_breast_cancer(return_X_y=True)
X_train, X_test, y_train, y_test = train_test_split(X, y, test_size=0.5, random_state=0)

# A smaller context and fewer bags need less GPU memory
classifier = SAP_RPT_OSS_Classifier(checkpoint=checkpoint, max_context_size=2048, bagging=1)
classifier.fit(X_train, y_train)
predictions = classifier.predict(X_test)
print("accuracy:", (predictions == y_test).mean())`),
];
