import { hostname } from 'node:os';

/**
 * Whether process `pid` on machine `host` (this one when omitted) may still be running, for files a process owns
 * while it runs (a lock, an export's partial files). A process on another machine (a data folder shared over the
 * network) cannot be checked, so it is taken to be alive: its files are left alone rather than pulled from under it.
 */
export function isProcessAlive(pid: number, host: string = hostname()): boolean {
  if (host !== hostname()) return true;
  if (!Number.isSafeInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as { code?: unknown }).code === 'EPERM';
  }
}
