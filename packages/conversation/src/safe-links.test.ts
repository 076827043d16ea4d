import { expect, test } from "vitest";
import { safeLinkUrl } from "./safe-links";

test("links: absolute http, https and mailto only", () => {
  expect(safeLinkUrl("https://example.com/a?b=1")).toBe("https://example.com/a?b=1");
  expect(safeLinkUrl("http://example.com")).toBe("http://example.com/");
  expect(safeLinkUrl("mailto:info@oystar.ai")).toBe("mailto:info@oystar.ai");
  for (const dangerous of ["javascript:alert(1)", "JaVaScRiPt:alert(1)", "jav\tascript:alert(1)", "  javascript:alert(1)", "data:text/html,x", "vbscript:msgbox(1)", "/chat", "//evil.example/x", ""]) {
    expect(safeLinkUrl(dangerous), dangerous).toBeNull();
  }
});
