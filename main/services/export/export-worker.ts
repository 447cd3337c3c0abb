import { parentPort } from 'node:worker_threads';
import { z } from 'zod';
import { openOwnerChannel, type WorkerProtocol } from '../../../common/workers/worker-channel.js';
import { toWorkerError } from '../../../common/workers/worker-error.js';
import { parentEndpoint } from '../workers/node-endpoint.js';
import { AacLaneHelper } from '../audiobook-export/aac-lane-helper.js';
import { aacLaneInboundSchema, type AacLaneProtocol } from '../audiobook-export/aac-lane-protocol.js';
import { exportClipFiles } from './clips/clip-files-export.js';
import { DecodeAhead } from './decode/decode-ahead.js';
import { DecodeHelper } from './decode/decode-helper.js';
import { decodeInboundSchema, type DecodeProtocol } from './decode/decode-protocol.js';
import type { ClipFilesRequest, ExportRequest, RunHooks } from './export-types.js';
import { runExport } from './render-export.js';
import { SegmentHelper } from './split-encode/segment-helper.js';
import { segmentInboundSchema, type SegmentProtocol } from './split-encode/segment-protocol.js';
import { workerInboundSchema, type ExportJobProtocol, type WorkerInbound } from './worker-protocol.js';

/**
 * The export worker: runs one job (a mix or per-clip files) off the main thread and reports progress.
 * A 'cancel' message sets a flag the job checks between blocks; the job then deletes what it staged
 * and reports an ExportCancelledError. Before its outputs take their real names the job asks the engine
 * ('ready-to-publish'), which answers 'publish' or 'cancel', so a cancel the engine saw first always wins. The same script also serves as a decode helper: an export
 * starts copies of it and sends them 'decode-source' messages (see decode/parallel-decode.ts); and as the helper
 * that encodes the second half of an MP3 ('encode-segment', split-encode/split-mp3.ts); and as an AAC lane of an
 * M4B or M4A ('encode-aac-lane', ../audiobook-export/aac-encode.ts). Its channel speaks the four protocols at
 * once; each owner sends only its own.
 */
type ExportWorkerProtocol = WorkerProtocol<
  | ExportJobProtocol['toWorker']
  | DecodeProtocol['toWorker']
  | SegmentProtocol['toWorker']
  | AacLaneProtocol['toWorker'],
  | ExportJobProtocol['fromWorker']
  | DecodeProtocol['fromWorker']
  | SegmentProtocol['fromWorker']
  | AacLaneProtocol['fromWorker']
>;

const port = parentPort;
if (!port) throw new Error('export-worker must run in a worker thread');

let cancelled = false;
let started = false;
/** The export's sources being decoded while the export dialog is open, if the engine asked for it. */
let ahead: DecodeAhead | undefined;
/** Settles the job's pending 'ready-to-publish' question, if one is out. */
let answerPublish: ((mayPublish: boolean) => void) | undefined;

function askToPublish(): Promise<boolean> {
  return new Promise((resolve) => {
    answerPublish = resolve;
    channel.send({ type: 'ready-to-publish' });
  });
}

/** 'cancel' or 'publish': answers the publish question, a cancel for good. */
function answer(message: { readonly type: 'cancel' | 'publish' }): void {
  cancelled ||= message.type === 'cancel';
  answerPublish?.(!cancelled);
  answerPublish = undefined;
}

/** Starts decoding ahead (a new request replaces the one before, once that has stopped); not once the export runs. */
function decodeAhead(message: Extract<WorkerInbound, { type: 'decode-ahead' }>): void {
  if (started) return;
  try {
    ahead = new DecodeAhead(message.request, new URL(message.workerEntry), ahead);
  } catch {
    // A request that does not parse is only a head start lost: the export checks its own request and says why.
  }
}

function start(message: Extract<WorkerInbound, { type: 'start' }>): void {
  if (started) return;
  started = true;
  const hooks: RunHooks = {
    onProgress: (progress) => channel.send({ type: 'progress', progress }),
    isCancelled: () => cancelled,
    mayPublish: askToPublish,
    workerEntry: new URL(message.workerEntry),
    ahead,
  };
  // Both jobs parse their request with its zod schema first, so the casts only name the expected shape.
  const job =
    message.job === 'mix'
      ? runExport(message.request as ExportRequest, hooks, message.staging)
      : exportClipFiles(message.request as ClipFilesRequest, hooks, message.staging.folder);
  job.then(
    (result) => channel.send({ type: 'done', result }),
    (error: unknown) => channel.send({ type: 'failed', error: toWorkerError(error) }),
  );
}

let decodeHelper: DecodeHelper | undefined;
let segmentHelper: SegmentHelper | undefined;
let aacLaneHelper: AacLaneHelper | undefined;
const decoding = (): DecodeHelper => (decodeHelper ??= new DecodeHelper((message) => channel.send(message)));
const segmenting = (): SegmentHelper =>
  (segmentHelper ??= new SegmentHelper((message) => channel.send(message)));
const aacLane = (): AacLaneHelper =>
  (aacLaneHelper ??= new AacLaneHelper((message) => channel.send(message)));

const channel = openOwnerChannel<ExportWorkerProtocol>(
  parentEndpoint(port),
  {
    start,
    cancel: answer,
    publish: answer,
    'decode-ahead': decodeAhead,
    // Once the export runs, what was decoded ahead is its own decoding: the dialog closing does not stop it.
    'decode-ahead-cancel': () => {
      if (!started) ahead?.cancel();
    },
    'decode-source': (message) => decoding().handle(message),
    'decode-cancel': (message) => decoding().handle(message),
    'encode-segment': (message) => {
      // A decode helper kept for the render (helper-workers.ts): its decoders are not needed any more.
      decodeHelper?.release();
      segmenting().handle(message);
    },
    'segment-cancel': (message) => segmenting().handle(message),
    'encode-aac-lane': (message) => aacLane().handle(message),
    'aac-lane-cancel': (message) => aacLane().handle(message),
  },
  {
    check: z.union([decodeInboundSchema, segmentInboundSchema, aacLaneInboundSchema, workerInboundSchema]),
    onInvalid: (reason) =>
      channel.send({ type: 'failed', error: { name: 'Error', message: `worker message: ${reason}` } }),
  },
);
