/** What a problem report holds, in the words the dialog shows before saving (and the zip's README repeats). */
export const REPORT_CONTENTS: readonly string[] = [
  // The logs are the one entry with the user's names in it: a path such as /home/ana/Clients/Acme/intro.timbre.
  'The app’s logs (the current and rotated files), with tokens removed. They hold the paths of the files and ' +
    'folders the app used, which can show your user name and the names of your projects and files.',
  'The versions of the app, Electron, Chromium and Node, and the OS name, release, architecture and language.',
  'Your settings without secrets: service addresses without passwords or queries, labels, plans, preferences.',
  'The last 100 requests to the service: time, method, path, status and request id.',
  'Your tasks’ ids, kinds and states, without their text.',
];

/** What a problem report never holds. */
export const REPORT_LEAVES_OUT =
  'No token, no audio, no project file and no script text; only the logs’ file paths can name your projects.';
