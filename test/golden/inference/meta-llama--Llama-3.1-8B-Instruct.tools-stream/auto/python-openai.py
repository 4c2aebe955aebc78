import json
import os
import sys

from openai import OpenAI

client = OpenAI(
    base_url="https://router.huggingface.co/v1",
    api_key=os.environ["HF_TOKEN"],
)

payload = {
    "model": "meta-llama/Llama-3.1-8B-Instruct",
    "messages": [
        {
            "role": "user",
            "content": "What is the weather like in Paris and in Tokyo?",
        },
    ],
    "tools": [
        {
            "type": "function",
            "function": {
                "name": "get_weather",
                "description": "Get the current weather in a city.",
                "parameters": {
                    "type": "object",
                    "properties": {
                        "location": {
                            "type": "string",
                            "description": "The city, e.g. Paris",
                        },
                        "unit": {
                            "type": "string",
                            "enum": [
                                "celsius",
                                "fahrenheit",
                            ],
                        },
                    },
                    "required": [
                        "location",
                    ],
                },
            },
        },
    ],
    "stream": True,
}

MAX_ROUNDS = 5


def get_weather(arguments):
    # A sample: fixed data stands for a real weather lookup.
    return {
        "temperature": 22,
        "unit": "celsius",
        "conditions": "sunny",
    }


# The function for each tool name the model may ask for.
TOOL_FUNCTIONS = {
    "get_weather": get_weather,
}


def ask():
    """Sends the conversation so far; returns the reply's text and the tool calls it asks for."""
    content = ""
    calls = {}
    for chunk in client.chat.completions.create(**payload):
        if not chunk.choices:
            continue
        delta = chunk.choices[0].delta
        if delta.content:
            print(delta.content, end="", flush=True)
            content += delta.content
        # A tool call arrives in pieces, by index: its id and name first, then its arguments in parts.
        for part in delta.tool_calls or []:
            call = calls.setdefault(part.index, {"id": "", "name": "", "arguments": ""})
            call["id"] = part.id or call["id"]
            if part.function:
                call["name"] = part.function.name or call["name"]
                call["arguments"] += part.function.arguments or ""
    return content, [calls[index] for index in sorted(calls)]


messages = payload["messages"]
for _ in range(MAX_ROUNDS):
    content, calls = ask()
    if not calls:
        print()
        break
    messages.append({
        "role": "assistant",
        "content": content,
        "tool_calls": [
            {"id": call["id"], "type": "function", "function": {"name": call["name"], "arguments": call["arguments"]}}
            for call in calls
        ],
    })
    # Every call the reply asks for is answered before the model is asked again.
    for call in calls:
        function = TOOL_FUNCTIONS.get(call["name"])
        result = function(json.loads(call["arguments"] or "{}")) if function else {"error": "no such tool"}
        messages.append({"role": "tool", "tool_call_id": call["id"], "content": json.dumps(result)})
else:
    sys.exit(f"No final answer after {MAX_ROUNDS} rounds of tool calls")
