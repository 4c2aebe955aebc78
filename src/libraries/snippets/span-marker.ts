import { pyString } from "../../format/python.js";
import { python, sh, widgetText, type LibrarySnippetGenerator } from "../generator.js";

/** A SpanMarker model finds the named entities of a sentence. */
export const spanMarker: LibrarySnippetGenerator = (model) => {
  const sentence = widgetText(model) ?? "Amelia Earhart flew her single engine Lockheed Vega 5B across the Atlantic to Paris.";
  return [
    sh("pip install -U span_marker"),
    python(`from span_marker import SpanMarkerModel

model = SpanMarkerModel.from_pretrained(${pyString(model.id)})
entities = model.predict(${pyString(sentence)})
print(entities)`),
  ];
};
