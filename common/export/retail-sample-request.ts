import { parseTimecode } from '../project/timecode.js';
import type { RetailSampleRequest } from './retail-sample.js';

export type SampleRequestField = 'start' | 'length';

/**
 * A retail sample's place as the user types it (the dialog's boxes, the CLI's --sample-start and --sample-length):
 * the start is a block number (a whole number, as the editor numbers blocks) or a time (4:30, 1:02:03), the length
 * seconds within the profile's bounds; an empty box leaves that part to the studio's proposal. Answers the request,
 * or the field and the rule it breaks in words that follow its name ("must be …").
 */
export function sampleRequestFromText(
  startText: string,
  lengthText: string,
  bounds: { readonly minSeconds: number; readonly maxSeconds: number },
): { ok: true; request: RetailSampleRequest } | { ok: false; field: SampleRequestField; problem: string } {
  const request: RetailSampleRequest = {};
  const start = startText.trim();
  if (/^\d+$/u.test(start)) {
    if (Number(start) < 1) return { ok: false, field: 'start', problem: 'must be a block number from 1' };
    request.start = { blockNumber: Number(start) };
  } else if (start !== '') {
    const time = parseTimecode(start);
    if (!time.ok) {
      return {
        ok: false,
        field: 'start',
        problem: `must be a block number (12) or a time (4:30, 1:02:03): ${time.problem}`,
      };
    }
    request.start = { atMs: time.ms };
  }
  const length = lengthText.trim();
  if (length !== '') {
    const seconds = Number(length);
    if (!(seconds >= bounds.minSeconds && seconds <= bounds.maxSeconds)) {
      return {
        ok: false,
        field: 'length',
        problem: `must be seconds from ${bounds.minSeconds} to ${bounds.maxSeconds} (got “${length}”)`,
      };
    }
    request.lengthSeconds = seconds;
  }
  return { ok: true, request };
}
