/**
 * A test MCP Apps host: a page in Chromium that shows a werkbank view the way a host implementing the
 * extension does, with the SDK's own host side (`AppBridge` of @modelcontextprotocol/ext-apps). The view
 * document runs in an iframe sandboxed to scripts only (an opaque origin) under the specification's
 * default Content Security Policy (no network); the call's arguments and result come from a real server
 * through a real MCP client in the test, and the view's own tool calls go back through that client.
 */
import { build } from 'esbuild';
import type { Page } from 'playwright-core';
import { repoRoot } from './paths.js';

/** The Content Security Policy a host applies to a view that declares no `_meta.ui.csp`. */
export const DEFAULT_VIEW_CSP =
  "default-src 'none'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; media-src 'self' data:; connect-src 'none'";

export const HOST_ORIGIN = 'http://host.test';

let bundle: Promise<string> | undefined;
/** AppBridge and PostMessageTransport for the page, as `window.AppsHost`. */
function hostScript(): Promise<string> {
  bundle ??= build({
    stdin: {
      contents:
        "import { AppBridge, PostMessageTransport } from '@modelcontextprotocol/ext-apps/app-bridge'; (globalThis as any).AppsHost = { AppBridge, PostMessageTransport };",
      resolveDir: repoRoot,
      loader: 'ts',
    },
    bundle: true,
    format: 'iife',
    target: 'es2020',
    write: false,
    logLevel: 'silent',
  }).then((r) => r.outputFiles[0].text);
  return bundle;
}

export interface ShowView {
  html: string;
  tool: Record<string, unknown>;
  args: Record<string, unknown>;
  result: unknown;
  theme: 'light' | 'dark';
  variables?: Record<string, string>;
}

/**
 * Open the host page on `page`: `callTool` answers the view's tool calls (the test's MCP client), and
 * every download the view asks for is kept in `window.downloads`.
 */
export async function openHost(page: Page, callTool: (params: unknown) => Promise<unknown>): Promise<void> {
  const script = await hostScript();
  await page.route(`${HOST_ORIGIN}/**`, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><html lang="en"><head><title>Test host</title></head><body><header><h1>Conversation</h1></header><main aria-label="Messages"></main><script>${script}</script></body></html>`,
    }),
  );
  await page.exposeFunction('callServerTool', callTool);
  await page.goto(`${HOST_ORIGIN}/`);
}

/** Show one view in a fresh iframe (replacing the last) and wait until the view has drawn the result. */
export async function showView(page: Page, view: ShowView): Promise<void> {
  await page.evaluate(
    async ({ view, csp }) => {
      const w = window as any;
      const { AppBridge, PostMessageTransport } = w.AppsHost;
      w.downloads = [];
      const main = document.querySelector('main')!;
      document.body.style.cssText = view.theme === 'dark' ? 'background:#1f1f1f;color:#eee;color-scheme:dark' : '';
      main.textContent = '';
      const iframe = document.createElement('iframe');
      iframe.setAttribute('sandbox', 'allow-scripts');
      iframe.title = `${String(view.tool.title ?? view.tool.name)}: result`;
      iframe.style.cssText = 'width:100%;border:0;height:100px;display:block';
      main.append(iframe);
      const bridge = new AppBridge(
        null,
        { name: 'test-host', version: '1' },
        { serverTools: {}, downloadFile: {}, openLinks: {} },
        {
          hostContext: {
            theme: view.theme,
            toolInfo: { id: 1, tool: view.tool },
            styles: { variables: view.variables ?? {} },
            platform: 'web',
            locale: 'en-US',
            safeAreaInsets: { top: 0, right: 0, bottom: 0, left: 0 },
          },
        },
      );
      bridge.oncalltool = (params: unknown) => w.callServerTool(params);
      bridge.ondownloadfile = async (params: unknown) => {
        w.downloads.push(params);
        return {};
      };
      bridge.onsizechange = ({ height }: { height?: number }) => {
        if (height) iframe.style.height = `${Math.ceil(height)}px`;
      };
      const initialized = new Promise<void>((resolve) => (bridge.oninitialized = () => resolve()));
      await bridge.connect(new PostMessageTransport(iframe.contentWindow, iframe.contentWindow));
      const head = `<meta http-equiv="Content-Security-Policy" content="${csp}">`;
      iframe.srcdoc = view.html.replace('<head>', `<head>${head}`);
      await initialized;
      await bridge.sendToolInput({ arguments: view.args });
      await bridge.sendToolResult(view.result);
      w.bridge = bridge;
    },
    { view, csp: DEFAULT_VIEW_CSP },
  );
  await page.frameLocator('iframe').locator('main#view .result, main#view .error').first().waitFor({ timeout: 30_000 });
}
