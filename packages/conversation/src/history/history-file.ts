import { asConversation } from "./conversation-shape";
import { historyMessages } from "./history-messages";
import type { SavedConversation } from "./saved-conversation";

// Issue 50 §8: the conversations taken to another device in one file, sealed with a passphrase
// the user chooses — Web Crypto only: PBKDF2 (SHA-256) turns the passphrase into an AES-GCM key.
// The header (format, key derivation, the account's tag, the IV) is in clear and bound to the
// sealed data as additional data, so changing a byte of either fails to open. The server never
// sees the file: it is written and read in the browser.

export const HISTORY_FILE_FORMAT = "oystar-conversazioni";
/** OWASP's 2023 figure for PBKDF2-HMAC-SHA256; a file asking for fewer is refused. */
export const HISTORY_FILE_ITERATIONS = 600_000;
const MINIMUM_ITERATIONS = 100_000;

type Header = {
  format: typeof HISTORY_FILE_FORMAT;
  version: 1;
  kdf: { name: "PBKDF2"; hash: "SHA-256"; iterations: number; salt: string };
  cipher: { name: "AES-GCM"; iv: string };
  /** The account as the device's store names it (a digest, never its identity). */
  account: string;
};
type HistoryFile = Header & { data: string };

/** What went wrong reading a file, in words for the user; nothing was changed. */
export class HistoryFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "HistoryFileError";
  }
}

const base64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const bytesOf = (text: string) => Uint8Array.from(atob(text), (character) => character.charCodeAt(0));
const headerBytes = ({ format, version, kdf, cipher, account }: Header) =>
  new TextEncoder().encode(JSON.stringify({ format, version, kdf, cipher, account }));

async function keyOf(passphrase: string, salt: Uint8Array<ArrayBuffer>, iterations: number): Promise<CryptoKey> {
  const material = await crypto.subtle.importKey("raw", new TextEncoder().encode(passphrase.normalize("NFC")), "PBKDF2", false, [
    "deriveKey",
  ]);
  return crypto.subtle.deriveKey({ name: "PBKDF2", hash: "SHA-256", salt, iterations }, material, { name: "AES-GCM", length: 256 }, false, [
    "encrypt",
    "decrypt",
  ]);
}

/** The file's text: this account's conversations sealed with `passphrase`. */
export async function sealHistoryFile(
  conversations: readonly SavedConversation[],
  { passphrase, account, iterations = HISTORY_FILE_ITERATIONS }: { passphrase: string; account: string; iterations?: number },
): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const header: Header = {
    format: HISTORY_FILE_FORMAT,
    version: 1,
    kdf: { name: "PBKDF2", hash: "SHA-256", iterations, salt: base64(salt) },
    cipher: { name: "AES-GCM", iv: base64(iv) },
    account,
  };
  const plain = new TextEncoder().encode(JSON.stringify({ conversations }));
  const key = await keyOf(passphrase, salt, iterations);
  const data = await crypto.subtle.encrypt({ name: "AES-GCM", iv, additionalData: headerBytes(header) }, key, plain);
  const file: HistoryFile = { ...header, data: base64(new Uint8Array(data)) };
  return JSON.stringify(file);
}

/** The header, if the text is a whole file of this format; null for anything else. */
function headerOf(text: string): HistoryFile | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  const file = value as Partial<HistoryFile> | null;
  const fine =
    file?.format === HISTORY_FILE_FORMAT &&
    file.version === 1 &&
    file.kdf?.name === "PBKDF2" &&
    file.kdf.hash === "SHA-256" &&
    Number.isInteger(file.kdf.iterations) &&
    typeof file.kdf.salt === "string" &&
    file.cipher?.name === "AES-GCM" &&
    typeof file.cipher.iv === "string" &&
    typeof file.account === "string" &&
    typeof file.data === "string";
  return fine ? (file as HistoryFile) : null;
}

/**
 * The conversations a file holds, for the account it was made for. Throws HistoryFileError:
 * not such a file (or cut short), another account's, a wrong passphrase or an altered file.
 */
export async function openHistoryFile(
  text: string,
  { passphrase, account }: { passphrase: string; account: string },
): Promise<SavedConversation[]> {
  const file = headerOf(text);
  if (!file || file.kdf.iterations < MINIMUM_ITERATIONS) throw new HistoryFileError(historyMessages.file.notAFile);
  if (file.account !== account) throw new HistoryFileError(historyMessages.file.otherAccount);
  let salt: Uint8Array<ArrayBuffer>, iv: Uint8Array<ArrayBuffer>, data: Uint8Array<ArrayBuffer>;
  try {
    [salt, iv, data] = [bytesOf(file.kdf.salt), bytesOf(file.cipher.iv), bytesOf(file.data)];
  } catch {
    throw new HistoryFileError(historyMessages.file.notAFile);
  }
  let plain: ArrayBuffer;
  try {
    const key = await keyOf(passphrase, salt, file.kdf.iterations);
    plain = await crypto.subtle.decrypt({ name: "AES-GCM", iv, additionalData: headerBytes(file) }, key, data);
  } catch {
    // AES-GCM cannot tell a wrong key from altered bytes: both are said.
    throw new HistoryFileError(historyMessages.file.wrongPassphrase);
  }
  const { conversations } = JSON.parse(new TextDecoder().decode(plain)) as { conversations?: unknown[] };
  const read = (conversations ?? []).map((value) => asConversation(value, (value as { id?: string } | null)?.id ?? ""));
  if (!Array.isArray(conversations) || read.some((conversation) => conversation === null))
    throw new HistoryFileError(historyMessages.file.notAFile);
  return read as SavedConversation[];
}
