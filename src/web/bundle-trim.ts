/**
 * esbuild plugins that keep the MCP Apps view's script (src/web/client/app-view/) to the parts of its
 * libraries it runs. The extension SDK's `App` is most of that script, and two things in how its
 * libraries are published make esbuild keep far more than `App` uses:
 *
 * - ext-apps imports zod as `import { z } from "zod/v4"`: a namespace object passed on by re-export,
 *   which esbuild cannot shake, so every zod module comes along (all its locales, JSON Schema
 *   conversion both ways). Imported as `import * as z from "zod/v4"` (the same members: that module
 *   re-exports the namespace's) esbuild keeps only the members ext-apps names.
 * - @modelcontextprotocol/client and /core declare no `sideEffects`, so esbuild keeps every module their
 *   index imports, the MCP `Client`, OAuth and a JSON Schema validator included, of which `App` (a
 *   `Protocol`) uses none. Their modules only declare classes, functions and schemas: marked free of
 *   side effects, the modules nothing uses are left out.
 */
import { readFile } from 'node:fs/promises';
import { sep } from 'node:path';
import type { Plugin } from 'esbuild';

const EXT_APPS = /[\\/]@modelcontextprotocol[\\/]ext-apps[\\/]dist[\\/].*\.js$/;
const ZOD_NAMED_Z = /import\s*\{\s*z(?:\s+as\s+([\w$]+))?\s*\}\s*from\s*(["'])zod\/v4\2/g;
const SDK_PACKAGES = ['client', 'core'].map((name) => `${sep}node_modules${sep}@modelcontextprotocol${sep}${name}${sep}`);

/** ext-apps' `import { z as Q } from "zod/v4"` read as `import * as Q from "zod/v4"`. */
const zodNamespace: Plugin = {
  name: 'zod-namespace-import',
  setup(b) {
    b.onLoad({ filter: EXT_APPS }, async ({ path }) => {
      const source = await readFile(path, 'utf8');
      let found = 0;
      const contents = source.replace(ZOD_NAMED_Z, (_match, name: string | undefined, quote: string) => {
        found++;
        return `import * as ${name ?? 'z'} from ${quote}zod/v4${quote}`;
      });
      const warnings =
        /from\s*["']zod/.test(source) && !found
          ? [{ text: 'ext-apps imports zod differently than src/web/bundle-trim.ts expects: the view script may carry all of zod' }]
          : [];
      return { contents, loader: 'js', warnings };
    });
  },
};

/** The MCP SDK's client and core modules, marked free of side effects. */
const sdkWithoutSideEffects: Plugin = {
  name: 'mcp-sdk-side-effect-free',
  setup(b) {
    b.onResolve({ filter: /^(@modelcontextprotocol\/(client|core)(\/.*)?|\.\.?\/.*)$/ }, async (args) => {
      if (args.pluginData === sdkWithoutSideEffects) return undefined;
      if (!args.path.startsWith('@') && !SDK_PACKAGES.some((p) => args.importer.includes(p))) return undefined;
      const { kind, importer, resolveDir } = args;
      const resolved = await b.resolve(args.path, { kind, importer, resolveDir, pluginData: sdkWithoutSideEffects });
      if (resolved.errors.length || !SDK_PACKAGES.some((p) => resolved.path.includes(p))) return resolved;
      return { ...resolved, sideEffects: false };
    });
  },
};

/** The plugins of the view's bundle. */
export const VIEW_BUNDLE_PLUGINS: Plugin[] = [zodNamespace, sdkWithoutSideEffects];
