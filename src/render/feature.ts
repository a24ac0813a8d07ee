/**
 * The render feature: the process's render service (browser pool + egress
 * proxy + hosted files), reached by the render tools through their context.
 * The HTTP server's adds the render meter, the download route for hosted
 * files (`GET /files/<id>`, ./file-route.ts) and the file sweeper, with the
 * files in the shared store when it keeps them; stdio's hosts files in its
 * data dir with `file://` links. The browser starts on the first render.
 */
import { join } from 'node:path';
import type { Feature } from '../feature.js';
import type { Accounts } from '../accounts/accounts.js';
import type { Store } from '../store/store.js';
import { renderMeter, RENDER_PRICE } from './meter.js';
import { RenderService } from './service.js';
import { fileRoutes } from './file-route.js';
import type { AddressPolicy, Resolver } from './address.js';

/** Render settings of the server configuration (all optional). */
export interface RenderConfig {
  /** Credits per render beyond the monthly render allowance (default 25; WERKBANK_RENDER_PRICE). */
  renderPrice?: number;
  /** Hard deadline per render in ms (default 20,000; WERKBANK_RENDER_DEADLINE_MS). */
  renderDeadlineMs?: number;
  /** Renders at once (default: cores; WERKBANK_RENDER_CONCURRENCY). */
  renderConcurrency?: number;
  /** Tests only: resolver and address policy of the SSRF checks. */
  renderResolver?: Resolver;
  renderPolicy?: AddressPolicy;
}

/** What the server's render feature needs of the server configuration. */
export interface RenderFeatureConfig extends RenderConfig {
  dataDir: string;
  baseUrl?: string;
  now?: () => Date;
}

/** Renders over stdio: files in `<data dir>/files` with `file://` URLs, no meter, no routes. */
export function localRenderFeature(dataDir: string): Feature {
  let service: RenderService | undefined;
  return {
    services: {
      render: () => {
        if (!service) {
          service = new RenderService({ filesDir: join(dataDir, 'files'), baseUrl: () => null, dataDir });
          service.files.startSweeper();
        }
        return service;
      },
    },
    close: async () => service?.close(),
  };
}

export function renderFeature(config: RenderFeatureConfig, accounts: Accounts, store: Store): Feature {
  const service = new RenderService({
    filesDir: join(config.dataDir, 'files'),
    dataDir: config.dataDir,
    // Read per render: the CLI fills in http://<host>:<port> once it listens; '' = root-relative links.
    baseUrl: () => config.baseUrl ?? '',
    now: config.now,
    resolver: config.renderResolver,
    policy: config.renderPolicy,
    deadlineMs: config.renderDeadlineMs,
    concurrency: config.renderConcurrency,
    store,
  });
  service.files.startSweeper();

  return {
    services: { render: () => service },
    meters: {
      render: renderMeter({ accounts, price: config.renderPrice ?? RENDER_PRICE, now: config.now, counters: store.counters }),
    },
    routes: [(app) => fileRoutes(app, service.files)],
    close: () => service.close(),
  };
}
