const payload = {
    model: "meta-llama/Llama-3.1-8B-Instruct",
    instructions: "Answer in one word.",
    input: "What is the capital of France?",
    max_output_tokens: 256,
    stream: true,
};

const response = await fetch("https://router.huggingface.co/v1/responses", {
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

// Server-sent events, each with an `event:` and a `data:` line; the data's "type" names the event.
const decoder = new TextDecoder();
let pending = "";
reading: for await (const bytes of response.body) {
    pending += decoder.decode(bytes, { stream: true });
    const lines = pending.split("\n");
    pending = lines.pop();
    for (const line of lines) {
        if (!line.startsWith("data:")) continue;
        const event = JSON.parse(line.slice("data:".length));
        if (event.type === "response.output_text.delta") process.stdout.write(event.delta);
        else if (event.type === "response.completed") break reading;
        else if (event.type === "response.failed" || event.type === "error") throw new Error(`The response failed: ${JSON.stringify(event)}`);
    }
}
process.stdout.write("\n");
