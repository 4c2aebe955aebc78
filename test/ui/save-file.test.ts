import { chmodSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync, mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { resolveSavePath, saveSnippet } from "../../src/ui/save-file.js";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "hubref-save-"));
});

describe("saveSnippet", () => {
  it("writes the snippet with a final newline, relative to the working folder, leaving no temporary file", () => {
    expect(saveSnippet("snippet.py", "print(1)", { cwd: dir, overwrite: false })).toEqual({ kind: "saved", path: join(dir, "snippet.py") });
    expect(readFileSync(join(dir, "snippet.py"), "utf8")).toBe("print(1)\n");
    expect(readdirSync(dir)).toEqual(["snippet.py"]);
  });

  it("leaves an existing file alone unless told to overwrite it", () => {
    const path = join(dir, "snippet.sh");
    writeFileSync(path, "mine\n");
    chmodSync(path, 0o750);
    expect(saveSnippet("snippet.sh", "curl x\n", { cwd: dir, overwrite: false })).toEqual({ kind: "exists", path });
    expect(readFileSync(path, "utf8")).toBe("mine\n");
    expect(saveSnippet("snippet.sh", "curl x\n", { cwd: dir, overwrite: true })).toEqual({ kind: "saved", path });
    expect(readFileSync(path, "utf8")).toBe("curl x\n");
    expect(statSync(path).mode & 0o777).toBe(0o750);
    expect(readdirSync(dir)).toEqual(["snippet.sh"]);
  });

  it("expands ~/ to the home folder", () => {
    expect(resolveSavePath("~/a.py", "/elsewhere", "/home/me")).toBe("/home/me/a.py");
    expect(saveSnippet("~/a.js", "x", { cwd: "/", overwrite: false, home: dir })).toEqual({ kind: "saved", path: join(dir, "a.js") });
  });

  it("says why it could not write, and leaves nothing behind", () => {
    expect(saveSnippet("missing/a.py", "x", { cwd: dir, overwrite: false })).toEqual({
      kind: "failed",
      path: join(dir, "missing", "a.py"),
      message: `folder ${join(dir, "missing")} does not exist`,
    });
    mkdirSync(join(dir, "folder"));
    expect(saveSnippet("folder", "x", { cwd: dir, overwrite: true })).toMatchObject({ kind: "failed", message: `${join(dir, "folder")} is a folder` });
    expect(saveSnippet("new/", "x", { cwd: dir, overwrite: false })).toMatchObject({ kind: "failed", message: "new/ names a folder: add a file name" });
    expect(readdirSync(dir)).toEqual(["folder"]);
  });
});
