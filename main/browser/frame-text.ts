import type { RawData } from 'ws';

/**
 * The text of a WebSocket text frame, whatever shape ws hands it in: one Buffer (the default), an ArrayBuffer
 * (binaryType 'arraybuffer') or the frame's fragments (binaryType 'fragments'). `String(data)` would join
 * fragments with commas and print an ArrayBuffer as "[object ArrayBuffer]", so a request split across
 * fragments would be refused as malformed.
 */
export function frameText(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  if (data instanceof ArrayBuffer) return Buffer.from(data).toString('utf8');
  return data.toString('utf8');
}
