/**
 * Which Chromium renders run on, in this order:
 *
 *   1. `WERKBANK_CHROMIUM_PATH` (any Chromium or Chrome binary);
 *   2. a system Chromium/Chrome (Debian's `chromium` is /usr/bin/chromium);
 *   3. the binary bundled in the npm package `@sparticuz/chromium` (installed
 *      with `npm install`, unpacked to the temp dir on first use), so a plain
 *      install renders without any browser download.
 */
import { accessSync, constants } from 'node:fs';

export interface BrowserChoice {
  path: string;
  source: 'WERKBANK_CHROMIUM_PATH' | 'system' | 'bundled (@sparticuz/chromium)';
}

export const SYSTEM_CHROMIUM_PATHS = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome-stable',
  '/usr/bin/google-chrome',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
  '/Applications/Chromium.app/Contents/MacOS/Chromium',
];

function executable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

export async function findChromium(env: NodeJS.ProcessEnv = process.env): Promise<BrowserChoice> {
  const configured = env.WERKBANK_CHROMIUM_PATH?.trim();
  if (configured) {
    if (!executable(configured)) throw new Error(`WERKBANK_CHROMIUM_PATH=${configured} is not an executable file`);
    return { path: configured, source: 'WERKBANK_CHROMIUM_PATH' };
  }
  const system = SYSTEM_CHROMIUM_PATHS.find(executable);
  if (system) return { path: system, source: 'system' };
  try {
    const { default: bundled } = await import('@sparticuz/chromium');
    return { path: await bundled.executablePath(), source: 'bundled (@sparticuz/chromium)' };
  } catch (err) {
    throw new Error(
      `No Chromium found: set WERKBANK_CHROMIUM_PATH, install Chromium (Debian: apt-get install chromium), ` +
        `or reinstall werkbank so that @sparticuz/chromium is present (${(err as Error).message})`,
    );
  }
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
