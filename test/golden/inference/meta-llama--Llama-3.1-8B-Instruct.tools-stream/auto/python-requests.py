import json
import os
import sys

import requests

API_URL = "https://router.huggingface.co/v1/chat/completions"
headers = {
    "Authorization": f"Bearer {os.environ['HF_TOKEN']}",
    "Content-Type": "application/json",
}
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
    with requests.post(API_URL, headers=headers, json=payload, stream=True) as response:
        if not response.ok:
            raise SystemExit(f"Request failed: {response.status_code} {response.text}")
        # Server-sent events: one `data:` line per chunk, then `data: [DONE]`.
        for line in response.iter_lines():
            if not line.startswith(b"data:"):
                continue
            data = line[len(b"data:"):].strip()
            if data == b"[DONE]":
                break
            chunk = json.loads(data)
            if not chunk.get("choices"):
                continue
            delta = chunk["choices"][0].get("delta") or {}
            if delta.get("content"):
                print(delta["content"], end="", flush=True)
                content += delta["content"]
            # A tool call arrives in pieces, by index: its id and name first, then its arguments in parts.
            for part in delta.get("tool_calls") or []:
                call = calls.setdefault(part["index"], {"id": "", "name": "", "arguments": ""})
                function = part.get("function") or {}
                call["id"] = part.get("id") or call["id"]
                call["name"] = function.get("name") or call["name"]
                call["arguments"] += function.get("arguments") or ""
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
