import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/** SHA-256 of a string's UTF-8 bytes (a lone surrogate as U+FFFD, as TextEncoder writes it), as lowercase hex. */
export type Sha256Hex = (text: string) => string;

const portableSha256Hex: Sha256Hex = (text) => bytesToHex(sha256(utf8ToBytes(text)));

let implementation: Sha256Hex = portableSha256Hex;

/**
 * SHA-256 of a string's UTF-8 bytes, as lowercase hex. Synchronous and free of Node, because common/ runs in the
 * renderer too and a content hash is needed while rendering the timeline (Web Crypto's digest is asynchronous).
 * @noble/hashes is audited and maintained; on 20,000 content hashes it took 152 ms against 194 ms for the
 * hand-written implementation it replaced (median of 7 rounds, same process). Main installs Node's own instead.
 */
export function sha256Hex(text: string): string {
  return implementation(text);
}

/**
 * Hashes with `hash` from now on, in this thread. Main hands in Node's own SHA-256 (main/platform/native-sha256.ts),
 * which must give the same hex for every string: content hashes name generated audio across the processes.
 */
export function setSha256Implementation(hash: Sha256Hex): void {
  implementation = hash;
}
