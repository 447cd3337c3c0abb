/**
 * The flag that makes the app's binary the `timbre` command line tool (`"Timbre Studio" --cli export …`), as the
 * launcher scripts in resources/bin start it. Chromium's own switches (`--ozone-platform=headless`) go before it.
 */
const CLI_FLAG = '--cli';

/**
 * The CLI's arguments when the app was started with `--cli` (everything after it, as given), else undefined: a
 * normal start. Only the first `--cli` counts, so `timbre export --cli` still hands `--cli` to the tool, which
 * names it as an unknown option.
 */
export function cliArgumentsOf(argv: readonly string[]): string[] | undefined {
  const at = argv.indexOf(CLI_FLAG);
  return at < 0 ? undefined : argv.slice(at + 1);
}
