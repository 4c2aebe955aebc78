import os
import urllib.request
from pathlib import Path

import fal_client

# Files are named by their content type; these types' extensions are not their subtypes.
EXTENSIONS = {
    "image/jpeg": "jpg",
    "audio/mpeg": "mp3",
    "audio/x-wav": "wav",
}

client = fal_client.SyncClient(key=os.environ["FAL_AI_API_KEY"])

result = client.subscribe(
    "fal-ai/flux/dev",
    arguments={
        "prompt": "Astronaut in a jungle, cold color palette, muted colors, detailed, 8k",
    },
)

# The result names the file, on fal's file host.
with urllib.request.urlopen(result["images"][0]["url"]) as reply:
    content_type = reply.headers.get("Content-Type", "").split(";")[0].strip()
    extension = EXTENSIONS.get(content_type) or content_type.partition("/")[2] or "bin"
    path = Path(f"output.{extension}")
    path.write_bytes(reply.read())
print("Saved", path)
