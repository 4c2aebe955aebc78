import { spawnSync } from "node:child_process";

/*
 * Python's own parser as the judge of generated Python. One python3 process
 * checks a whole batch, so hundreds of snippets cost one start-up.
 */

const CHECKER = String.raw`
import ast, json, sys

def literal(node):
    try:
        value = ast.literal_eval(node)
        json.dumps(value)  # bytes, sets and the like have no JSON form
        return value
    except Exception:
        return {"expr": ast.unparse(node)}

def calls(tree):
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            found.append({
                "func": ast.unparse(node.func),
                "args": [literal(a) for a in node.args],
                "kwargs": {k.arg: literal(k.value) for k in node.keywords if k.arg},
            })
    return found

def strings(tree):
    return [n.value for n in ast.walk(tree) if isinstance(n, ast.Constant) and isinstance(n.value, str)]

out = []
for source in json.load(sys.stdin):
    try:
        tree = ast.parse(source)
        out.append({"ok": True, "calls": calls(tree), "strings": strings(tree)})
    except SyntaxError as error:
        out.append({"ok": False, "error": f"{error.msg} (line {error.lineno})"})
json.dump(out, sys.stdout)
`;

export interface PythonCall {
  func: string;
  args: unknown[];
  kwargs: Record<string, unknown>;
}

export type PythonParse = { ok: true; calls: PythonCall[]; strings: string[] } | { ok: false; error: string };

export function parsePython(sources: string[]): PythonParse[] {
  const result = spawnSync("python3", ["-c", CHECKER], { input: JSON.stringify(sources), encoding: "utf8", maxBuffer: 256 * 1024 * 1024 });
  if (result.status !== 0) throw new Error(`python3 failed: ${result.stderr}`);
  return JSON.parse(result.stdout) as PythonParse[];
}
