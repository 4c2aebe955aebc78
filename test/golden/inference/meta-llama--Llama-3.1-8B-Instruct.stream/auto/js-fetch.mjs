const payload = {
    model: "meta-llama/Llama-3.1-8B-Instruct",
    messages: [
        {
            role: "user",
            content: "What is the capital of France?",
        },
    ],
    temperature: 0.5,
    max_tokens: 256,
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
