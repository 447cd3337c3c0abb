// Loaded into a process with `node --import` (scripts/bench-user-files.ts): when it ends, or after
// PROBE_GIVE_UP_MS if it hangs, prints its peak RSS and its longest event-loop block as one JSON line on stderr.
import { monitorEventLoopDelay } from 'node:perf_hooks';

const delay = monitorEventLoopDelay({ resolution: 10 });
delay.enable();
const started = performance.now();
let printed = false;

function report(outcome) {
  if (printed) return;
  printed = true;
  delay.disable();
  const figures = {
    outcome,
    ms: Math.round(performance.now() - started),
    maxRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
    longestBlockMs: Math.round(delay.max / 1e6),
  };
  process.stderr.write(`PROBE ${JSON.stringify(figures)}\n`);
}

process.on('exit', (code) => report(`exit ${code}`));
setTimeout(
  () => {
    report('still running: stopped');
    process.exit(124);
  },
  Number(process.env.PROBE_GIVE_UP_MS ?? 10_000),
).unref();
