import { parentPort } from 'node:worker_threads';
import { exportClipFiles } from './clips/clip-files-export.js';
import { DecodeHelper } from './decode/decode-helper.js';
import { decodeInboundSchema } from './decode/decode-protocol.js';
import { MissingSourcesError } from './export-errors.js';
import type { ClipFilesRequest, ExportRequest, RunHooks } from './export-types.js';
import { runExport } from './render-export.js';
import { SegmentHelper } from './split-encode/segment-helper.js';
import { segmentInboundSchema } from './split-encode/segment-protocol.js';
import { workerInboundSchema, type SerializedError, type WorkerOutbound } from './worker-protocol.js';

/**
 * The export worker: runs one job (a mix or per-clip files) off the main thread and reports progress.
 * A 'cancel' message sets a flag the job checks between blocks; the job then deletes what it staged
 * and reports an ExportCancelledError. Before its outputs take their real names the job asks the engine
 * ('ready-to-publish'), which answers 'publish' or 'cancel', so a cancel the engine saw first always wins. The same script also serves as a decode helper: an export
 * starts copies of it and sends them 'decode-source' messages (see decode/parallel-decode.ts); and as the helper
 * that encodes the second half of an MP3 ('encode-segment', split-encode/split-mp3.ts).
 */

const port = parentPort;
if (!port) throw new Error('export-worker must run in a worker thread');

let cancelled = false;
let started = false;
/** Settles the job's pending 'ready-to-publish' question, if one is out. */
let answerPublish: ((mayPublish: boolean) => void) | undefined;

function askToPublish(): Promise<boolean> {
  return new Promise((resolve) => {
    answerPublish = resolve;
    send({ type: 'ready-to-publish' });
  });
}

function send(message: WorkerOutbound): void {
  port?.postMessage(message);
}

function serialise(error: unknown): SerializedError {
  if (error instanceof MissingSourcesError)
    return { name: error.name, message: error.message, sourceKeys: [...error.sourceKeys] };
  if (error instanceof Error) return { name: error.name, message: error.message };
  return { name: 'Error', message: String(error) };
}

let decodeHelper: DecodeHelper | undefined;
let segmentHelper: SegmentHelper | undefined;

port.on('message', (raw: unknown) => {
  const decodeMessage = decodeInboundSchema.safeParse(raw);
  if (decodeMessage.success) {
    decodeHelper ??= new DecodeHelper((message) => port.postMessage(message));
    decodeHelper.handle(decodeMessage.data);
    return;
  }
  const segmentMessage = segmentInboundSchema.safeParse(raw);
  if (segmentMessage.success) {
    segmentHelper ??= new SegmentHelper((message) => port.postMessage(message));
    segmentHelper.handle(segmentMessage.data);
    return;
  }
  const parsed = workerInboundSchema.safeParse(raw);
  if (!parsed.success) {
    send({ type: 'failed', error: { name: 'Error', message: `worker message: ${parsed.error.message}` } });
    return;
  }
  const message = parsed.data;
  if (message.type === 'cancel' || message.type === 'publish') {
    cancelled ||= message.type === 'cancel';
    answerPublish?.(!cancelled);
    answerPublish = undefined;
    return;
  }
  if (started) return;
  started = true;
  const hooks: RunHooks = {
    onProgress: (progress) => send({ type: 'progress', progress }),
    isCancelled: () => cancelled,
    mayPublish: askToPublish,
    workerEntry: new URL(message.workerEntry),
  };
  // Both jobs parse their request with its zod schema first, so the casts only name the expected shape.
  const job =
    message.job === 'mix'
      ? runExport(message.request as ExportRequest, hooks, message.staging)
      : exportClipFiles(message.request as ClipFilesRequest, hooks, message.staging.folder);
  job.then(
    (result) => send({ type: 'done', result }),
    (error: unknown) => send({ type: 'failed', error: serialise(error) }),
  );
});
