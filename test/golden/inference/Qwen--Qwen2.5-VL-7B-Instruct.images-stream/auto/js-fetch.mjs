import { readFile } from "node:fs/promises";

const image = (await readFile("photos/dog.jpg")).toString("base64");

const payload = {
    model: "Qwen/Qwen2.5-VL-7B-Instruct",
    messages: [
        {
            role: "user",
            content: [
                {
                    type: "text",
                    text: "Describe this image in one sentence.",
                },
                {
                    type: "image_url",
                    image_url: {
                        url: "data:image/jpeg;base64," + image,
                    },
                },
            ],
        },
    ],
    stream: true,
};

const response = await fetch("https://router.huggingface.co/v1/chat/completions", {
    method: "POST",
    headers: {
        Authorization: `Bearer ${process.env.HF_TOKEN}`,
        "Content-Type": "application/json",
    },
    body: JSON.stringify(payload),
});
if (!response.ok) {
    throw new Error(`Request failed: ${response.status} ${await response.text()}`);
}

// Server-sent events: one `data:` line per chunk, then `data: [DONE]`.
const decoder = new TextDecoder();
let pending = "";
reading: for await (const bytes of response.body) {
    pending += decoder.decode(bytes, { stream: true });
    const lines = pending.split("\n");
    pending = lines.pop();
    for (const line of lines) {
        if (!line.startsWith("data:")) continue;
        const data = line.slice("data:".length).trim();
        if (data === "[DONE]") break reading;
        const chunk = JSON.parse(data);
        process.stdout.write(chunk.choices?.[0]?.delta?.content ?? "");
    }
}
process.stdout.write("\n");
