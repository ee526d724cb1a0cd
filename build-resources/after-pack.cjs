// electron-builder afterPack: turn off Electron's risky fuses in the packaged binary.
'use strict';
const path = require('node:path');
const { flipFuses, FuseVersion, FuseV1Options } = require('@electron/fuses');

const EXECUTABLE = {
  darwin: (ctx) => path.join(ctx.appOutDir, `${ctx.packager.appInfo.productFilename}.app`),
  mas: (ctx) => path.join(ctx.appOutDir, `${ctx.packager.appInfo.productFilename}.app`),
  win32: (ctx) => path.join(ctx.appOutDir, `${ctx.packager.appInfo.productFilename}.exe`),
  linux: (ctx) => path.join(ctx.appOutDir, ctx.packager.executableName),
};

exports.default = async function afterPack(context) {
  const platform = context.electronPlatformName;
  await flipFuses(EXECUTABLE[platform](context), {
    version: FuseVersion.V1,
    resetAdHocDarwinSignature: platform === 'darwin' && context.arch === 3 /* arm64 */,
    [FuseV1Options.RunAsNode]: false,
    [FuseV1Options.EnableNodeOptionsEnvironmentVariable]: false,
    [FuseV1Options.EnableNodeCliInspectArguments]: false,
    [FuseV1Options.EnableCookieEncryption]: true,
    [FuseV1Options.EnableEmbeddedAsarIntegrityValidation]: true,
    [FuseV1Options.OnlyLoadAppFromAsar]: true,
    [FuseV1Options.GrantFileProtocolExtraPrivileges]: false,
  });
};
