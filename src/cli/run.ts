/**
 * `werkbank run <tool> [JSON] [--input FILE|-] [--out FILE]`: one tool call on this machine, with no server and no
 * key, through the pipeline every surface uses (src/core/pipeline.ts): the input is read as REST reads a body
 * (src/http/json-body.ts), validated by the tool's schema and run in the compute pool like a REST call, so its
 * answer and its refusals are REST's. The answer's `data` is printed as JSON (REST's `{"ok":true,"data":…}`
 * without the envelope), or written to --out; a tool that hosts a file (a QR code, a render) hosts it in the data
 * dir as over stdio, and --out gets the file's bytes. A refusal prints REST's error message on stderr and exits 1.
 * A tool that reports its progress draws a bar on stderr when stderr is a terminal (src/cli/progress-bar.ts).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { HttpError } from '../core/errors.js';
import { log } from '../core/log.js';
import { publicError } from '../core/pipeline.js';
import type { Services } from '../core/pipeline.js';
import { userDataDir, type CliValues } from './output.js';
import { progressBar } from './progress-bar.js';

/** The largest hosted file --out writes, bytes (the render tools' files are smaller). */
const MAX_FILE_BYTES = 256 * 1024 * 1024;

/** The bytes of the file `data` hosts (its `url`), when it hosts one here. */
function hostedBytes(services: Services, data: unknown): Buffer | null {
  const url = (data as { url?: unknown } | null)?.url;
  return typeof url === 'string' && services.render ? services.render().readHosted(url, MAX_FILE_BYTES) : null;
}

/** The input's bytes: the JSON argument, --input FILE, or stdin for `--input -`; none is `{}`. */
function inputBytes(json: string | undefined, file: string | undefined): Uint8Array {
  if (json !== undefined && file !== undefined) throw new HttpError('Give the input either as a JSON argument or with --input, not both');
  if (file === '-') return readFileSync(0);
  if (file !== undefined) return readFileSync(file);
  return Buffer.from(json ?? '{}');
}

export async function runCommand(slug: string | undefined, json: string | undefined, values: CliValues): Promise<number> {
  if (!slug) throw new HttpError('Usage: werkbank run <tool> [JSON] [--input FILE|-] [--out FILE] (werkbank help run)');
  const [{ loadRegistry }, { Pipeline }, { poolCompute }, { parseJsonBody, tooLarge }, { LIMITS }, { localRenderFeature }, { servicesOf }] =
    await Promise.all([
      import('../catalogue.js'),
      import('../core/pipeline.js'),
      import('../compute/pool-compute.js'),
      import('../http/json-body.js'),
      import('../core/limits.js'),
      import('../render/feature.js'),
      import('../feature.js'),
    ]);
  const render = localRenderFeature(userDataDir(values.data as string | undefined));
  const services = servicesOf([render]);
  const pipeline = new Pipeline(null, {}, services, { compute: poolCompute() });
  const bar = progressBar(process.stderr);
  try {
    const entry = (await loadRegistry()).requireSlug(slug);
    const bytes = inputBytes(json, values.input as string | undefined);
    if (bytes.byteLength > LIMITS.bodyBytes) throw tooLarge();
    const body = parseJsonBody(bytes);
    if (body === null || typeof body !== 'object' || Array.isArray(body))
      throw new HttpError('The request body must be a JSON object', 400);
    const { data } = await pipeline.call(entry, body, { surface: 'rest', caller: { kind: 'local' }, onProgress: bar?.hook });
    bar?.end();
    const text = JSON.stringify(data);
    if (typeof values.out === 'string') writeFileSync(values.out, hostedBytes(services, data) ?? text);
    else process.stdout.write(`${text}\n`);
    return 0;
  } catch (err) {
    const { status, message } = publicError(err, log);
    bar?.end();
    process.stderr.write(`werkbank run ${slug}: ${message} (${status})\n`);
    return 1;
  } finally {
    await render.close?.();
  }
}
