const payload = {
    model: "meta-llama/Llama-3.1-8B-Instruct",
    messages: [
        {
            role: "user",
            content: "What is the capital of France?",
        },
    ],
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
const chatCompletion = await response.json();
console.log(chatCompletion.choices[0].message.content);
