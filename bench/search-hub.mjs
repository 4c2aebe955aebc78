// A stand-in hub for the benchmark, in its own process (the tmux polling of
// bench/search.mjs blocks its own event loop): GET /api/models answers the
// first `limit` models of test/fixtures/search/models.json with the fields
// asked in expand[]; GET /api/models/{id} one model. Prints its URL, then serves.
import { readFileSync } from "node:fs";
import { createServer } from "node:http";

const models = JSON.parse(readFileSync(new URL("../test/fixtures/search/models.json", import.meta.url), "utf8"));
const delayMs = Number(process.env.SEARCH_HUB_DELAY_MS ?? 0);

function project(model, fields) {
  const out = { _id: model._id, id: model.id };
  for (const field of fields) if (field in model) out[field] = model[field];
  return out;
}

const server = createServer((req, res) => {
  const url = new URL(req.url, "http://localhost");
  let body;
  if (url.pathname === "/api/models") {
    const search = (url.searchParams.get("search") ?? "").toLowerCase();
    const limit = Number(url.searchParams.get("limit") ?? 20);
    body = models
      .filter((model) => model.id.toLowerCase().includes(search))
      .slice(0, limit)
      .map((model) => project(model, url.searchParams.getAll("expand[]")));
  } else {
    const model = models.find((entry) => `/api/models/${entry.id}` === decodeURIComponent(url.pathname));
    body = model ? project(model, [...url.searchParams.getAll("expand[]"), "tags"]) : { error: "Repository not found" };
  }
  const text = JSON.stringify(body);
  setTimeout(() => {
    res.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(text) });
    res.end(text);
  }, delayMs);
});
server.listen(0, "127.0.0.1", () => console.log(`http://127.0.0.1:${server.address().port}`));
