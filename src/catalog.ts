/**
 * The registry of every tool, built (and validated) once per process. Kept
 * apart from the HTTP composition so a stdio start loads no HTTP code.
 */
import { allTools } from '../tools/index.js';
import { Registry } from './registry.js';

let registry: Registry | undefined;

export function getRegistry(): Registry {
  return (registry ??= new Registry(allTools));
}
