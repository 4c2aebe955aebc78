import { HUB_WHEEL, PYTHON_MODULES, type ModulePackage } from "../../src/libraries/python-modules.js";

/*
 * What a library's sh blocks install, read as pip would, named as
 * src/libraries/python-modules.ts names packages.
 */

/** The package a `pip install` argument names: its pip name, or its repository without scheme and `.git`. */
export function packageOf(argument: string): string {
  const bare = argument.replace(/^['"]|['"]$/g, "");
  if (/^https:\/\/huggingface\.co\/.*\.whl$/.test(bare)) return HUB_WHEEL;
  const repository = /(?:git\+)?https:\/\/(github\.com\/[^@#\s]+?)(?:\.git)?(?:[@#].*)?$/.exec(bare.replace(/^[^@]*@\s*/, ""));
  if (repository) return repository[1]!.toLowerCase();
  return bare
    .replace(/\[.*$/, "")
    .replace(/[<>=].*$/, "")
    .toLowerCase()
    .replace(/_/g, "-");
}

/**
 * What the sh blocks install: pip arguments; a cloned repository's own
 * modules (`clone:<repository>`), and with its requirements, package or setup
 * script installed, the repository as a package.
 */
export function installed(sh: string): string[] {
  const packages: string[] = [];
  let cloned: string | undefined;
  for (const line of sh.split("\n")) {
    const clone = /git clone (?:--\S+ )*(https:\/\/\S+)/.exec(line);
    if (clone) {
      cloned = packageOf(clone[1]!);
      packages.push(`clone:${cloned}`);
    }
    if (/^\.\/\S+\.sh\b/.test(line) && cloned) packages.push(cloned);
    const pip = /pip install (.*)$/.exec(line);
    if (!pip) continue;
    const words = pip[1]!
      .replace(/--no-binary :all:/, "")
      .split(/\s+(?=(?:[^']*'[^']*')*[^']*$)/)
      .filter((word) => word !== "" && !word.startsWith("-") && word !== ".");
    if ((/-r requirements\.txt|-e \.(\s|$)/.test(pip[1]!) || words.length === 0) && cloned) packages.push(cloned);
    packages.push(...words.filter((word) => word !== "requirements.txt").map(packageOf));
  }
  return packages;
}

/** Whether the installed packages make `module` importable; undefined when the table does not know the module. */
export function provides(packages: ReadonlySet<string>, module: string): boolean | undefined {
  if (!Object.hasOwn(PYTHON_MODULES, module)) return undefined;
  const entry: ModulePackage = PYTHON_MODULES[module as keyof typeof PYTHON_MODULES];
  return packages.has(entry.package) || (entry.with ?? []).some((name) => packages.has(name));
}
