// sample1.mp3 is an example name: save an audio file of yours there, or write its path instead.
import { readFile } from "node:fs/promises";
import { InferenceClient } from "@huggingface/inference";

const client = new InferenceClient(process.env.FAL_AI_API_KEY);

const output = await client.automaticSpeechRecognition(
    {
        provider: "fal-ai",
        model: "openai/whisper-large-v3",
        inputs: new Blob([await readFile("sample1.mp3")], { type: "audio/mpeg" }),
    },
);

const transcript = output.text;
if (typeof transcript !== "string") {
    throw new Error(`No transcript in the reply: ${JSON.stringify(output)}`);
}
console.log(transcript);
