import { pyString } from "../../format/python.js";
import { python, sh, widgetText, type LibrarySnippetGenerator } from "../generator.js";

export const bertopic: LibrarySnippetGenerator = (model) => [
  sh("pip install -U bertopic"),
  python(`from bertopic import BERTopic

topic_model = BERTopic.load(${pyString(model.id)})
print(topic_model.get_topic_info())

topics, probabilities = topic_model.transform([${pyString(widgetText(model) ?? "I love hiking in the mountains on a sunny day.")}])
print(topic_model.get_topic(topics[0]))`),
];
