/** What a problem report holds, in the words the dialog shows before saving (and the zip's README repeats). */
export const REPORT_CONTENTS: readonly string[] = [
  'The app’s logs (the current and rotated files), with tokens removed.',
  'The versions of the app, Electron, Chromium and Node, and the OS name, release, architecture and language.',
  'Your settings without secrets: service addresses without passwords or queries, labels, plans, preferences.',
  'The last 100 requests to the service: time, method, path, status and request id.',
  'Your tasks’ ids, kinds and states, without their text.',
];

/** What a problem report never holds. */
export const REPORT_LEAVES_OUT = 'No token, no project, no script text and no audio.';
