const payload = {
    model: "meta-llama/llama-3.1-8b-instruct",
    messages: [
        {
            role: "user",
            content: "What is the capital of France?",
        },
    ],
};

const response = await fetch("https://api.novita.ai/v3/openai/chat/completions", {
    method: "POST",
    headers: {
        Authorization: `Bearer ${process.env.NOVITA_API_KEY}`,
        "Content-Type": "application/json",
    },
    body: JSON.stringify(payload),
});
if (!response.ok) {
    throw new Error(`Request failed: ${response.status} ${await response.text()}`);
}
const chatCompletion = await response.json();
console.log(chatCompletion.choices[0].message.content);
