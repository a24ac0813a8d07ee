/**
 * Where the render browser comes from (setting, installed browser, the one
 * werkbank installed into its browser dir, or installed on first use when
 * allowed) on Linux, macOS and Windows, and how a browser that cannot start is
 * explained: unit tests on a fake file system.
 */
import { describe, expect, it } from 'vitest';
import {
  BrowserUnavailable,
  explainFailure,
  findChromium,
  INSTALLED,
  launchSummary,
  parseLddMissing,
  systemBrowserPaths,
  type SystemProbe,
} from '../src/render/browser.js';

/** A machine with exactly `files` (executable) on it. */
function probe(platform: NodeJS.Platform, files: string[], env: NodeJS.ProcessEnv = {}, over: Partial<SystemProbe> = {}): SystemProbe {
  const set = new Set(files);
  return { platform, arch: 'x64', env, executable: (p) => set.has(p), exists: (p) => set.has(p), root: true, ...over };
}
/** werkbank's own browser dirs (as browserDirs() gives them from a data dir and ~/.werkbank). */
const DIRS = ['/srv/data/browser', '/home/ann/.werkbank/browser'];
const OWN = '/home/ann/.werkbank/browser/chromium-143.0.4';
const own = (dir = OWN) => [`${dir}/chromium`, `${dir}/install.json`];
const lookIn = { browserDirs: DIRS };

const WIN_ENV = {
  LOCALAPPDATA: 'C:\\Users\\ann\\AppData\\Local',
  PROGRAMFILES: 'C:\\Program Files',
  'PROGRAMFILES(X86)': 'C:\\Program Files (x86)',
  HOMEDRIVE: 'C:',
};

describe('resolution order: setting, installed browser, werkbank’s own', () => {
  it('WERKBANK_CHROMIUM_PATH wins over everything', async () => {
    const p = probe('linux', ['/opt/my/chrome', '/usr/bin/chromium'], { WERKBANK_CHROMIUM_PATH: '/opt/my/chrome' });
    expect(await findChromium(p.env, { probe: p, ...lookIn })).toEqual({ path: '/opt/my/chrome', source: 'WERKBANK_CHROMIUM_PATH' });
  });

  it('a WERKBANK_CHROMIUM_PATH that is missing or not executable names the fix (no fallback behind the user’s back)', async () => {
    const missing = probe('linux', ['/usr/bin/chromium'], { WERKBANK_CHROMIUM_PATH: '/nope/chrome' });
    await expect(findChromium(missing.env, { probe: missing, ...lookIn })).rejects.toThrow(
      /does not exist\. Fix: point WERKBANK_CHROMIUM_PATH/,
    );
    const notExec = probe('linux', [], { WERKBANK_CHROMIUM_PATH: '/opt/chrome' }, { exists: () => true });
    await expect(findChromium(notExec.env, { probe: notExec, ...lookIn })).rejects.toThrow(
      /not an executable file\. Fix: chmod \+x \/opt\/chrome/,
    );
  });

  it('Linux: Debian chromium, then Chrome (Playwright chrome channel path), then Edge, then werkbank’s own', async () => {
    let p = probe('linux', ['/usr/bin/chromium', '/opt/google/chrome/chrome']);
    expect(await findChromium({}, { probe: p, ...lookIn })).toEqual({ path: '/usr/bin/chromium', source: 'system' });
    p = probe('linux', ['/opt/google/chrome/chrome', '/opt/microsoft/msedge/msedge']);
    expect((await findChromium({}, { probe: p, ...lookIn })).path).toBe('/opt/google/chrome/chrome');
    p = probe('linux', ['/opt/microsoft/msedge/msedge']);
    expect((await findChromium({}, { probe: p, ...lookIn })).path).toBe('/opt/microsoft/msedge/msedge');
    p = probe('linux', own());
    expect(await findChromium({}, { probe: p, ...lookIn })).toEqual({ path: `${OWN}/chromium`, source: INSTALLED });
    // The data dir's browser dir first; a folder without install.json (an install cut short) is not a browser.
    p = probe('linux', [...own(), ...own('/srv/data/browser/chromium-143.0.4')]);
    expect((await findChromium({}, { probe: p, ...lookIn })).path).toBe('/srv/data/browser/chromium-143.0.4/chromium');
    p = probe('linux', ['/srv/data/browser/chromium-143.0.4/chromium', '/usr/bin/apt-get']);
    await expect(findChromium({}, { probe: p, ...lookIn })).rejects.toBeInstanceOf(BrowserUnavailable);
  });

  it('Linux x64 without a browser: 503 naming the one command that installs werkbank’s own (and the system alternative)', async () => {
    const p = probe('linux', ['/usr/bin/dnf'], {}, { root: false });
    let installed = false;
    const err = await findChromium({}, { probe: p, ...lookIn, install: async () => ((installed = true), '/x') }).catch((e) => e);
    expect(installed).toBe(false); // not allowed by the operator: nothing is fetched
    expect(err).toBeInstanceOf(BrowserUnavailable);
    expect(err.cause).toMatch(/werkbank's own in \/srv\/data\/browser or \/home\/ann\/\.werkbank\/browser/);
    expect(err.fix).toMatch(
      /^npx werkbank install-browser \(fetches Chromium from the npm registry, a 64 MB download, verifies it and unpacks it into /,
    );
    expect(err.fix).toMatch(/sudo dnf install -y chromium; or set WERKBANK_CHROMIUM_PATH\)$/);
  });

  it('WERKBANK_BROWSER_AUTO_INSTALL=1: the first lookup installs werkbank’s own into the data dir’s browser dir', async () => {
    const p = probe('linux', [], { WERKBANK_BROWSER_AUTO_INSTALL: '1' });
    const into: string[] = [];
    const choice = await findChromium(p.env, {
      probe: p,
      ...lookIn,
      install: async (dir) => (into.push(dir), `${dir}/chromium-143.0.4/chromium`),
    });
    expect(into).toEqual(['/srv/data/browser']);
    expect(choice).toEqual({ path: '/srv/data/browser/chromium-143.0.4/chromium', source: INSTALLED, installedNow: true });
    const failing = await findChromium(p.env, {
      probe: p,
      ...lookIn,
      install: async () => {
        throw new Error('HTTP 503');
      },
    }).catch((e) => e);
    expect(failing).toBeInstanceOf(BrowserUnavailable);
    expect(failing.cause).toMatch(/installing one into \/srv\/data\/browser failed \(HTTP 503\)/);
  });

  it('Linux arm64: werkbank has no browser of its own to install → the package manager (sudo when not root)', async () => {
    let p = probe('linux', ['/usr/bin/apt-get', ...own()], { WERKBANK_BROWSER_AUTO_INSTALL: '1' }, { arch: 'arm64' });
    let called = false;
    const err = await findChromium(p.env, { probe: p, ...lookIn, install: async () => ((called = true), '/x') }).catch((e) => e);
    expect(called).toBe(false);
    expect(err).toBeInstanceOf(BrowserUnavailable);
    expect(err.fix).toMatch(/^apt-get install -y chromium/);
    p = probe('linux', ['/usr/bin/dnf'], {}, { root: false, arch: 'arm64' });
    expect((await findChromium({}, { probe: p, ...lookIn }).catch((e) => e)).fix).toMatch(/^sudo dnf install -y chromium/);
  });

  it('macOS: Chrome, Chromium, Edge in /Applications, then ~/Applications; never a (Linux) browser of werkbank’s own', async () => {
    const env = { HOME: '/Users/ann' };
    const paths = systemBrowserPaths('darwin', env);
    expect(paths.slice(0, 3)).toEqual([
      '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
      '/Applications/Chromium.app/Contents/MacOS/Chromium',
      '/Applications/Microsoft Edge.app/Contents/MacOS/Microsoft Edge',
    ]);
    let p = probe('darwin', ['/Applications/Microsoft Edge.app/Contents/MacOS/Microsoft Edge'], env);
    expect(await findChromium(env, { probe: p, ...lookIn })).toEqual({
      path: '/Applications/Microsoft Edge.app/Contents/MacOS/Microsoft Edge',
      source: 'system',
    });
    p = probe('darwin', ['/Users/ann/Applications/Google Chrome.app/Contents/MacOS/Google Chrome'], env);
    expect((await findChromium(env, { probe: p, ...lookIn })).path).toBe(
      '/Users/ann/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
    );
    p = probe('darwin', [], env);
    const err = await findChromium(env, { probe: p, ...lookIn }).catch((e) => e);
    expect(err).toBeInstanceOf(BrowserUnavailable);
    expect(err.fix).toMatch(/^brew install --cask google-chrome/);
  });

  it('Windows: Chrome, Chromium, Edge under %LOCALAPPDATA%, %PROGRAMFILES%, %PROGRAMFILES(X86)% (Playwright’s channel lookup)', async () => {
    const paths = systemBrowserPaths('win32', WIN_ENV);
    expect(paths).toContain('C:\\Users\\ann\\AppData\\Local\\Google\\Chrome\\Application\\chrome.exe');
    expect(paths).toContain('C:\\Program Files\\Google\\Chrome\\Application\\chrome.exe');
    expect(paths).toContain('C:\\Program Files (x86)\\Microsoft\\Edge\\Application\\msedge.exe');
    expect(new Set(paths).size).toBe(paths.length); // HOMEDRIVE\Program Files is the same as %PROGRAMFILES%
    // Edge ships with Windows: found when Chrome is not installed.
    let p = probe('win32', ['C:\\Program Files (x86)\\Microsoft\\Edge\\Application\\msedge.exe'], WIN_ENV);
    expect(await findChromium(WIN_ENV, { probe: p, ...lookIn })).toEqual({
      path: 'C:\\Program Files (x86)\\Microsoft\\Edge\\Application\\msedge.exe',
      source: 'system',
    });
    p = probe(
      'win32',
      ['C:\\Program Files (x86)\\Microsoft\\Edge\\Application\\msedge.exe', 'C:\\Program Files\\Google\\Chrome\\Application\\chrome.exe'],
      WIN_ENV,
    );
    expect((await findChromium(WIN_ENV, { probe: p, ...lookIn })).path).toBe('C:\\Program Files\\Google\\Chrome\\Application\\chrome.exe');
    p = probe('win32', [], WIN_ENV);
    const err = await findChromium(WIN_ENV, { probe: p, ...lookIn }).catch((e) => e);
    expect(err.fix).toMatch(/^winget install --id Google\.Chrome/);
  });
});

describe('explaining a browser that cannot start', () => {
  const ldd = `\tlinux-vdso.so.1 (0x00007ffd)\n\tlibdl.so.2 => /lib/x86_64-linux-gnu/libdl.so.2 (0x00007f)\n\tlibnspr4.so => not found\n\tlibnss3.so => not found\n\tlibnssutil3.so => not found\n\tlibexpat.so.1 => not found\n\tlibplc4.so => not found\n`;

  it('parses ldd', () => {
    expect(parseLddMissing(ldd)).toEqual(['libnspr4.so', 'libnss3.so', 'libnssutil3.so', 'libexpat.so.1', 'libplc4.so']);
  });

  it('missing libraries (Debian): lists them and the one apt-get command', async () => {
    const p = probe('linux', ['/usr/bin/apt-get']);
    const err = await explainFailure({ path: `${OWN}/chromium`, source: INSTALLED }, new Error('browserType.launch: Target closed'), {
      probe: p,
      missingLibraries: async () => parseLddMissing(ldd),
    });
    expect(err.cause).toMatch(
      /Chromium werkbank installed at \/home\/ann\/\.werkbank\/browser\/chromium-143\.0\.4\/chromium.*libnspr4\.so, libnss3\.so, libnssutil3\.so, libexpat\.so\.1/,
    );
    expect(err.fix).toMatch(/^apt-get install -y libnspr4 libnss3 libexpat1 /);
  });

  it('missing libraries (Fedora/Amazon Linux): dnf packages, sudo when not root', async () => {
    const p = probe('linux', ['/usr/bin/dnf'], {}, { root: false });
    const err = await explainFailure({ path: `${OWN}/chromium`, source: INSTALLED }, new Error('x'), {
      probe: p,
      missingLibraries: async () => ['libnss3.so', 'libnspr4.so'],
    });
    expect(err.fix).toBe('sudo dnf install -y nss nspr');
  });

  it('a wrapper that is not ELF: the library the loader named', async () => {
    const p = probe('linux', ['/usr/bin/apt-get']);
    const text =
      'browserType.launch: Target page, context or browser has been closed\nBrowser logs:\n[pid=7][err] /opt/c/chrome: error while loading shared libraries: libnss3.so: cannot open shared object file\n';
    const err = await explainFailure({ path: '/opt/c/wrapper', source: 'system' }, new Error(text), {
      probe: p,
      missingLibraries: async () => [],
    });
    expect(err.cause).toMatch(/libnss3\.so/);
    expect(err.fix).toMatch(/^apt-get install -y libnss3/);
  });

  it('an exit at start without a library message: the exit code, and where to point the setting', async () => {
    const p = probe('linux', []);
    const text =
      'browserType.launch: Target page, context or browser has been closed\nBrowser logs:\n\n<launched> pid=8\nCall log:\n\x1b[2m  - [pid=8] <process did exit: exitCode=127, signal=null>\x1b[22m\n';
    const err = await explainFailure({ path: '/x/chrome', source: 'WERKBANK_CHROMIUM_PATH' }, new Error(text), {
      probe: p,
      missingLibraries: async () => [],
    });
    expect(err.message).toBe(
      'The browser at /x/chrome (WERKBANK_CHROMIUM_PATH) did not start: it exited with code 127. Fix: point WERKBANK_CHROMIUM_PATH at a working Chrome, Chromium or Edge, or unset it',
    );
  });

  it('permission denied and wrong architecture', async () => {
    const p = probe('linux', ['/usr/bin/apt-get', '/x/chrome']);
    const denied = await explainFailure(
      { path: '/x/chrome', source: 'system' },
      new Error('browserType.launch: Failed to launch: Error: spawn /x/chrome EACCES'),
      {
        probe: p,
        missingLibraries: async () => [],
      },
    );
    expect(denied.fix).toMatch(/^chmod \+x \/x\/chrome, or npx werkbank install-browser .*apt-get install -y chromium/);
    const format = await explainFailure({ path: '/x/chrome', source: 'system' }, new Error('spawn ENOEXEC'), {
      probe: p,
      missingLibraries: async () => [],
    });
    expect(format.cause).toMatch(/not a program for this system/);
  });

  it('launchSummary keeps the browser’s own error line', () => {
    expect(
      launchSummary(
        'x\n[pid=1][err] [0101/000000.1:FATAL:zygote_host_impl_linux.cc(128)] No usable sandbox!\n<process did exit: exitCode=1, signal=null>',
      ),
    ).toBe('it exited with code 1: [0101/000000.1:FATAL:zygote_host_impl_linux.cc(128)] No usable sandbox!');
  });
});
