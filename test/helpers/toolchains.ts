import { spawnSync } from "node:child_process";

/*
 * The toolchains the Go, Java, Ruby and PHP snippets run with. Where one is
 * missing its snippets are a named skip; with HUBREF_REQUIRE_TOOLCHAINS=1
 * (.ci/run sets it) a missing one fails the suite instead.
 */

export const TOOLCHAINS = {
  go: { command: "go", args: ["version"], package: "golang-go" },
  java: { command: "javac", args: ["-version"], package: "default-jdk-headless" },
  ruby: { command: "ruby", args: ["-e", "require 'json'; require 'net/http'"], package: "ruby" },
  php: { command: "php", args: ["-r", "exit(function_exists('curl_init') ? 0 : 1);"], package: "php-cli php-curl" },
} as const;

export type ToolchainLanguage = keyof typeof TOOLCHAINS;

const found = new Map<string, boolean>();

/** Whether a language's toolchain runs here (asked once per process). HUBREF_SKIP_TOOLCHAINS=go,java (or `all`) acts as if they were not. */
export function hasToolchain(language: ToolchainLanguage): boolean {
  const skipped = (process.env.HUBREF_SKIP_TOOLCHAINS ?? "").split(",");
  if (skipped.includes(language) || skipped.includes("all")) return false;
  let ok = found.get(language);
  if (ok === undefined) {
    const { command, args } = TOOLCHAINS[language];
    ok = spawnSync(command, [...args], { stdio: "ignore" }).status === 0;
    found.set(language, ok);
  }
  return ok;
}

export function toolchainsRequired(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.HUBREF_REQUIRE_TOOLCHAINS === "1";
}
