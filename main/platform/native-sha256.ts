import { createHash } from 'node:crypto';
import { setSha256Implementation } from '../../common/project/sha256.js';

/**
 * SHA-256 by Node's OpenSSL, for common/'s content hashes in main: ~3.5× @noble/hashes' speed on 100,000
 * block-sized strings (137 ms against 460–540 ms), which listing a library not indexed yet hashes every block of.
 * Node writes a lone surrogate as U+FFFD, as TextEncoder does, so both give the same hex (native-sha256.test.ts).
 */
export function nativeSha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/** Main's content hashes use Node's SHA-256 from now on (the shells' services and the CLI call it first). */
export function installNativeSha256(): void {
  setSha256Implementation(nativeSha256Hex);
}
