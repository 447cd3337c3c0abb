/** Minimal RIFF/WAVE reading and writing for 16-bit PCM. */

export interface WavPcm16 {
  sampleRate: number;
  channels: number;
  /** Little-endian 16-bit interleaved samples. */
  data: Buffer;
}

/**
 * Parses a 16-bit PCM WAV. eSpeak NG writes placeholder sizes when writing to a pipe, so a data chunk that
 * claims more bytes than the buffer holds is read to the end of the buffer.
 */
export function parseWavPcm16(buffer: Buffer): WavPcm16 {
  if (buffer.toString('ascii', 0, 4) !== 'RIFF' || buffer.toString('ascii', 8, 12) !== 'WAVE') {
    throw new Error('WAV data must start with RIFF....WAVE');
  }
  let offset = 12;
  let sampleRate = 0;
  let channels = 0;
  while (offset + 8 <= buffer.length) {
    const id = buffer.toString('ascii', offset, offset + 4);
    const size = buffer.readUInt32LE(offset + 4);
    const body = offset + 8;
    if (id === 'fmt ') {
      const format = buffer.readUInt16LE(body);
      channels = buffer.readUInt16LE(body + 2);
      sampleRate = buffer.readUInt32LE(body + 4);
      const bits = buffer.readUInt16LE(body + 14);
      if (format !== 1 || bits !== 16)
        throw new Error(`WAV must be 16-bit PCM, got format ${format} with ${bits} bits`);
    } else if (id === 'data') {
      if (sampleRate === 0) throw new Error('WAV data chunk comes before its fmt chunk');
      const end = Math.min(buffer.length, body + size);
      return { sampleRate, channels, data: buffer.subarray(body, end - ((end - body) % 2)) };
    }
    offset = body + size + (size % 2);
  }
  throw new Error('WAV has no data chunk');
}

/** A 44-byte header for `dataBytes` of 16-bit PCM. */
export function wavHeader(dataBytes: number, sampleRate: number, channels = 1): Buffer {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + dataBytes, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(channels, 22);
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * channels * 2, 28);
  header.writeUInt16LE(channels * 2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(dataBytes, 40);
  return header;
}
