import { stat } from 'node:fs/promises';
import { homedir } from 'node:os';
import path from 'node:path';
import type { JobView } from '../../common/jobs/job-view.js';
import type { MethodHandlers } from '../ipc/dispatcher.js';
import type { Platform } from '../platform/platform.js';
import type { Logger } from '../services/logging/logger.js';
import type { PathGrants } from '../services/paths/path-grants.js';
import type { RecentRequests } from '../services/service-client/index.js';
import { collectProblemReport, writeProblemReport } from '../services/support/problem-report.js';
import { REPORT_FILE_TYPE, reportFilePath } from '../services/support/report-file-path.js';

export interface SupportFeatureDeps {
  platform: Platform;
  /** The app's logger: its redaction runs again over the logs, and it is flushed before they are read. */
  logger: Logger & { redact?(text: string): string; flush?(): Promise<void> };
  grants: PathGrants;
  recentRequests: RecentRequests;
  /** The settings as saved (they hold no token; secret-scrub.ts strips anything credential-like anyway). */
  settings: () => unknown;
  /** Every token the app holds now (each saved service's, from the keychain or memory). */
  tokens: () => Promise<string[]>;
  jobs: () => Promise<readonly JobView[]>;
}

type SupportHandlers = Pick<
  MethodHandlers,
  'support.suggestedPath' | 'support.chooseDestination' | 'support.saveReport'
>;

/** Help → Report a Problem: the zip is built in main and written only where the user chose. */
export function createSupportFeature(deps: SupportFeatureDeps): SupportHandlers {
  const { platform, logger, grants } = deps;
  return {
    'support.suggestedPath': async () => {
      // The OS's Downloads folder (Electron: app.getPath, which follows a moved or renamed one), else home.
      const downloads = platform.downloadsDir;
      const folder =
        downloads === undefined
          ? homedir()
          : await stat(downloads).then(
              (stats) => (stats.isDirectory() ? downloads : homedir()),
              () => homedir(),
            );
      const day = new Date().toISOString().slice(0, 10);
      return { path: path.join(folder, `Timbre Studio problem report ${day}.zip`) };
    },
    'support.chooseDestination': async ({ suggestedPath }) => {
      const chosen = await platform.chooseSavePath(suggestedPath, REPORT_FILE_TYPE);
      if (chosen) grants.grantFile(chosen);
      return { path: chosen };
    },
    'support.saveReport': async ({ outputPath: chosenPath }) => {
      await grants.require(chosenPath, 'outputPath', 'The report’s file');
      // Both shells' choices arrive here (the browser chooser's straight from the page), so `.zip` is added here.
      const outputPath = await reportFilePath(chosenPath);
      await logger.flush?.();
      const entries = await collectProblemReport({
        appName: 'Timbre Studio',
        appVersion: platform.appVersion,
        shell: platform.shell,
        logsDir: path.join(platform.dataDir, 'logs'),
        redact: (text) => logger.redact?.(text) ?? text,
        secrets: deps.tokens,
        settings: deps.settings(),
        recentRequests: deps.recentRequests.list(),
        jobs: deps.jobs,
      });
      const bytes = await writeProblemReport(entries, outputPath);
      logger.info(`Saved a problem report (${entries.length} files) to ${outputPath}`);
      const revealed = platform.revealInFolder !== undefined;
      platform.revealInFolder?.(outputPath);
      return { path: outputPath, bytes, entries: entries.map((entry) => entry.name), revealed };
    },
  };
}
