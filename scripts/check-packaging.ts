// `npm run check:packaging`: builds the Linux .deb and AppImage against stand-ins (Electron, fpm when missing,
// the AppImage runtime), prints their file lists and what was verified, and exits 1 when a rule fails.
// It checks packaging, not Electron. See scripts/packaging-check/README.md.
import { runPackagingCheck } from './packaging-check/run-packaging-check.js';

const { findings, report } = await runPackagingCheck({ echo: process.argv.includes('--verbose') });
console.log(report);
process.exitCode = findings.every((finding) => finding.problem === '') ? 0 : 1;
