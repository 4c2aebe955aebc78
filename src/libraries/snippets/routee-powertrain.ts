import { pyString } from "../../format/python.js";
import { python, sh, type LibrarySnippetGenerator } from "../generator.js";

/*
 * A RouteE repository is a model registry: it holds many vehicle models, each
 * addressed by an id such as make/vehicle/year/config. The registry backend
 * reads the repository named in ROUTEE_HF_REPO_ID.
 */
export const routeePowertrain: LibrarySnippetGenerator = (model) => [
  sh("pip install -U routee.powertrain"),
  python(`import os

os.environ["ROUTEE_REGISTRY_BACKEND"] = "hf"
os.environ["ROUTEE_HF_REPO_ID"] = ${pyString(model.id)}

import pandas as pd
import routee.powertrain as pt

model_ids = pt.list_available_models()
print(model_ids)

model = pt.load_model(model_ids[0])
print(model)  # the features the model expects, with their units

links = pd.DataFrame({"miles": [0.1, 0.2, 0.3], "speed_mph": [30, 40, 50], "grade_percent": [-5, 0, 5]})
energy = model.predict(links)
print(energy)`),
];
