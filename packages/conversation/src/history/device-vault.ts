// Issue 35 §1: what the browser keeps of a conversation is encrypted with the account's key, which
// the server keeps and hands only to that account signed in (DESIGN.md §7). AES-GCM from Web
// Crypto: a fresh 96-bit IV per record, and the record's place (account and conversation) as
// additional data, so a record copied under another account or conversation does not open.

/** The server's key (32 bytes, base64url) as a key the page can use but never read back. */
export async function importDeviceKey(base64url: string): Promise<CryptoKey> {
  const bytes = Uint8Array.from(atob(base64url.replace(/-/g, "+").replace(/_/g, "/")), (character) => character.charCodeAt(0));
  if (bytes.length !== 32) throw new Error("device key: 32 bytes expected");
  return crypto.subtle.importKey("raw", bytes, "AES-GCM", false, ["encrypt", "decrypt"]);
}

export type Sealed = { iv: Uint8Array<ArrayBuffer>; data: ArrayBuffer };

const placeOf = (account: string, id: string) => new TextEncoder().encode(`${account}\u0000${id}`);

export async function seal(key: CryptoKey, account: string, id: string, value: unknown): Promise<Sealed> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const plain = new TextEncoder().encode(JSON.stringify(value));
  const data = await crypto.subtle.encrypt({ name: "AES-GCM", iv, additionalData: placeOf(account, id) }, key, plain);
  return { iv, data };
}

/** The value, or an error when the record was not sealed with this key for this place. */
export async function open(key: CryptoKey, account: string, id: string, sealed: Sealed): Promise<unknown> {
  const plain = await crypto.subtle.decrypt({ name: "AES-GCM", iv: sealed.iv, additionalData: placeOf(account, id) }, key, sealed.data);
  return JSON.parse(new TextDecoder().decode(plain)) as unknown;
}

/** The account as the browser's store names it: a digest of its identity, not the identity itself. */
export async function accountTag(identity: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`oystar-conversations:${identity}`));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, "0")).join("");
}
