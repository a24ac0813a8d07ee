import { describe, expect, it } from 'vitest';
import uuid from '../../../tools/dev/uuid-generator.js';
import { expectToolError, runTool } from '../../helpers/run.js';

describe('uuid-generator', () => {
  const V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

  it('gives one canonical v4 UUID by default', async () => {
    const out = await runTool(uuid, {});
    expect(out.uuids).toHaveLength(1);
    expect(out.uuids[0]).toMatch(V4);
    expect(out).toMatchObject({ count: 1, version: 4 });
  });

  it('1000 UUIDs: all v4 with variant 10, all distinct', async () => {
    const out = await runTool(uuid, { count: 1000 });
    expect(out.uuids).toHaveLength(1000);
    for (const id of out.uuids) expect(id).toMatch(V4);
    expect(new Set(out.uuids).size).toBe(1000);
  });

  it('uppercase and noDashes, alone and together', async () => {
    const upper = await runTool(uuid, { count: 3, uppercase: true });
    for (const id of upper.uuids) expect(id).toMatch(/^[0-9A-F]{8}-[0-9A-F]{4}-4[0-9A-F]{3}-[89AB][0-9A-F]{3}-[0-9A-F]{12}$/);
    const bare = await runTool(uuid, { count: 3, noDashes: true });
    for (const id of bare.uuids) expect(id).toMatch(/^[0-9a-f]{12}4[0-9a-f]{3}[89ab][0-9a-f]{15}$/);
    const both = await runTool(uuid, { count: 3, uppercase: true, noDashes: true });
    for (const id of both.uuids) expect(id).toMatch(/^[0-9A-F]{12}4[0-9A-F]{3}[89AB][0-9A-F]{15}$/);
  });

  it('count range 1..1000', async () => {
    await expectToolError(uuid, { count: 0 }, 400, /count.*≥ 1/);
    await expectToolError(uuid, { count: 1001 }, 400, /count.*≤ 1000/);
    await expectToolError(uuid, { count: 2.5 }, 400, /count/);
    await expectToolError(uuid, { count: 'five' }, 400, /count.*must be/);
    await expectToolError(uuid, { seed: 1 }, 400, /unknown field `seed`/);
  });
});
