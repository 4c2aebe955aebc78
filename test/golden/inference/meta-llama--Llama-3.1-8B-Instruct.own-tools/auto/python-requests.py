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
            "content": "Try one of your tools (search_docs or get_time): call it with arguments of your choice, then tell me what it returned.",
        },
    ],
    "tools": [
        {
            "type": "function",
            "function": {
                "name": "search_docs",
                "description": "The search_docs tool.",
                "parameters": {
                    "type": "object",
                    "properties": {
                        "query": {
                            "type": "string",
                        },
                    },
                },
            },
        },
        {
            "type": "function",
            "function": {
                "name": "get_time",
                "description": "The get_time tool.",
                "parameters": {
                    "type": "object",
                    "properties": {
                        "query": {
                            "type": "string",
                        },
                    },
                },
            },
        },
    ],
}

MAX_ROUNDS = 5


def search_docs(arguments):
    # The tool search_docs: write its body; its argument holds what the model passed.
    return {
        "error": "not implemented yet",
    }


def get_time(arguments):
    # The tool get_time: write its body; its argument holds what the model passed.
    return {
        "error": "not implemented yet",
    }


# The function for each tool name the model may ask for.
TOOL_FUNCTIONS = {
    "search_docs": search_docs,
    "get_time": get_time,
}


def ask():
    """Sends the conversation so far; returns the reply's text and the tool calls it asks for."""
    response = requests.post(API_URL, headers=headers, json=payload)
    if not response.ok:
        raise SystemExit(f"Request failed: {response.status_code} {response.text}")
    message = response.json()["choices"][0]["message"]
    calls = [
        {"id": call["id"], "name": call["function"]["name"], "arguments": call["function"]["arguments"]}
        for call in message.get("tool_calls") or []
    ]
    return message.get("content"), calls


messages = payload["messages"]
for _ in range(MAX_ROUNDS):
    content, calls = ask()
    if not calls:
        print(content)
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
