import mammoth from 'mammoth';
import type { ImportReading, ImportedScript } from '../../../common/import/imported-script.js';
import { ScriptBuilder } from '../../../common/import/text-script.js';
import { feedHtml } from './html-script.js';

/** A Word document through mammoth (Heading 1–3 styles become h1–h3, so chapters), then as HTML. */
export async function parseDocx(bytes: Uint8Array, reading: ImportReading): Promise<ImportedScript> {
  const { value } = await mammoth.convertToHtml({
    buffer: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
  });
  const builder = new ScriptBuilder(reading);
  feedHtml(value, builder);
  return builder.script();
}
