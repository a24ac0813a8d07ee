/**
 * The adversarial SSRF suite (research note §6): a canary on 127.0.0.1 (TCP and
 * UDP) must receive zero hits, whatever the URL form, scheme, redirect, meta
 * refresh, script, sub-resource or DNS answer. Real Chromium, real proxy; the
 * resolver and address policy are injected (only 127.0.0.2 counts as public).
 */
import { createSocket, type Socket as UdpSocket } from 'node:dgram';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post, startServer, type TestServer } from './helpers/server.js';
import { checkRenderUrl, publicUnicastOnly } from '../src/render/address.js';
import { RenderService } from '../src/render/service.js';
import { canary, download, PUBLIC_IP, readPdf, site, testResolver, type Site } from './render-helpers.js';
import { tempDir } from './helpers/server.js';

describe('address policy (real classification, no network)', () => {
  it.each([
    '127.0.0.1',
    '127.1.2.3',
    '0.0.0.0',
    '0.0.0.1',
    '10.0.0.1',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '169.254.170.2',
    '100.64.0.1',
    '100.100.100.200',
    '192.0.0.192',
    '198.18.0.1',
    '240.0.0.1',
    '255.255.255.255',
    '224.0.0.1',
    '168.63.129.16',
    '::',
    '::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:a9fe:a9fe',
    '::127.0.0.1',
    '::7f00:1',
    '64:ff9b::7f00:1',
    '2002:7f00:1::',
    'fe80::1',
    'fd00:ec2::254',
    'fc00::1',
    'ff02::1',
    'not-an-ip',
  ])('%s is refused', (ip) => expect(publicUnicastOnly(ip)).toBe(false));

  it.each(['93.184.215.14', '8.8.8.8', '1.1.1.1', '2606:4700:4700::1111', '2a00:1450:4001::200e'])('%s is public', (ip) =>
    expect(publicUnicastOnly(ip)).toBe(true),
  );

  const names: Record<string, string[]> = {
    'localtest.me': ['127.0.0.1'],
    '127.0.0.1.nip.io': ['127.0.0.1'],
    'metadata.google.internal': ['169.254.169.254'],
    'mixed.example': ['93.184.215.14', '10.0.0.5'],
    'v6.example': ['2606:4700:4700::1111', '::1'],
    'public.example': ['93.184.215.14'],
  };
  const resolver = async (h: string) => {
    if (names[h]) return names[h];
    throw Object.assign(new Error('nx'), { code: 'ENOTFOUND' });
  };

  it.each([
    'file:///etc/passwd',
    'FILE:///etc/passwd',
    'file://localhost/etc/passwd',
    'file:/etc/passwd',
    '\\\\localhost\\etc\\passwd',
    'http:\\\\127.0.0.1\\',
    '//127.0.0.1/',
    'http://127.0.0.1/',
    'http://127.1/',
    'http://0/',
    'http://0.0.0.0/',
    'http://2130706433/',
    'http://0x7f000001/',
    'http://017700000001/',
    'http://0177.0.0.1/',
    'http://127.000.000.001/',
    'http://１２７.０.０.１/',
    'http://%31%32%37.0.0.1/',
    'http://127.0.0.1./',
    'HTTP://127.0.0.1/',
    'http://localhost/',
    'http://LOCALHOST./',
    'http://foo.localhost/',
    'http://localtest.me/',
    'http://127.0.0.1.nip.io/',
    'http://[::1]/',
    'http://[::]/',
    'http://[0:0:0:0:0:0:0:1]/',
    'http://[::ffff:127.0.0.1]/',
    'http://[::ffff:7f00:1]/',
    'http://[::ffff:a9fe:a9fe]/',
    'http://[::127.0.0.1]/',
    'http://[64:ff9b::7f00:1]/',
    'http://[2002:7f00:1::]/',
    'http://[fe80::1%25lo]/',
    'http://[fd00:ec2::254]/',
    'http://169.254.169.254/latest/meta-data/iam/security-credentials/',
    'http://169.254.170.2/',
    'http://metadata.google.internal/',
    'http://100.100.100.200/',
    'http://192.0.0.192/',
    'http://168.63.129.16/',
    'http://10.0.0.1/',
    'http://172.16.0.1/',
    'http://192.168.1.1/',
    'http://100.64.0.1/',
    'http://198.18.0.1/',
    'http://240.0.0.1/',
    'http://255.255.255.255/',
    'http://224.0.0.1/',
    'http://attacker.test@127.0.0.1/',
    'http://127.0.0.1#@public.example/',
    'https://user:pass@public.example/',
    'data:text/html,<h1>x',
    'javascript:alert(1)',
    'view-source:http://127.0.0.1/',
    'view-source:file:///etc/passwd',
    'chrome://settings',
    'about:config',
    'ftp://public.example/',
    'gopher://public.example/',
    'ws://public.example/',
    'blob:http://public.example/x',
    '',
    '   ',
    'http:///x',
    'http://public.example:65536/',
    'http://mixed.example/',
    'http://v6.example/',
    'http://nxdomain.example/',
  ])('pre-flight refuses %j with 400', async (url) => {
    const err = await checkRenderUrl(url, resolver, publicUnicastOnly).then(
      () => null,
      (e) => e,
    );
    expect(err, url).not.toBeNull();
    expect(err.status).toBe(400);
  });

  it('accepts a public name and normalises it the way Chromium does', async () => {
    expect(await checkRenderUrl('  HTTPS://Public.Example/a b', resolver, publicUnicastOnly)).toBe('https://public.example/a%20b');
    // A backslash ends the host in http(s) URLs: this is public.example with the path /@127.0.0.1/.
    expect(await checkRenderUrl('http://public.example\\@127.0.0.1/', resolver, publicUnicastOnly)).toBe(
      'http://public.example/@127.0.0.1/',
    );
  });
});

describe('renders never reach the canary', () => {
  let srv: TestServer;
  let spy: Site;
  let pub: Site;
  let udp: UdpSocket;
  let udpHits = 0;
  let udpPort = 0;
  let rebinds = 0;
  let subRebinds = 0;

  beforeAll(async () => {
    spy = await canary();
    udp = createSocket('udp4');
    udp.on('message', () => udpHits++);
    await new Promise<void>((r) => udp.bind(0, '127.0.0.1', () => r()));
    udpPort = udp.address().port;
    const c = () => `http://127.0.0.1:${spy.port}`;
    const html = (body: string) => `<!doctype html><html><body><h1>Public</h1>${body}</body></html>`;
    const pages: Partial<Record<string, () => string>> = {
      '/meta': () => html(`<meta http-equiv="refresh" content="0;url=${c()}/meta">`),
      '/location': () => html(`<script>location = '${c()}/location'</script>`),
      '/location-metadata': () => html(`<script>location = 'http://169.254.169.254/latest/meta-data/'</script>`),
      '/form': () => html(`<form id=f method=post action="${c()}/form"><input name=a value=b></form><script>f.submit()</script>`),
      '/popup': () => html(`<script>window.open('${c()}/popup')</script>`),
      '/subresources': () =>
        html(`
        <iframe src="${c()}/iframe"></iframe><img src="${c()}/img"><img srcset="${c()}/srcset 2x"><video poster="${c()}/poster"></video>
        <picture><source srcset="${c()}/picture"><img></picture><audio src="${c()}/audio"></audio>
        <object data="${c()}/object"></object><embed src="${c()}/embed">
        <style>@import url("${c()}/import.css"); body { background: url("${c()}/bg.png") } @font-face { font-family: x; src: url("${c()}/font.woff") } h1 { font-family: x }</style>
        <svg><image href="${c()}/svg-image"/><use href="${c()}/svg-use#a"/></svg>
        <link rel=stylesheet href="${c()}/style.css"><link rel=preload as=image href="${c()}/preload"><link rel=prefetch href="${c()}/prefetch">
        <link rel=preconnect href="${c()}"><link rel=dns-prefetch href="${c()}"><link rel=icon href="${c()}/icon"><link rel=manifest href="${c()}/manifest">
        <script src="${c()}/script.js"></script><img src="http://canary.test:${spy.port}/by-name"><img src="http://[::ffff:127.0.0.1]:${spy.port}/mapped">
        <img src="http://169.254.169.254/latest/meta-data/"><img src="http://localhost:${spy.port}/localhost"><img src="http://foo.localhost:${spy.port}/x">
        <img src="http://rebind-sub.test:${spy.port}/rebind-sub"><iframe src="file:///etc/passwd"></iframe>
        <script>
          fetch('${c()}/fetch').catch(() => {});
          fetch('http://canary.test:${spy.port}/fetch-name').catch(() => {});
          const x = new XMLHttpRequest(); x.open('GET', '${c()}/xhr'); x.send();
          navigator.sendBeacon('${c()}/beacon', 'x');
          new EventSource('${c()}/sse');
          try { new WebSocket('ws://127.0.0.1:${spy.port}/ws'); } catch {}
          try { new WebSocket('wss://127.0.0.1:${spy.port}/wss'); } catch {}
          import('${c()}/module.js').catch(() => {});
          new Worker(URL.createObjectURL(new Blob(["fetch('${c()}/worker').catch(()=>{})"], { type: 'text/javascript' })));
          navigator.serviceWorker && navigator.serviceWorker.register('/sw.js').catch(() => {});
          try {
            const pc = new RTCPeerConnection({ iceServers: [{ urls: 'stun:127.0.0.1:${udpPort}' }] });
            pc.createDataChannel('x'); pc.createOffer().then((o) => pc.setLocalDescription(o));
          } catch {}
        </script>`),
    };
    pub = await site(PUBLIC_IP, (req, res) => {
      const url = req.url ?? '/';
      const redirect = /^\/redirect\/(30[12378])$/.exec(url);
      if (redirect) return res.writeHead(Number(redirect[1]), { Location: `${c()}/after-${redirect[1]}` }).end();
      const chain = /^\/chain\/(\d+)$/.exec(url);
      if (chain)
        return res
          .writeHead(302, {
            Location: Number(chain[1]) > 0 ? `/chain/${Number(chain[1]) - 1}` : `http://canary.test:${spy.port}/chain-end`,
          })
          .end();
      if (url === '/redirect-mapped') return res.writeHead(302, { Location: `http://[::ffff:7f00:1]:${spy.port}/mapped` }).end();
      if (url === '/redirect-metadata') return res.writeHead(302, { Location: 'http://169.254.169.254/latest/meta-data/' }).end();
      if (url === '/redirect-file') return res.writeHead(302, { Location: 'file:///etc/passwd' }).end();
      if (url === '/loop') return res.writeHead(302, { Location: '/loop' }).end();
      if (url === '/sw.js')
        return res.writeHead(200, { 'Content-Type': 'text/javascript' }).end(`self.onfetch = (e) => e.respondWith(fetch('${c()}/sw'))`);
      const page = pages[url];
      res.writeHead(page ? 200 : 404, { 'Content-Type': 'text/html' }).end(page ? page() : 'not found');
    });
    srv = await startServer({
      renderPolicy: (ip) => ip === PUBLIC_IP,
      renderResolver: testResolver({
        // DNS rebinding: public for the pre-flight, loopback from then on (TTL 0).
        'rebind.test': () => (rebinds++ === 0 ? [PUBLIC_IP] : ['127.0.0.1']),
        'rebind-sub.test': () => (subRebinds++ % 2 === 0 ? [PUBLIC_IP] : ['127.0.0.1']),
      }),
    });
  });

  afterAll(async () => {
    await srv?.close();
    await pub?.close();
    await spy?.close();
    udp?.close();
  });

  const render = (slug: string, body: unknown) => post(srv.url, `/api/v1/render/${slug}`, body, srv.key);
  const pubUrl = (path: string) => `http://public.test:${pub.port}${path}`;

  it('the public site renders (control)', async () => {
    const res = await render('url-to-pdf', { url: pubUrl('/popup') });
    expect(res.status, res.text).toBe(200);
    expect((await readPdf((await download(srv, res.json.data.url)).body)).text).toContain('Public');
  });

  it.each([
    'http://127.0.0.1:PORT/',
    'http://canary.test:PORT/',
    'http://[::ffff:127.0.0.1]:PORT/',
    'http://localhost:PORT/',
    'http://2130706433:PORT/',
    'http://mixed.test:PORT/',
    'http://nx.test/',
    'file:///etc/passwd',
  ])('main URL %s → 400', async (template) => {
    for (const slug of ['url-to-pdf', 'url-screenshot']) {
      const res = await render(slug, { url: template.replace('PORT', String(spy.port)) });
      expect(res.status, res.text).toBe(400);
    }
  });

  it.each([
    '/redirect/301',
    '/redirect/302',
    '/redirect/303',
    '/redirect/307',
    '/redirect/308',
    '/chain/3',
    '/redirect-mapped',
    '/redirect-metadata',
    '/redirect-file',
    '/meta',
    '/location',
    '/location-metadata',
    '/form',
  ])('main-frame navigation %s → 400', async (path) => {
    const res = await render('url-to-pdf', { url: pubUrl(path) });
    expect(res.status, res.text).toBe(400);
    expect(res.json.error).toMatch(/blocked address|not http\(s\)/);
  });

  it('a redirect loop fails cleanly (502) and is not charged', async () => {
    const before = (await srv.server.accounts.balance(srv.accountId)).remaining;
    const used = (await srv.server.store.getAccount(srv.accountId))!.renderAllowanceUsed;
    const res = await render('url-to-pdf', { url: pubUrl('/loop') });
    expect(res.status, res.text).toBe(502);
    expect((await srv.server.accounts.balance(srv.accountId)).remaining).toBe(before);
    expect((await srv.server.store.getAccount(srv.accountId))!.renderAllowanceUsed).toBe(used);
  });

  it('DNS rebinding: the proxy connects only to the address it checked', async () => {
    const res = await render('url-to-pdf', { url: `http://rebind.test:${spy.port}/rebound` });
    expect(rebinds).toBeGreaterThanOrEqual(2); // pre-flight saw the public answer, the proxy the private one
    expect(res.status, res.text).toBe(400);
  });

  it('sub-resources, scripted requests, workers, WebSockets and WebRTC to internal hosts are dropped; the page still renders', async () => {
    for (const slug of ['url-to-pdf', 'url-screenshot']) {
      const res = await render(slug, { url: pubUrl('/subresources') });
      expect(res.status, res.text).toBe(200);
    }
    const html = await render('html-to-pdf', {
      html: `<h1>Inline</h1><img src="http://127.0.0.1:${spy.port}/html-img"><meta http-equiv="refresh" content="5;url=http://127.0.0.1:${spy.port}/later">
        <script>fetch('http://127.0.0.1:${spy.port}/html-fetch').catch(() => {})</script><iframe src="file:///etc/passwd"></iframe>`,
    });
    expect(html.status, html.text).toBe(200);
    const pdf = await readPdf((await download(srv, html.json.data.url)).body);
    expect(pdf.text).toContain('Inline');
    expect(pdf.text).not.toMatch(/root:|CANARY/);
  });

  it('html-to-pdf whose page navigates itself to an internal host → 400', async () => {
    const res = await render('html-to-pdf', { html: `<script>location = 'http://127.0.0.1:${spy.port}/from-html'</script>` });
    expect(res.status, res.text).toBe(400);
  });

  it('zero canary hits (TCP and UDP) after all of the above', () => {
    expect(spy.hits).toEqual([]);
    expect(udpHits).toBe(0);
  });
});

describe('boot-time refusal', () => {
  it('refuses to start when Playwright is told to let loopback bypass the proxy', async () => {
    process.env.PLAYWRIGHT_DISABLE_FORCED_CHROMIUM_PROXIED_LOOPBACK = '1';
    try {
      expect(() => new RenderService({ filesDir: tempDir(), baseUrl: () => null })).toThrow(
        /PLAYWRIGHT_DISABLE_FORCED_CHROMIUM_PROXIED_LOOPBACK/,
      );
      await expect(startServer()).rejects.toThrow(/loopback/);
    } finally {
      delete process.env.PLAYWRIGHT_DISABLE_FORCED_CHROMIUM_PROXIED_LOOPBACK;
    }
  });
});
