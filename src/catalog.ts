/**
 * The tool catalogue: every toolset and tool found under `tools/` (the index is
 * generated from the folders), validated into one registry per process. Kept
 * apart from the HTTP composition so a stdio start loads no HTTP code.
 */
import { allTools, allToolsets } from '../tools/index.js';
import { Registry } from './core/registry.js';

let registry: Registry | undefined;

export function getRegistry(): Registry {
  return (registry ??= new Registry(allTools, allToolsets));
}
