import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/**
 * SHA-256 of a string's UTF-8 bytes, as lowercase hex. Synchronous and free of Node, because common/ runs in the
 * renderer too and a content hash is needed while rendering the timeline (Web Crypto's digest is asynchronous).
 * @noble/hashes is audited and maintained; on 20,000 content hashes it took 152 ms against 194 ms for the
 * hand-written implementation it replaced (median of 7 rounds, same process).
 */
export function sha256Hex(text: string): string {
  return bytesToHex(sha256(utf8ToBytes(text)));
}
