// sample1.flac is an example name: save an audio file of yours there, or write its path instead.
import { readFile } from "node:fs/promises";
import { InferenceClient } from "@huggingface/inference";

const client = new InferenceClient(process.env.HF_TOKEN);

const output = await client.automaticSpeechRecognition(
    {
        provider: "hf-inference",
        model: "openai/whisper-large-v3",
        inputs: new Blob([await readFile("sample1.flac")], { type: "audio/flac" }),
    },
);

const transcript = output.text;
if (typeof transcript !== "string") {
    throw new Error(`No transcript in the reply: ${JSON.stringify(output)}`);
}
console.log(transcript);
