import { describe, expect, it } from "vitest";
import { required } from "./required";

describe("required", () => {
  it("gives back a present value, falsy ones included", () => {
    expect(required(0, "the count")).toBe(0);
    expect(required("", "the name")).toBe("");
    expect(required(false, "the flag")).toBe(false);
  });

  it("throws an error naming what is missing", () => {
    expect(() => required(undefined, "the first chunk")).toThrow("the first chunk is missing");
    expect(() => required(null, "the row")).toThrow("the row is missing");
  });
});
