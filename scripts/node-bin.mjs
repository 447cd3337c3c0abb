// A tool from node_modules, run as `node <its script>`: node_modules/.bin holds shell scripts on Linux and macOS
// but .cmd files on Windows, which Node cannot start without a shell, so `npm test` and `npm start` run each
// tool's own JavaScript entry with this Node instead, the same on every OS.
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** [node, the script of package `pkg`'s bin `name` (its only bin when omitted)]. */
export function nodeBin(root, pkg, name = pkg) {
  const folder = path.join(root, 'node_modules', pkg);
  const { bin } = JSON.parse(readFileSync(path.join(folder, 'package.json'), 'utf8'));
  const script = typeof bin === 'string' ? bin : bin?.[name];
  if (!script) throw new Error(`${pkg} has no "${name}" command in its package.json: run npm install.`);
  return [process.execPath, path.join(folder, script)];
}
