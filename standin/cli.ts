import { parseCliArgs, HELP_TEXT } from './cli-options.js';

/** `npm run standin -- --port 8787`: starts the stand-in and keeps it running until SIGINT/SIGTERM. */
async function main(): Promise<void> {
  let command;
  try {
    command = parseCliArgs(process.argv.slice(2));
  } catch (error) {
    process.stderr.write(`standin: ${(error as Error).message}\n`);
    process.exitCode = 2;
    return;
  }
  if (command.kind === 'help') {
    process.stdout.write(HELP_TEXT);
    return;
  }
  const log = command.quiet ? undefined : (line: string) => process.stderr.write(`standin: ${line}\n`);
  // Loaded only when starting, so --help and flag errors answer at once.
  const { startStandin } = await import('./index.js');
  const standin = await startStandin({ ...command.options, ...(log ? { log } : {}) });
  process.stdout.write(`Stand-in service listening on ${standin.url}\n`);
  for (const voice of standin.marketVoices) {
    process.stdout.write(
      `  market voice ${voice.name}: id ${voice.id} idForGenerate ${voice.idForGenerate} styles ${voice.styles.join(',')}\n`,
    );
  }
  if (standin.adminUrl) process.stdout.write(`  admin: ${standin.adminUrl}/\n`);
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    void standin.close().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  process.stderr.write(`standin: could not start: ${(error as Error).message}\n`);
  process.exit(1);
});
