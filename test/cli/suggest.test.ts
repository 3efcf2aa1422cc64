// The "did you mean" behind flag and placeholder hints.
import { describe, expect, it } from "vitest";
import { editDistance, nearest } from "../../src/cli/suggest.js";

describe("nearest", () => {
  it("suggests a close candidate and nothing for an exact or distant word", () => {
    expect(nearest("--crul", ["--curl", "--base-url"])).toBe("--curl");
    expect(nearest("rep", ["owner", "repo"])).toBe("repo");
    expect(nearest("--base-ulr", ["--curl", "--base-url"])).toBe("--base-url");
    expect(nearest("--curl", ["--curl"])).toBeUndefined();
    expect(nearest("state", ["owner", "repo"])).toBeUndefined();
    expect(nearest("x".repeat(100), ["x".repeat(99)])).toBeUndefined();
  });

  it("counts a swap of neighbours as one edit", () => {
    expect(editDistance("crul", "curl")).toBe(1);
    expect(editDistance("", "abc")).toBe(3);
    expect(editDistance("kitten", "sitting")).toBe(3);
  });
});
