/**
 * A strict validator of the Haal Centraal `Persoon` schema (BRP API Personen
 * OpenAPI, in-repo copy in test/vectors/haal-centraal/), with Ajv (JSON
 * Schema 2020-12, the dialect of OpenAPI 3.1). The OpenAPI `discriminator`s
 * are turned into if/then dispatch on `type`, and `unevaluatedProperties:
 * false` is added at every reference site, so a property the API does not
 * define is an error. Shared by the haal-centraal and linked-persons tests.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { repoRoot } from '../../helpers/paths.js';

const spec = JSON.parse(
  readFileSync(resolve(repoRoot, 'test/vectors/haal-centraal/haal-centraal-brp-personen-openapi-resolved.json'), 'utf8'),
);

function strictSchemas(): Record<string, any> {
  const schemas: Record<string, any> = structuredClone(spec.components.schemas);
  const abstract = new Set(Object.keys(schemas).filter((n) => schemas[n].discriminator?.mapping));
  const walk = (node: any, inAllOf: boolean): any => {
    if (Array.isArray(node)) return node.map((x) => walk(x, inAllOf));
    if (!node || typeof node !== 'object') return node;
    const out: any = {};
    for (const [k, v] of Object.entries(node)) {
      if (k === 'discriminator') continue;
      out[k] =
        k === 'allOf'
          ? (v as any[]).map((x) => walk(x, true))
          : k === 'properties'
            ? Object.fromEntries(Object.entries(v as object).map(([p, s]) => [p, walk(s, false)]))
            : walk(v, false);
    }
    if (typeof out.$ref === 'string' && !inAllOf) {
      const name = out.$ref.split('/').pop();
      if (abstract.has(name)) out.$ref = `#/components/schemas/${name}__dispatch`;
      out.unevaluatedProperties = false;
    }
    return out;
  };
  const result: Record<string, any> = {};
  for (const [n, s] of Object.entries(schemas)) result[n] = walk(s, false);
  for (const n of abstract) {
    const mapping: Record<string, string> = schemas[n].discriminator.mapping;
    result[`${n}__dispatch`] = {
      allOf: [
        { $ref: `#/components/schemas/${n}` },
        { required: ['type'], properties: { type: { enum: Object.keys(mapping) } } },
        ...Object.entries(mapping).map(([k, ref]) => ({ if: { properties: { type: { const: k } } }, then: { $ref: ref } })),
      ],
    };
  }
  return result;
}

/** A compiled validator of one `Persoon` (its `.errors` after a failed call). */
export function persoonValidator() {
  const ajv = new (Ajv2020 as any)({ strict: false, allErrors: true, unicodeRegExp: false });
  (addFormats as any)(ajv);
  ajv.addSchema({ $id: 'hc', components: { schemas: strictSchemas() } });
  return ajv.compile({ $ref: 'hc#/components/schemas/Persoon', unevaluatedProperties: false });
}
