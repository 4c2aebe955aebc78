import { pyString } from "../../format/python.js";
import { python, sh, type LibrarySnippetGenerator } from "../generator.js";

export const anemoi: LibrarySnippetGenerator = (model) => [
  sh("pip install -U anemoi-inference huggingface_hub"),
  python(`import datetime
from pathlib import Path

from anemoi.inference.runners.simple import SimpleRunner
from huggingface_hub import snapshot_download

checkpoint_dir = Path(snapshot_download(${pyString(model.id)}, allow_patterns=["*.ckpt"]))
checkpoint = next(checkpoint_dir.glob("*.ckpt"))
runner = SimpleRunner(str(checkpoint), device="cuda")

# The initial state holds every input field named in the checkpoint's metadata,
# as arrays of shape (input time steps, grid points).
input_state = {
    "date": datetime.datetime(2024, 10, 25),
    "latitudes": ...,
    "longitudes": ...,
    "fields": {},
}

for state in runner.run(input_state=input_state, lead_time=240):
    print(state["date"], sorted(state["fields"]))`),
];
