import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { packageRoot } from './paths.js';

/** The package version (also the OpenAPI `info.version`). */
export const VERSION: string = (JSON.parse(readFileSync(resolve(packageRoot, 'package.json'), 'utf8')) as { version: string }).version;
