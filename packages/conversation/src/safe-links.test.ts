import { expect, test } from "vitest";
import { safeLinkUrl, sourceLink } from "./safe-links";

test("links: absolute http, https and mailto only", () => {
  expect(safeLinkUrl("https://example.com/a?b=1")).toBe("https://example.com/a?b=1");
  expect(safeLinkUrl("http://example.com")).toBe("http://example.com/");
  expect(safeLinkUrl("mailto:info@oystar.ai")).toBe("mailto:info@oystar.ai");
  for (const dangerous of [
    "javascript:alert(1)",
    "JaVaScRiPt:alert(1)",
    "jav\tascript:alert(1)",
    "  javascript:alert(1)",
    "data:text/html,x",
    "vbscript:msgbox(1)",
    "/chat",
    "//evil.example/x",
    "",
  ]) {
    expect(safeLinkUrl(dangerous), dangerous).toBeNull();
  }
});

test("spec 001 §5: only http(s) addresses become links", () => {
  expect(sourceLink("https://giardini.example/villa")).toBe("https://giardini.example/villa");
  expect(sourceLink("HTTP://giardini.example")).toBe("http://giardini.example/");
  for (const url of ["javascript:alert(1)", "file:///etc/passwd", "/docs/villa.md", "villa.md", "ftp://x", undefined, "https://"])
    expect(sourceLink(url)).toBeNull();
});
