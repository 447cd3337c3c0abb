/**
 * Stops a command at once when Node.js is older than it needs, naming both versions, instead of failing deep
 * inside a tool (electron-builder's helpers need 22.12; the rest of the app runs on 20.19).
 *
 *   node scripts/require-node.mjs 22.12 "Building installers (npm run dist)"
 */
const [wanted = '', what = 'This command'] = process.argv.slice(2);
const parse = (version) => version.split('.').map((part) => Number.parseInt(part, 10) || 0);
const [needMajor = 0, needMinor = 0] = parse(wanted);
const [major = 0, minor = 0] = parse(process.versions.node);
if (major < needMajor || (major === needMajor && minor < needMinor)) {
  console.error(`${what} needs Node.js ${wanted} or later; this is Node.js ${process.versions.node}.`);
  process.exit(1);
}
