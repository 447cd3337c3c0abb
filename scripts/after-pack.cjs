// electron-builder afterPack hook: flips Electron's fuses on the packaged binary before it is signed.
const path = require('node:path');
const { flipFuses, FuseVersion, FuseV1Options } = require('@electron/fuses');

/** The fuse settings of a release build; exported so a test can check them without packaging. */
const releaseFuses = {
  version: FuseVersion.V1,
  [FuseV1Options.RunAsNode]: false,
  [FuseV1Options.EnableNodeOptionsEnvironmentVariable]: false,
  [FuseV1Options.EnableNodeCliInspectArguments]: false,
  [FuseV1Options.EnableCookieEncryption]: true,
  [FuseV1Options.EnableEmbeddedAsarIntegrityValidation]: true,
  [FuseV1Options.OnlyLoadAppFromAsar]: true,
  [FuseV1Options.GrantFileProtocolExtraPrivileges]: false,
};

/**
 * Electron validates app.asar against a hash embedded at packaging time on macOS and Windows only, and
 * electron-builder embeds that hash only there (Info.plist; the .exe's resources). On Linux the fuse is left off so
 * the binary says what it does — its app still loads only from app.asar (OnlyLoadAppFromAsar holds everywhere) —
 * and so an Electron that starts validating on Linux does not refuse to start a package that carries no hash.
 */
function fusesFor(platformName) {
  const validatesAsar = ['darwin', 'mas', 'win32'].includes(platformName);
  return { ...releaseFuses, [FuseV1Options.EnableEmbeddedAsarIntegrityValidation]: validatesAsar };
}

function executablePath(context) {
  const name = context.packager.appInfo.productFilename;
  switch (context.electronPlatformName) {
    case 'darwin':
    case 'mas':
      return path.join(context.appOutDir, `${name}.app`);
    case 'win32':
      return path.join(context.appOutDir, `${name}.exe`);
    default:
      return path.join(context.appOutDir, context.packager.executableName);
  }
}

async function afterPack(context) {
  await flipFuses(executablePath(context), {
    ...fusesFor(context.electronPlatformName),
    // Universal/arm64 macOS binaries must be re-signed after the fuses change.
    resetAdHocDarwinSignature: context.electronPlatformName === 'darwin' && context.arch !== 1,
  });
}

module.exports = afterPack;
module.exports.releaseFuses = releaseFuses;
