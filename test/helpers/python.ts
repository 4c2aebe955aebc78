import { spawnSync } from "node:child_process";

/*
 * Python's own parser as the judge of generated Python. One python3 process
 * checks a whole batch, so hundreds of snippets cost one start-up.
 */

const CHECKER = String.raw`
import ast, builtins, json, sys

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

def imports(tree):
    # Top-level imports only: what the block needs installed before its first line runs.
    found = []
    for node in tree.body:
        if isinstance(node, ast.Import):
            for alias in node.names:
                found.append({"module": alias.name, "names": []})
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.append({"module": node.module, "names": [alias.name for alias in node.names]})
    return found

def last_call(tree):
    # The call the block ends with, when its last statement is one (a bare call or an assignment of one).
    statements = [node for node in tree.body]
    if not statements:
        return None
    node = statements[-1]
    # A block that cleans up in finally shows its result at the end of try.
    while isinstance(node, (ast.If, ast.With, ast.For, ast.Try)) and node.body:
        node = node.body[-1]
    value = node.value if isinstance(node, (ast.Expr, ast.Assign)) else None
    if isinstance(value, ast.Await):
        value = value.value
    return ast.unparse(value.func) if isinstance(value, ast.Call) else None

def undefined(tree):
    # Names read that nothing binds (order aside): a missing import shows up here.
    defined = set(dir(builtins))
    for node in ast.walk(tree):
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            defined.update((alias.asname or alias.name).split(".")[0] for alias in node.names)
        elif isinstance(node, ast.Name) and not isinstance(node.ctx, ast.Load):
            defined.add(node.id)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            defined.add(node.name)
        elif isinstance(node, ast.arg):
            defined.add(node.arg)
        elif isinstance(node, ast.ExceptHandler) and node.name:
            defined.add(node.name)
    return sorted({n.id for n in ast.walk(tree) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load) and n.id not in defined})

def strings(tree):
    return [n.value for n in ast.walk(tree) if isinstance(n, ast.Constant) and isinstance(n.value, str)]

out = []
for source in json.load(sys.stdin):
    try:
        tree = ast.parse(source)
        out.append({"ok": True, "calls": calls(tree), "strings": strings(tree), "imports": imports(tree), "lastCall": last_call(tree), "undefined": undefined(tree)})
    except SyntaxError as error:
        out.append({"ok": False, "error": f"{error.msg} (line {error.lineno})"})
json.dump({"parsed": out, "stdlib": sorted(sys.stdlib_module_names)}, sys.stdout)
`;

export interface PythonCall {
  func: string;
  args: unknown[];
  kwargs: Record<string, unknown>;
}

/** A top-level import: the module, and the names taken from it (`from m import a, b`), none for `import m`. */
export interface PythonImport {
  module: string;
  names: string[];
}

export type PythonParse =
  | {
      ok: true;
      calls: PythonCall[];
      strings: string[];
      imports: PythonImport[];
      /** The function the block's last statement calls (`print`, `image.save`), or null when it ends otherwise. */
      lastCall: string | null;
      /** Names the block reads that no import, assignment or definition in it binds. */
      undefined: string[];
    }
  | { ok: false; error: string };

/** The standard library's top-level modules, as the python3 that parsed the blocks names them. */
export const pythonStdlib = new Set<string>();

export function parsePython(sources: string[]): PythonParse[] {
  const result = spawnSync("python3", ["-c", CHECKER], { input: JSON.stringify(sources), encoding: "utf8", maxBuffer: 256 * 1024 * 1024 });
  if (result.status !== 0) throw new Error(`python3 failed: ${result.stderr}`);
  const { parsed, stdlib } = JSON.parse(result.stdout) as { parsed: PythonParse[]; stdlib: string[] };
  for (const module of stdlib) pythonStdlib.add(module);
  return parsed;
}
