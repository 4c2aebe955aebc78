import { spawn } from "node:child_process";
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { librarySnippets } from "../../src/libraries/registry.js";
import { ModelDataSchema } from "../../src/model/schema.js";
import { ROOT } from "../helpers/paths.js";
import { startHubFiles, type HubFiles } from "../helpers/hub-files.js";
import { clientsRequired } from "../helpers/python-clients.js";

/*
 * Library snippets whose libraries install from the wheels folder (no
 * transformers, no torch), run as printed against tiny models this test
 * makes, served by a loopback hub (HF_ENDPOINT). The install line is taken at
 * its word: every package it names must be importable in the test's Python,
 * so a snippet that needs more than it installs fails here too.
 */

const PACKAGES = ["keras", "jax", "sklearn", "joblib", "bm25s", "huggingface_hub"];
const venv = join(ROOT, ".venv-test", "bin", "python");
const python = process.env.HUBREF_TEST_PYTHON || (existsSync(venv) ? venv : "python3");
const probe = spawnSync(python, ["-c", `import importlib.util as u; print(",".join(n for n in ${JSON.stringify(PACKAGES)} if u.find_spec(n) is None))`], {
  encoding: "utf8",
});
const missing = probe.status === 0 ? probe.stdout.trim() : PACKAGES.join(",");

const MAKE_KERAS = `
import os, sys, zipfile
# The saved model is the same on every backend; numpy's imports fastest.
os.environ["KERAS_BACKEND"] = "numpy"
import keras
model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2, name="tiny_dense")], name="tiny_model")
# A push to the hub stores the archive's members as files: config.json, metadata.json, model.weights.h5.
archive = os.path.join(sys.argv[2], "model.keras")
model.save(archive)
zipfile.ZipFile(archive).extractall(sys.argv[1])
`;
const MAKE_SKLEARN = `
import os, sys, joblib
from sklearn.linear_model import LogisticRegression
joblib.dump(LogisticRegression().fit([[0, 0], [1, 1]], [0, 1]), os.path.join(sys.argv[1], "sklearn_model.joblib"))
`;

const MAKE_BM25 = `
import sys, bm25s
corpus = ["a cat is a small animal that purrs", "a dog barks at the postman", "the sky is blue", "rain falls in autumn"]
retriever = bm25s.BM25(corpus=corpus)
retriever.index(bm25s.tokenize(corpus), show_progress=False)
retriever.save(sys.argv[1], corpus=corpus)
`;

interface Outcome {
  status: number | null;
  stdout: string;
  stderr: string;
}

function runPythonFile(file: string, args: string[], env: NodeJS.ProcessEnv): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const child = spawn(python, [file, ...args], { env, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk));
    child.on("error", reject);
    child.on("close", (status) => resolve({ status, stdout, stderr }));
  });
}

async function pythonBlock(library: string, model: object): Promise<string> {
  const blocks = (await librarySnippets(library, ModelDataSchema.parse(model))) ?? [];
  return blocks.find((block) => block.language === "python")!.content;
}

const KERAS_MODEL = { id: "acme/tiny-keras", library_name: "keras", tags: ["keras"] };
const SKLEARN_MODEL = { id: "acme/tiny-sklearn", library_name: "sklearn", tags: ["sklearn"], siblings: [{ rfilename: "sklearn_model.joblib" }] };
const BM25_MODEL = { id: "acme/tiny-bm25", library_name: "bm25s", tags: ["bm25s"] };

if (missing !== "" && !clientsRequired()) {
  it.skip(`skips the library snippets run as printed: ${missing} not installed for ${python} (docs/development.md)`, () => {});
}

describe.skipIf(missing !== "" && !clientsRequired())("library snippets run as printed", () => {
  let folder: string;
  let hub: HubFiles;
  let keras: Outcome;
  let sklearn: Outcome;
  let bm25: Outcome;

  beforeAll(async () => {
    expect(missing, `packages missing from ${python}`).toBe("");
    folder = mkdtempSync(join(tmpdir(), "hubref-library-run-"));
    const repos = { [KERAS_MODEL.id]: join(folder, "keras"), [SKLEARN_MODEL.id]: join(folder, "sklearn"), [BM25_MODEL.id]: join(folder, "bm25") };
    for (const path of Object.values(repos)) mkdirSync(path);
    const env = {
      PATH: process.env.PATH,
      HOME: folder,
      HF_HOME: join(folder, "hf-home"),
      HF_HUB_DISABLE_TELEMETRY: "1",
      KERAS_HOME: join(folder, "keras-home"),
    };
    const write = (name: string, text: string) => {
      const path = join(folder, name);
      writeFileSync(path, text);
      return path;
    };
    // One process per model, side by side: keras' import alone is seconds.
    const made = await Promise.all([
      runPythonFile(write("make_keras.py", MAKE_KERAS), [repos[KERAS_MODEL.id]!, folder], env),
      runPythonFile(write("make_sklearn.py", MAKE_SKLEARN), [repos[SKLEARN_MODEL.id]!], env),
      runPythonFile(write("make_bm25.py", MAKE_BM25), [repos[BM25_MODEL.id]!], env),
    ]);
    for (const outcome of made) expect(outcome.stderr).not.toMatch(/Traceback/);
    hub = await startHubFiles(repos);
    const snippetEnv = { ...env, HF_ENDPOINT: hub.endpoint };
    // The sklearn snippet loads the model and shows nothing: the check after it says what it loaded.
    const sklearnCode = `${await pythonBlock("sklearn", SKLEARN_MODEL)}\n\nprint("loaded", type(model).__name__, model.predict([[1, 1]]).tolist())\n`;
    [keras, sklearn, bm25] = await Promise.all([
      runPythonFile(write("keras_snippet.py", await pythonBlock("keras", KERAS_MODEL)), [], snippetEnv),
      runPythonFile(write("sklearn_snippet.py", sklearnCode), [], snippetEnv),
      runPythonFile(write("bm25_snippet.py", await pythonBlock("bm25s", BM25_MODEL)), [], snippetEnv),
    ]);
  }, 300_000);

  afterAll(async () => {
    await hub?.close();
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  it("keras: downloads the model folder, loads it on the backend it installs, and prints its summary", () => {
    expect(keras.stderr).not.toMatch(/Traceback/);
    expect(keras.status).toBe(0);
    expect(keras.stdout).toContain("tiny_model");
    expect(keras.stdout).toContain("tiny_dense");
    expect(hub.downloads).toContain(`${KERAS_MODEL.id}/model.weights.h5`);
  });

  it("sklearn: downloads the joblib file the file list names, and loads it", () => {
    expect(sklearn.stderr).not.toMatch(/Traceback/);
    expect(sklearn.status).toBe(0);
    expect(sklearn.stdout).toContain("loaded LogisticRegression [1]");
    expect(hub.downloads).toContain(`${SKLEARN_MODEL.id}/sklearn_model.joblib`);
  });

  it("bm25s: loads the index from the hub and prints the best documents for the query", () => {
    expect(bm25.stderr).not.toMatch(/Traceback/);
    expect(bm25.status).toBe(0);
    // The best match first, with its score; the corpus comes back as {id, text} records.
    expect(bm25.stdout.split("\n")[0]).toMatch(/^\d+\.\d\d .*'a cat is a small animal that purrs'/);
  });
});
