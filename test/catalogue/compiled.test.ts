import { describe, expect, it } from "vitest";
import { readCompiled } from "../../src/catalogue/compiled.js";
import { thrown } from "../helpers/errors.js";

describe("readCompiled", () => {
  it("reads a part the build wrote", () => {
    expect(readCompiled<{ devices: unknown[] }>("hardware").devices.length).toBeGreaterThan(0);
  });

  it("fails as an installation problem (exit 1) naming the part, with the way to mend it, when the part is not there", () => {
    const error = thrown(() => readCompiled("no-such-part"));
    expect(error.exitCode).toBe(1);
    expect(error.message).toBe("catalogue data 'no-such-part' is missing or damaged in dist/data/");
    expect(error.hint).toBe("run `npm run build` in the hubref folder");
  });
});
