import { createWriteStream, type WriteStream } from 'node:fs';
import { once } from 'node:events';
import { badParams, type ServiceError } from '../http/service-error.js';
import type { StringSink } from './json-field-stream.js';

const MAX_HEADER_CHARACTERS = 512;

/**
 * Decodes a `data:<media type>;base64,<data>` string arriving in pieces straight into a file, counting decoded
 * bytes; more than `maxBytes` raises `tooLarge()` at once (the caller drains the rest of the body).
 */
export class DataUrlFileSink implements StringSink {
  mediaType = '';
  bytes = 0;
  private header = '';
  private inData = false;
  private remainder = '';
  private readonly file: WriteStream;

  constructor(
    readonly field: string,
    readonly filePath: string,
    private readonly maxBytes: number,
    private readonly tooLarge: () => ServiceError,
  ) {
    this.file = createWriteStream(filePath);
  }

  async write(piece: string): Promise<void> {
    let data = piece;
    if (!this.inData) {
      const comma = (this.header + data).indexOf(',');
      if (comma === -1) {
        this.header += data;
        if (this.header.length > MAX_HEADER_CHARACTERS) throw this.invalid();
        return;
      }
      const combined = this.header + data;
      this.parseHeader(combined.slice(0, comma));
      data = combined.slice(comma + 1);
      this.inData = true;
    }
    const text = this.remainder + data.replace(/\s+/g, '');
    const usable = text.length - (text.length % 4);
    this.remainder = text.slice(usable);
    if (usable > 0) await this.emit(Buffer.from(text.slice(0, usable), 'base64'));
  }

  async end(): Promise<void> {
    if (!this.inData) throw this.invalid();
    if (this.remainder !== '') await this.emit(Buffer.from(this.remainder, 'base64'));
    this.remainder = '';
    await this.close();
  }

  async close(): Promise<void> {
    if (this.file.closed) return;
    this.file.end();
    await once(this.file, 'close');
  }

  private parseHeader(header: string): void {
    const match = /^data:([^;,]*)((?:;[^;,]*)*)$/i.exec(header);
    if (!match || !/;base64$/i.test(match[2] ?? '')) throw this.invalid();
    this.mediaType = (match[1] ?? '').toLowerCase() || 'application/octet-stream';
  }

  private async emit(bytes: Buffer): Promise<void> {
    this.bytes += bytes.length;
    if (this.bytes > this.maxBytes) throw this.tooLarge();
    if (!this.file.write(bytes)) await once(this.file, 'drain');
  }

  private invalid(): ServiceError {
    return badParams(`${this.field} must be a data URL data:<media type>;base64,<data>`);
  }
}
