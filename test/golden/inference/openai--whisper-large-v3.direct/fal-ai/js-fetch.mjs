// sample1.mp3 is an example name: save an audio file of yours there, or write its path instead.
import { readFile } from "node:fs/promises";

const audio = (await readFile("sample1.mp3")).toString("base64");
const payload = {
    audio_url: "data:audio/mpeg;base64," + audio,
};

const response = await fetch("https://fal.run/fal-ai/whisper", {
    method: "POST",
    headers: {
        Authorization: `Key ${process.env.FAL_AI_API_KEY}`,
        "Content-Type": "application/json",
    },
    body: JSON.stringify(payload),
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
