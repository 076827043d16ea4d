import { expect, test } from "vitest";
import { providerHasPath } from "./auth0-client";

test("a provider under a path is told apart from one at the root of its origin", () => {
  expect(providerHasPath("oystar.eu.auth0.com")).toBe(false);
  expect(providerHasPath("https://login.oystar.it/")).toBe(false);
  expect(providerHasPath("http://localhost:8787/idp")).toBe(true);
});
