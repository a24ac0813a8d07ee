/** `werkbank install-browser`: fetch, verify and unpack the render browser into the browser dir; report its size. */
import { print, userDataDir, type CliValues } from './output.js';

export async function installBrowserCommand(values: CliValues): Promise<number> {
  const { browserDir, installBrowser, mb } = await import('../render/install.js');
  const dataDir = userDataDir(values.data as string | undefined);
  const dir = browserDir(dataDir);
  const report = await installBrowser({ dir, from: values.from as string | undefined, progress: (line) => !values.json && print(line) });
  // Does it start here? A missing shared library is named with the command that adds it.
  const { missingLibraries, installLibrariesCommand, systemProbe } = await import('../render/browser.js');
  const missing = await missingLibraries(report.path);
  const startable = missing.length
    ? `it cannot start here yet: shared libraries missing: ${missing.join(', ')}; fix: ${installLibrariesCommand(missing, systemProbe())}`
    : null;
  if (values.json) return (print(JSON.stringify({ ...report, missingLibraries: missing }, null, 2)), 0);
  print(
    (report.alreadyInstalled ? `Already installed: ${report.path}` : `Installed ${report.path}`) +
      ` (@sparticuz/chromium ${report.version}; ${mb(report.installedBytes)} on disk` +
      (report.downloadBytes ? `, ${mb(report.downloadBytes)} fetched and verified, in ${(report.ms / 1000).toFixed(1)} s` : '') +
      `).\nThe render tools use it when no Chrome, Chromium or Edge is installed and WERKBANK_CHROMIUM_PATH is not set.` +
      (startable ? `\nNote: ${startable}` : ''),
  );
  return 0;
}
