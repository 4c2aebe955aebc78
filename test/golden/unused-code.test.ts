import { beforeAll, describe, expect, it } from "vitest";
import { hasToolchain, toolchainsRequired, TOOLCHAINS, type ToolchainLanguage } from "../helpers/toolchains.js";
import {
  findRuff,
  goFindings,
  javaFindings,
  jsFindings,
  phpFindings,
  pythonFindings,
  rubyFindings,
  unusedNames,
  type Findings,
  type NamedLanguage,
  type Program,
} from "../helpers/unused-code.js";
import { extensionOf, goldenFiles } from "./cases.js";
import { generateSnippets } from "../../src/inference/engine.js";
import { registryChatProviders, registryPairs } from "../helpers/registry-pairs.js";
import { syntheticModel } from "../helpers/synthetic-models.js";

/*
 * Generated programs hold no unused imports, variables or helpers: every
 * golden program (the cases render every template) goes through its
 * language's own checker, one process per language, and through the name
 * check the tools lack (test/helpers/unused-code.ts). A missing tool skips
 * its language with one line naming it; HUBREF_REQUIRE_TOOLCHAINS=1 (.ci/run)
 * makes it a failure.
 */

/** The languages whose golden programs a checker reads. */
const CHECKED = ["python", "js", "go", "java", "ruby", "php"] as const;
type Checked = (typeof CHECKED)[number];

const programs = new Map<Checked, Program[]>();

beforeAll(async () => {
  const files = await goldenFiles();
  for (const language of CHECKED) {
    const extension = `.${extensionOf(language)}`;
    programs.set(
      language,
      files.filter((file) => file.path.endsWith(extension)).map((file) => ({ name: file.path, content: file.content })),
    );
  }
}, 120_000);

const ruff = findRuff();

/** Each language's tool, and what to install where it is missing. */
const TOOLS: Record<Checked, { here: boolean; missing: string; check: (programs: Program[]) => Promise<Findings> }> = {
  python: {
    here: ruff !== undefined,
    missing: "ruff (pip install ruff into .venv-test, as .ci/run does)",
    check: (list) => pythonFindings(list, ruff!),
  },
  js: { here: true, missing: "", check: jsFindings },
  go: toolchain("go", goFindings),
  java: toolchain("java", javaFindings),
  ruby: toolchain("ruby", rubyFindings),
  php: toolchain("php", phpFindings),
};

function toolchain(language: ToolchainLanguage, check: (programs: Program[]) => Promise<Findings>) {
  return { here: hasToolchain(language), missing: `${TOOLCHAINS[language].command} (apt-get install ${TOOLCHAINS[language].package})`, check };
}

describe.each(CHECKED)("%s", (language) => {
  const tool = TOOLS[language];
  if (!tool.here && !toolchainsRequired()) {
    it.skip(`skips the ${language} checker: no ${tool.missing} here`, () => {});
  } else {
    it("the language's checker finds nothing unused in any golden program", async () => {
      expect(tool.here, `${tool.missing} is missing, and HUBREF_REQUIRE_TOOLCHAINS=1 requires it`).toBe(true);
      const list = programs.get(language)!;
      expect(list.length).toBeGreaterThan(0);
      expect(await tool.check(list)).toEqual([]);
    }, 600_000);
  }

  if (language !== "js") {
    it("no helper, import or require is left unused", () => {
      const findings = programs
        .get(language)!
        .flatMap((program) => unusedNames(language as NamedLanguage, program.content).map((line) => `${program.name}: ${line}`));
      expect(findings).toEqual([]);
    });
  }
});

it("the name check holds for every provider, task and mode the registry offers, chat included", () => {
  // The golden cases render every template; these render every template with each provider's request, which picks
  // the imports and helpers (a binary or JSON body, a local or remote file, a queue, a file saved or a field read).
  const calls = [
    ...registryPairs().map(({ provider, task, modes }) => ({ provider, task, modes, chat: false })),
    ...registryChatProviders().map(({ provider, modes }) => ({ provider, task: "text-generation", modes, chat: true })),
  ];
  const findings: string[] = [];
  let checked = 0;
  for (const { provider, task, modes, chat } of calls) {
    for (const mode of modes) {
      const model = syntheticModel(task, { id: `acme/${task}-${provider}`, conversational: chat });
      for (const stream of chat ? [false, true] : [false]) {
        for (const snippet of generateSnippets(model, { provider: provider as never, direct: mode === "direct", stream }).snippets) {
          if (!["python", "go", "java", "ruby", "php"].includes(snippet.language)) continue;
          checked++;
          const where = `${provider} ${task} ${mode}${stream ? " stream" : ""} ${snippet.language} ${snippet.client}`;
          findings.push(...unusedNames(snippet.language as NamedLanguage, snippet.content).map((line) => `${where}: ${line}`));
        }
      }
    }
  }
  expect(checked).toBeGreaterThan(300);
  expect(findings).toEqual([]);
});

describe("the checkers", () => {
  // Each is shown a program with what it must find, so a checker that finds nothing is not taken for a clean result.
  const planted: Record<Checked, string> = {
    python: "import os\nimport sys\n\nprint(sys.argv)\n",
    js: 'import { readFile, writeFile } from "node:fs/promises";\n\nconsole.log(await readFile("x"));\n',
    go: 'package main\n\nimport (\n\t"fmt"\n\t"os"\n)\n\nfunc main() {\n\tfmt.Println(1)\n}\n',
    java: "import java.util.List;\nimport java.util.Map;\n\npublic class Main {\n    public static void main(String[] args) {\n        System.out.println(List.of(1));\n    }\n}\n",
    ruby: "def shout\n  x = 1\n  'hi'\nend\nputs shout\n",
    php: "<?php\necho 1 +;\n",
  };
  const expected: Record<Checked, RegExp> = {
    python: /planted\.py.*F401.*os/,
    js: /planted\.mjs.*writeFile/,
    // Go 1.20 changed "but" to "and".
    go: /planted\.go.*"os" imported (?:but|and) not used/,
    java: /.^/,
    ruby: /planted\.rb:2: warning: assigned but unused variable - x/,
    php: /planted\.php:2: syntax error/,
  };

  it.each(Object.keys(planted) as Checked[])(
    "%s finds what was planted",
    async (language) => {
      const tool = TOOLS[language];
      if (!tool.here) return;
      const findings = await tool.check([{ name: `planted.${extensionOf(language)}`, content: planted[language] }]);
      if (language === "java") {
        // javac has no unused-import warning: the name check finds it.
        expect(findings).toEqual([]);
        expect(unusedNames("java", planted.java)).toEqual(["the import Map is never used"]);
      } else {
        expect(findings.join("\n")).toMatch(expected[language]);
      }
    },
    600_000,
  );

  it("the name check finds unused helpers and requires", () => {
    expect(unusedNames("go", "package main\n\nfunc main() {}\n\n// must is a helper.\nfunc must[T any](value T, err error) T {\n\treturn value\n}\n")).toEqual([
      "the helper must is never used",
    ]);
    expect(unusedNames("ruby", "require 'json'\nrequire 'net/http'\n\nputs Net::HTTP.get(URI('https://x'))\n")).toEqual(["require 'json' is never used"]);
    expect(unusedNames("php", "<?php\nfunction fail(string $m): void\n{\n    exit(1);\n}\necho 1;\n")).toEqual(["the helper fail is never used"]);
    expect(
      unusedNames(
        "java",
        "public class Main {\n    public static void main(String[] args) {\n        System.out.println(twice(1));\n    }\n\n    static int twice(int x) {\n        return 2 * x;\n    }\n\n    static String text(Object value) {\n        return String.valueOf(value);\n    }\n}\n",
      ),
    ).toEqual(["the helper text is never used"]);
    expect(unusedNames("python", "def used():\n    pass\n\n\ndef unused():\n    pass\n\n\nused()\n")).toEqual(["the helper unused is never used"]);
  });
});
