import { createCipheriv, createDecipheriv, createPublicKey, diffieHellman, generateKeyPairSync, hkdfSync, randomBytes } from "node:crypto";

// Issue 47 §4: the words of an answer relayed between two server processes cross PostgreSQL's
// notification queue, which PostgreSQL may write to its data folder. They cross it sealed, with a
// key the two processes agree for that one relay and never write anywhere: each makes a key pair
// (X25519) for the request, sends only its public half, and both derive the same AES-256-GCM key.
// Once the relay ends the private halves are gone, so what the queue kept can never be opened.

/** The sealed piece's nonce and tag, around its ciphertext. */
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
/** What the derived key is for, so it can serve nothing else. */
const KEY_PURPOSE = "oystar relayed answer";

/** A relay's seal: pieces of an answer sealed by one process and opened by the other. */
export type RelaySeal = {
  /** The piece sealed, as base64 text for a notification's payload. */
  seal(piece: Buffer): string;
  /** The piece, or null when it was not sealed with this relay's key (or was changed). */
  open(sealed: string): Buffer | null;
};

/** One side's key pair for one relay: the public half to send, and the agreement with the other's. */
export function relayKeys(): { publicKey: string; agree(otherPublicKey: string, request: string): RelaySeal } {
  const { publicKey, privateKey } = generateKeyPairSync("x25519");
  return {
    publicKey: publicKey.export({ format: "der", type: "spki" }).toString("base64"),
    agree(otherPublicKey, request) {
      const other = createPublicKey({ key: Buffer.from(otherPublicKey, "base64"), format: "der", type: "spki" });
      const shared = diffieHellman({ privateKey, publicKey: other });
      // The request's id as the salt: no two relays share a key, even between the same two keys.
      const key = Buffer.from(hkdfSync("sha256", shared, request, KEY_PURPOSE, 32));
      return sealWith(key);
    },
  };
}

function sealWith(key: Buffer): RelaySeal {
  return {
    seal(piece) {
      const nonce = randomBytes(NONCE_BYTES);
      const cipher = createCipheriv("aes-256-gcm", key, nonce);
      return Buffer.concat([nonce, cipher.update(piece), cipher.final(), cipher.getAuthTag()]).toString("base64");
    },
    open(sealed) {
      const bytes = Buffer.from(sealed, "base64");
      if (bytes.length < NONCE_BYTES + TAG_BYTES) return null;
      try {
        const decipher = createDecipheriv("aes-256-gcm", key, bytes.subarray(0, NONCE_BYTES));
        decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
        return Buffer.concat([decipher.update(bytes.subarray(NONCE_BYTES, bytes.length - TAG_BYTES)), decipher.final()]);
      } catch {
        return null;
      }
    },
  };
}
