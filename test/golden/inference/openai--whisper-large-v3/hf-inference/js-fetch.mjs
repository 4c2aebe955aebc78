// sample1.flac is an example name: save an audio file of yours there, or write its path instead.
import { readFile } from "node:fs/promises";

const response = await fetch("https://router.huggingface.co/hf-inference/models/openai/whisper-large-v3", {
    method: "POST",
    headers: {
        Authorization: `Bearer ${process.env.HF_TOKEN}`,
        "Content-Type": "audio/flac",
    },
    body: await readFile("sample1.flac"),
});
if (!response.ok) {
    throw new Error(`Request failed: ${response.status} ${await response.text()}`);
}
const result = await response.json();
const transcript = result?.text;
if (typeof transcript !== "string") {
    throw new Error(`No transcript in the reply: ${JSON.stringify(result)}`);
}
console.log(transcript);
