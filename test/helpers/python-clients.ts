import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { ROOT } from "./paths.js";

/*
 * The Python client libraries the huggingface_hub and openai snippets import.
 * They live in a virtual environment (.ci/run makes .venv-test/ from the
 * wheels it finds), or in the interpreter HUBREF_TEST_PYTHON names.
 */

export const CLIENT_PACKAGES = ["huggingface_hub", "openai", "PIL"] as const;

export interface PythonClients {
  /** The interpreter to run the snippets with. */
  python: string;
  /** Packages it cannot import; empty when every snippet can run. */
  missing: string[];
}

export function findPythonClients(env: NodeJS.ProcessEnv = process.env): PythonClients {
  const venv = join(ROOT, ".venv-test", "bin", "python");
  const python = env.HUBREF_TEST_PYTHON || (existsSync(venv) ? venv : "python3");
  const probe = `import importlib.util, json; print(json.dumps([name for name in ${JSON.stringify(CLIENT_PACKAGES)} if importlib.util.find_spec(name) is None]))`;
  const result = spawnSync(python, ["-c", probe], { encoding: "utf8" });
  if (result.status !== 0) return { python, missing: [...CLIENT_PACKAGES] };
  return { python, missing: JSON.parse(result.stdout) as string[] };
}

/** .ci/run sets this after installing the packages: there a missing package is a failure, not a skip. */
export function clientsRequired(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.HUBREF_REQUIRE_PYTHON_CLIENTS === "1";
}
