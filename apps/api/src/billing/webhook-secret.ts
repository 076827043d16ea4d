import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/** The built-in checkout's signing secret: made once, kept in DATA_DIR like the dev keys. */
export function devWebhookSecret(dataDir: string): string {
  const path = join(dataDir, "dev-webhook-secret");
  try {
    const existing = readFileSync(path, "utf8").trim();
    if (existing.startsWith("whsec_")) return existing;
  } catch {
    // First start: create it below.
  }
  const secret = `whsec_${randomBytes(24).toString("base64url")}`;
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(path, secret, { mode: 0o600 });
  return secret;
}
