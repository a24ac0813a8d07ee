/** `werkbank [stdio]`: the MCP server over stdio, what MCP hosts start. */
import { setting } from '../settings.js';
import { userDataDir, type CliValues } from './output.js';

export async function stdioCommand(values: CliValues): Promise<number> {
  const dataDir = userDataDir(values.data as string | undefined);
  const [{ runStdio }, { loadRegistry }] = await Promise.all([import('../stdio.js'), import('../catalogue.js')]);
  const registry = await loadRegistry();
  runStdio(registry, registry.selection(setting('toolsets', values).value), dataDir);
  return -1; // keep running
}
