#!/usr/bin/env bash
# Proves that the Docker image's runtime stage renders, without a Docker engine.
#
#   1. debootstrap --variant=minbase bookworm into a temp dir (what node:20-bookworm-slim is
#      built from), then apt-get install --no-install-recommends the packages of
#      docker/runtime-packages.txt, the list the Dockerfile installs;
#   2. Node (this machine's node binary, standing in for the image's /usr/local/bin/node)
#      and the app copied as the Dockerfile copies it: /app/{dist (the bundle, its chunks and
#      dist/node_modules; the package has no runtime dependencies),assets,package.json,
#      README.md,mcp.json}; the browser installed as the Dockerfile's build stage installs it
#      (`werkbank install-browser --from node_modules/@sparticuz/chromium`) into
#      /opt/werkbank/browser (WERKBANK_BROWSER_DIR); user `node` (uid 1000), WERKBANK_DATA_DIR=/data;
#   3. in a private network namespace (loopback only, plus a public-looking address for a
#      test page that exists only inside it), `werkbank serve` runs inside the chroot as
#      user node, and over REST on loopback renders an HTML page to PDF and the test page
#      to PNG; both files are downloaded and checked (PDF: fonts embedded, the emoji font
#      among them; PNG: colour emoji pixels).
#
# Needs root (debootstrap, chroot, unshare), Debian/Ubuntu (apt-get), the network to a
# Debian mirror (DEBIAN_MIRROR, default: this machine's apt mirror or deb.debian.org) and
# a built checkout with node_modules (npm ci && npm run build). Bounded in time: every step
# has its own timeout and the whole run stops after CHECK_ROOTFS_BUDGET seconds (default 480).
#
# Environment:
#   DEBIAN_MIRROR          mirror for debootstrap
#   RUNTIME_PACKAGES_FILE  package list (default docker/runtime-packages.txt)
#   ROOTFS_CACHE_DIR       keep downloaded .debs here between runs (faster local reruns)
#   KEEP_ROOTFS=1          leave the chroot in place (its path is printed)
#   CHECK_ROOTFS_BUDGET    overall limit, seconds
set -euo pipefail

ROOT_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
PACKAGES_FILE=${RUNTIME_PACKAGES_FILE:-$ROOT_DIR/docker/runtime-packages.txt}
SUITE=bookworm
BUDGET=${CHECK_ROOTFS_BUDGET:-480}
# A public unicast address (the server's SSRF policy refuses private ones), assigned only
# inside the check's own network namespace: nothing leaves it.
PAGE_IP=93.184.215.14
PAGE_HOST=page.werkbank-check.example

die() { echo "check-runtime-rootfs: FAIL: $*" >&2; exit 1; }
T0=$(date +%s)
step() { printf '[rootfs +%3ss] %s\n' "$(( $(date +%s) - T0 ))" "$*"; }

# Whole-run bound: re-run under timeout(1) once.
if [ -z "${CHECK_ROOTFS_INNER:-}" ]; then
  export CHECK_ROOTFS_INNER=1
  set +e
  timeout --kill-after=15 "$BUDGET" bash "$0" "$@"
  rc=$?
  set -e
  [ $rc -eq 124 ] && echo "check-runtime-rootfs: FAIL: did not finish within ${BUDGET}s (CHECK_ROOTFS_BUDGET)" >&2
  exit $rc
fi

[ "$(id -u)" = 0 ] || die "must run as root (debootstrap, chroot and unshare need it)"
command -v node >/dev/null || die "node is not on PATH"
[ -f "$ROOT_DIR/dist/werkbank.js" ] || die "dist/werkbank.js is missing: run npm run build first"
[ -d "$ROOT_DIR/node_modules/@sparticuz/chromium" ] || die "node_modules/@sparticuz/chromium is missing: run npm ci first"
[ -f "$PACKAGES_FILE" ] || die "package list $PACKAGES_FILE not found"
mapfile -t PACKAGES < <(sed -e 's/#.*//' -e 's/[[:space:]]\+/\n/g' "$PACKAGES_FILE" | grep -v '^$')
[ ${#PACKAGES[@]} -gt 0 ] || die "package list $PACKAGES_FILE is empty"

# The mirror: DEBIAN_MIRROR, else the one this machine's apt uses, else deb.debian.org.
if [ -z "${DEBIAN_MIRROR:-}" ]; then
  DEBIAN_MIRROR=$(cat /etc/apt/sources.list /etc/apt/sources.list.d/*.list /etc/apt/sources.list.d/*.sources 2>/dev/null |
    grep -v '^[[:space:]]*#' | grep -oE 'https?://[^[:space:]]+/debian/?([[:space:]]|$)' | head -n1 | tr -d '[:space:]' || true)
  DEBIAN_MIRROR=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
fi
DEBIAN_MIRROR=${DEBIAN_MIRROR%/}

step "mirror $DEBIAN_MIRROR; packages: ${PACKAGES[*]}"
MIRROR_URL="$DEBIAN_MIRROR/dists/$SUITE/Release" node -e '
  fetch(process.env.MIRROR_URL, { signal: AbortSignal.timeout(20000) })
    .then((r) => process.exit(r.ok ? 0 : (console.error(`HTTP ${r.status}`), 1)), (e) => (console.error(e.cause?.message ?? e.message), process.exit(1)));
' || die "cannot reach the Debian mirror $DEBIAN_MIRROR (set DEBIAN_MIRROR to one this machine can reach)"

# Host tools: debootstrap, and ip (iproute2) for the private network namespace.
need=()
command -v debootstrap >/dev/null || need+=(debootstrap)
command -v ip >/dev/null || need+=(iproute2)
if [ ${#need[@]} -gt 0 ]; then
  command -v apt-get >/dev/null || die "needs ${need[*]} (and apt-get to install them)"
  step "apt-get install ${need[*]}"
  timeout 120 apt-get update -qq >/dev/null || die "apt-get update failed (mirror unreachable?)"
  DEBIAN_FRONTEND=noninteractive timeout 180 apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null ||
    die "apt-get install ${need[*]} failed"
fi

WORK=$(mktemp -d /tmp/werkbank-rootfs.XXXXXX)
ROOTFS=$WORK/rootfs
cleanup() {
  local rc=$?
  for m in "$ROOTFS/dev/shm" "$ROOTFS/proc"; do
    mountpoint -q "$m" 2>/dev/null && umount -l "$m" 2>/dev/null || true
  done
  if [ -n "${KEEP_ROOTFS:-}" ]; then
    echo "check-runtime-rootfs: kept $ROOTFS"
  elif grep -q " $WORK" /proc/mounts; then
    echo "check-runtime-rootfs: something is still mounted under $WORK; not removing it" >&2
  else
    rm -rf "$WORK"
  fi
  exit $rc
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# 1. The base system and the package list.
step "debootstrap --variant=minbase $SUITE"
cache=()
if [ -n "${ROOTFS_CACHE_DIR:-}" ]; then mkdir -p "$ROOTFS_CACHE_DIR"; cache=(--cache-dir="$(cd "$ROOTFS_CACHE_DIR" && pwd)"); fi
timeout 300 debootstrap --variant=minbase "${cache[@]}" "$SUITE" "$ROOTFS" "$DEBIAN_MIRROR" >"$WORK/debootstrap.log" 2>&1 || {
  tail -n 20 "$WORK/debootstrap.log" >&2
  die "debootstrap from $DEBIAN_MIRROR failed or timed out (log above)"
}
cp -L /etc/resolv.conf "$ROOTFS/etc/resolv.conf" 2>/dev/null || true
mount -t proc proc "$ROOTFS/proc"
chroot "$ROOTFS" apt-get clean
BASE_MB=$(du -smx "$ROOTFS" | cut -f1)
step "apt-get install --no-install-recommends (the Dockerfile's list)"
DEBIAN_FRONTEND=noninteractive timeout 300 chroot "$ROOTFS" apt-get install -y -q --no-install-recommends "${PACKAGES[@]}" \
  >"$WORK/apt.log" 2>&1 || { tail -n 20 "$WORK/apt.log" >&2; die "installing the package list failed (log above)"; }
chroot "$ROOTFS" apt-get clean
OS_MB=$(du -smx "$ROOTFS" | cut -f1)

# 2. Node and the app, as the Dockerfile's runtime stage copies them.
step "node $(node -v) and the app"
install -m 0755 "$(readlink -f "$(command -v node)")" "$ROOTFS/usr/local/bin/node"
chroot "$ROOTFS" /usr/local/bin/node -e 0 2>"$WORK/node.log" ||
  die "this machine's node does not run on a slim Debian ($(head -n1 "$WORK/node.log")); use the official Node 20 binary"
chroot "$ROOTFS" useradd --uid 1000 --user-group --create-home --shell /bin/bash node
mkdir -p "$ROOTFS/app/dist" "$ROOTFS/data"
cp -a "$ROOT_DIR/dist/werkbank.js" "$ROOT_DIR/dist/manifest.json" "$ROOT_DIR/dist/THIRD-PARTY-LICENSES.txt" \
  "$ROOT_DIR/dist/chunks" "$ROOT_DIR/dist/node_modules" "$ROOTFS/app/dist/"
cp -a "$ROOT_DIR/assets" "$ROOTFS/app/"
cp "$ROOT_DIR/package.json" "$ROOT_DIR/README.md" "$ROOT_DIR/mcp.json" "$ROOTFS/app/"
# The browser, as the Dockerfile's build stage installs it (checked against the pinned hashes).
(cd "$ROOT_DIR" && node dist/werkbank.js install-browser --from node_modules/@sparticuz/chromium --data "$ROOTFS/opt/werkbank" --json) \
  >"$WORK/install-browser.json" || die "install-browser failed"
chroot "$ROOTFS" chown node:node /data
echo "$PAGE_IP $PAGE_HOST" >>"$ROOTFS/etc/hosts"
mountpoint -q "$ROOTFS/dev/shm" || { mkdir -p "$ROOTFS/dev/shm" && mount -t tmpfs -o size=64m shm "$ROOTFS/dev/shm"; }
APP_MB=$(du -sm "$ROOTFS/app" | cut -f1)
BROWSER_MB=$(du -sm "$ROOTFS/opt/werkbank/browser" | cut -f1)
IMAGE_MB=$(du -smx "$ROOTFS" | cut -f1)
step "rootfs ${IMAGE_MB} MB: minbase ${BASE_MB} MB + packages $((OS_MB - BASE_MB)) MB + node, app and browser $((IMAGE_MB - OS_MB)) MB (app ${APP_MB} MB, browser ${BROWSER_MB} MB)"

# 3. Serve and render inside a private network namespace.
cat >"$WORK/check.mjs" <<'EOF'
// Runs inside the private network namespace: a test page on PAGE_IP:80, `werkbank serve`
// inside the chroot as user node, two renders over REST on loopback, the files checked.
import { createServer } from 'node:http';
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { writeFileSync } from 'node:fs';

const { ROOTFS, PAGE_IP, PAGE_HOST, ROOT_DIR, WORK } = process.env;
const require = createRequire(`${ROOT_DIR}/package.json`);
const { PNG } = require('pngjs');
const fail = (msg) => {
  console.error(`check-runtime-rootfs: FAIL: ${msg}`);
  process.exit(1);
};
const text = 'Één ĳsbeer at the café: coördinatie, reünie, naïef';
const html = (title) =>
  `<!doctype html><meta charset="utf-8"><title>${title}</title><body style="margin:0;background:#fff;font:32px sans-serif">` +
  `<p style="font-family:serif">${text}</p><p>${text}</p><p style="font-size:160px;line-height:1">😀</p></body>`;

const page = createServer((req, res) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html('page')));
await new Promise((r) => page.listen(80, PAGE_IP, r));

const env = {
  HOME: '/home/node', PATH: '/usr/local/bin:/usr/bin:/bin', NODE_ENV: 'production',
  WERKBANK_HOST: '127.0.0.1', WERKBANK_PORT: '0', WERKBANK_DATA_DIR: '/data', WERKBANK_PRINT_PORT: '1',
  WERKBANK_BROWSER_DIR: '/opt/werkbank/browser',
};
const started = Date.now();
const server = spawn('chroot', ['--userspec=node:node', ROOTFS, '/usr/bin/env', '-i', ...Object.entries(env).map(([k, v]) => `${k}=${v}`),
  'sh', '-c', 'cd /app && exec node dist/werkbank.js serve'], { stdio: ['ignore', 'pipe', 'pipe'] });
let log = '';
server.stderr.on('data', (d) => (log += d));
const stop = () => server.kill('SIGKILL');
process.on('exit', stop);
const port = await new Promise((resolve, reject) => {
  let out = '';
  const t = setTimeout(() => reject(new Error('the server did not listen within 30 s')), 30_000);
  server.stdout.on('data', (d) => {
    out += d;
    const m = /\{"port":(\d+)\}/.exec(out);
    if (m) (clearTimeout(t), resolve(Number(m[1])));
  });
  server.on('exit', (code) => reject(new Error(`the server exited with ${code}`)));
}).catch((e) => fail(`${e.message}\n${log}`));
const base = `http://127.0.0.1:${port}`;
const listenedMs = Date.now() - started;

async function render(path, body) {
  const t = Date.now();
  const res = await fetch(base + path, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), signal: AbortSignal.timeout(90_000),
  });
  const json = await res.json().catch(() => ({}));
  if (res.status !== 200) fail(`${path} answered ${res.status}: ${JSON.stringify(json)}\n--- server log ---\n${log}`);
  const file = await fetch(new URL(json.data.url, base), { signal: AbortSignal.timeout(30_000) });
  if (file.status !== 200) fail(`download of ${json.data.url} answered ${file.status}`);
  return { body: Buffer.from(await file.arrayBuffer()), ms: Date.now() - t };
}

const pdf = await render('/api/v1/render/html-to-pdf', { html: html('pdf') });
writeFileSync(`${WORK}/render.pdf`, pdf.body);
if (pdf.body.subarray(0, 5).toString('latin1') !== '%PDF-') fail('html-to-pdf did not return a PDF');
const fonts = [...new Set([...pdf.body.toString('latin1').matchAll(/\/BaseFont\s*\/(?:[A-Z]{6}\+)?([\w-]+)/g)].map((m) => m[1]))];
if (!fonts.some((f) => /Liberation|DejaVu/i.test(f))) fail(`the PDF embeds no Latin font from the package list (fonts: ${fonts.join(', ') || 'none'})`);
// Colour emoji (bitmap glyphs) are printed as a Type3 font; a missing emoji font leaves none.
if (!/\/Subtype\s*\/Type3/.test(pdf.body.toString('latin1'))) fail(`the PDF has no emoji glyphs (no Type3 font; fonts: ${fonts.join(', ')})`);

const png = await render('/api/v1/render/url-screenshot', { url: `http://${PAGE_HOST}/`, width: 800 });
writeFileSync(`${WORK}/render.png`, png.body);
let image;
try {
  image = PNG.sync.read(png.body);
} catch (e) {
  fail(`url-screenshot did not return a PNG (${e.message})`);
}
let yellow = 0;
for (let i = 0; i < image.data.length; i += 4) {
  const [r, g, b] = image.data.subarray(i, i + 3);
  if (r > 200 && g > 150 && b < 90) yellow++;
}
if (yellow < 500) fail(`the screenshot shows no colour emoji (${yellow} yellow pixels)`);
console.log(JSON.stringify({
  listenedMs, coldPdfMs: pdf.ms, pdfBytes: pdf.body.length, fonts, warmPngMs: png.ms, pngBytes: png.body.length,
  png: `${image.width}x${image.height}`, emojiPixels: yellow,
}));
stop();
page.close();
process.exit(0);
EOF

step "werkbank serve in the chroot (user node, loopback only); html-to-pdf, url-screenshot"
export ROOTFS PAGE_IP PAGE_HOST ROOT_DIR WORK
if unshare --net true 2>/dev/null; then
  timeout 180 unshare --net -- sh -c "ip link set lo up && ip addr add $PAGE_IP/32 dev lo && exec node '$WORK/check.mjs'" \
    >"$WORK/result.json" || die "rendering in the chroot failed (see above)"
else
  die "unshare --net is not permitted here (the check needs a private network namespace: run it as root on a VM or a privileged container)"
fi
step "ok: $(cat "$WORK/result.json")"
# The chroot has no other browser and no WERKBANK_CHROMIUM_PATH: the renders ran on the built-in one.
step "ok: the runtime file system renders with the built-in browser (image rootfs ${IMAGE_MB} MB, browser ${BROWSER_MB} MB)"
