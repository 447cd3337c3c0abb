/**
 * An update library's error as one plain sentence for Settings. The installed app is never touched by a failed
 * check or download (the library writes only to its own cache folder), and each sentence says so where it helps.
 */
export function updateFailureReason(error: unknown, stage: 'fetch' | 'install' = 'fetch'): string {
  const code = typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';
  const message = error instanceof Error ? error.message : String(error);
  const kept = 'The installed version is unchanged.';
  if (code === 'ERR_CHECKSUM_MISMATCH' || /checksum mismatch/i.test(message)) {
    return `The downloaded update did not match its published checksum (sha512), so it was discarded. ${kept}`;
  }
  if (
    code === 'ERR_UPDATER_INVALID_SIGNATURE' ||
    /not signed|code signature|did not pass validation/i.test(message)
  ) {
    return `The downloaded update is not signed by Timbre Studio's publisher, so it was discarded. ${kept}`;
  }
  if (/HTTP_ERROR_404|\b404\b/.test(`${code} ${message}`)) {
    return `The update feed has no release for this system (its latest*.yml file was not found). ${kept}`;
  }
  const httpStatus = /^HTTP_ERROR_(\d{3})$/.exec(code)?.[1] ?? /status (\d{3})/.exec(message)?.[1];
  if (httpStatus !== undefined) return `The update server answered with HTTP ${httpStatus}. ${kept}`;
  if (
    /^(ECONNREFUSED|ECONNRESET|ENOTFOUND|ETIMEDOUT|EAI_AGAIN|EPIPE|ERR_STREAM_PREMATURE_CLOSE)$/.test(code) ||
    /net::ERR_|socket hang up|aborted|timed out|premature close|ECONNRESET|ECONNREFUSED/i.test(message)
  ) {
    return `The connection to the update server was lost or refused before the update was complete. ${kept} It is tried again at the next check.`;
  }
  if (/yml|yaml|Cannot parse|invalid version|ERR_UPDATER_INVALID/i.test(`${code} ${message}`)) {
    return `The update feed's release file could not be read (${firstLine(message)}). ${kept}`;
  }
  const failed = stage === 'install' ? 'could not be installed' : 'could not be checked or downloaded';
  return `The update ${failed}: ${firstLine(message)}. ${kept}`;
}

function firstLine(text: string): string {
  return (text.split('\n')[0] ?? '').replace(/[.\s]+$/, '').slice(0, 200);
}
