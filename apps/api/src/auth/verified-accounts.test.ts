import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { ensureUser, accountsChanged } from "../accounts/accounts";
import { profileOf, type VerifiedToken } from "./claims";
import { rememberVerifiedTokens } from "./token-verifier";
import { startTestServer } from "../../test-support/fixtures";

describe("verified tokens are remembered until they expire, never longer", () => {
  test("a second call with the same token skips the signature check; an expired one is checked again", async () => {
    let now = 1_000_000;
    const verify = vi.fn(async (token: string): Promise<VerifiedToken> => {
      if (now >= 1_010_000) throw new Error(`scaduto: ${token}`);
      return { sub: "utente", exp: 1_005 };
    });
    const remembered = rememberVerifiedTokens(verify, () => now);
    await remembered("t1");
    await remembered("t1");
    expect(verify).toHaveBeenCalledTimes(1);
    now = 1_005_000;
    await remembered("t1");
    expect(verify).toHaveBeenCalledTimes(2);
    now = 1_010_000;
    await expect(remembered("t1")).rejects.toThrow("scaduto");
  });
});

describe("accounts seen a moment ago", () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  test("a changed profile is stored at once; a plan change is read at once after a billing event", async () => {
    const token = (email: string): VerifiedToken => ({ sub: "auth0|profilo", email, name: "Profilo", email_verified: true });
    const first = await ensureUser(server.db, profileOf(token("prima@esempio.it")));
    expect(first.email).toBe("prima@esempio.it");
    const second = await ensureUser(server.db, profileOf(token("dopo@esempio.it")));
    expect(second.email).toBe("dopo@esempio.it");
    const [row] = await server.db.query<{ email: string }>("SELECT email FROM users WHERE sub = $1", ["auth0|profilo"]);
    expect(row?.email).toBe("dopo@esempio.it");

    await server.db.query("UPDATE users SET plan = 'pro' WHERE sub = $1", ["auth0|profilo"]);
    accountsChanged(server.db);
    expect((await ensureUser(server.db, profileOf(token("dopo@esempio.it")))).plan).toBe("pro");
  });
});
