// @vitest-environment node
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { expect, test } from "vitest";
import { cookiePolicy, privacyPolicy } from "./legal-texts";

// Issue 36 §8: the legal pages say only what the code does. Each name the cookie page lists, and
// each figure the privacy page gives, is read here from the code that sets it: a change there that
// forgets these pages fails this test.

const source = (path: string) => readFileSync(fileURLToPath(new URL(`../../../../../${path}`, import.meta.url)), "utf8");
const rowsOf = (heading: string) => cookiePolicy.sections.find((section) => section.heading === heading)?.table?.rows ?? [];
const privacyText = JSON.stringify(privacyPolicy);

test("every browser storage the cookie page lists is one the code really sets, where it says", () => {
  const setBy: Record<string, { file: string; where: string }> = {
    "oystar-conversations": { file: "packages/conversation/src/history/conversation-history.ts", where: "IndexedDB" },
    "oystar-ricorda-conversazioni": { file: "apps/assistant/src/history/use-device-history.ts", where: "localStorage" },
    "oystar-risposta-in-corso": { file: "apps/assistant/src/history/held-answer.ts", where: "sessionStorage" },
    "oystar-tema": { file: "packages/ui-kit/src/theme-choice.ts", where: "localStorage" },
    "oystar-offline-notice": { file: "apps/assistant/src/layout/offline-notice-store.ts", where: "sessionStorage" },
  };
  const listed = rowsOf("Memoria del browser").filter(([name]) => !name!.startsWith("a0.spajs"));
  expect(listed.map(([name]) => name).sort()).toEqual(Object.keys(setBy).sort());
  for (const [name, purpose] of listed) {
    const { file, where } = setBy[name!]!;
    const code = source(file);
    expect(code).toContain(`"${name}"`);
    expect(purpose).toMatch(new RegExp(`^${where}: `));
    expect(code).toContain(where === "IndexedDB" ? "indexedDB" : where);
  }
});

test("the cookies listed are the sign-in library's and the built-in provider's, with their lifetimes", () => {
  const cookies = rowsOf("Cookie");
  expect(cookies.map(([name]) => name)).toEqual([
    "auth0.<id client>.is.authenticated",
    "_legacy_auth0.<id client>.is.authenticated",
    "oystar_dev_idp_session",
  ]);
  const provider = source("apps/api/src/dev-idp/idp-routes.ts");
  expect(provider).toContain('"oystar_dev_idp_session"');
  expect(provider).toContain("maxAge: 24 * 3600");
  expect(cookies.find(([name]) => name === "oystar_dev_idp_session")?.[2]).toBe("24 ore");
  // The sign-in library keeps its tokens in memory (packages/auth): no token in any storage.
  expect(source("packages/auth/src/auth0-client.ts")).toContain('cacheLocation: "memory"');
});

test("the privacy page's figures are the server's", () => {
  const answers = source("apps/api/src/streams/answers-in-progress.ts");
  expect(answers).toContain("HOLD_AFTER_CLIENT_LEFT_MS = 2 * 60_000");
  expect(answers).toContain("KEEP_AFTER_END_MS = 60_000");
  expect(privacyText).toContain("al massimo 2 minuti dopo che la pagina si è disconnessa e 60 secondi dopo la fine");
  expect(source("apps/api/src/accounts/deleted-accounts.ts")).toContain("DELETION_REMEMBERED_DAYS = 30");
  expect(privacyText).toContain("per 30 giorni il server conserva soltanto un'impronta cifrata");
  expect(source("apps/api/src/web/address-limit.ts")).toContain("WINDOW_SECONDS = 60");
});
