import { expect, test } from "vitest";
import { placeholder } from "./index";
test("x", () => expect(placeholder).toBe(1));
