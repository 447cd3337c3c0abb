/**
 * An update library's error as one plain sentence for Settings. The installed app is never touched by a failed
 * check or download (the library writes only to its own cache folder), and each sentence says so where it helps.
 * A failed install may have got part way (electron-updater deletes the installed AppImage before moving the new
 * one in), so its sentence claims nothing about the installed copy: `installFailureNotice` says what is known.
 */
export function updateFailureReason(error: unknown, stage: 'fetch' | 'install' = 'fetch'): string {
  const code = typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';
  const message = error instanceof Error ? error.message : String(error);
  const sentences = reasonSentences(code, message, stage);
  return stage === 'install' ? sentences.replace(/ {2,}/g, ' ').trim() : sentences;
}

function reasonSentences(code: string, message: string, stage: 'fetch' | 'install'): string {
  const kept = stage === 'fetch' ? 'The installed version is unchanged.' : '';
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

/** What the dialog after a failed install says, and whether the installed copy can be started again. */
interface InstallFailureNotice {
  detail: string;
  startsAgain: boolean;
}

/**
 * After a failed install, what is known about the installed copy (the AppImage file, or the app's executable),
 * checked on disk: still there, it starts again; gone, nothing could start, so the user is told to reinstall.
 */
export function installFailureNotice(
  reason: string,
  installed: { path: string; exists: boolean },
): InstallFailureNotice {
  if (installed.exists) {
    return {
      detail: `${reason}\n\nThe installed copy (${installed.path}) is still in place: Timbre Studio starts again with the version you had.`,
      startsAgain: true,
    };
  }
  return {
    detail: `${reason}\n\nThe installed copy (${installed.path}) is no longer there, so Timbre Studio cannot start again by itself. Download Timbre Studio and install it again; your projects and settings are kept (they are stored apart from the app).`,
    startsAgain: false,
  };
}

function firstLine(text: string): string {
  return (text.split('\n')[0] ?? '').replace(/[.\s]+$/, '').slice(0, 200);
}
