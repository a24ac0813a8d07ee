import { describe, expect, it } from 'vitest';
import { lazy } from '../../tools/_lib/lazy.js';

describe('lazy', () => {
  it('does not load before the first call', () => {
    let loads = 0;
    lazy(async () => ++loads);
    expect(loads).toBe(0);
  });

  it('loads once and shares the result, also between concurrent callers', async () => {
    let loads = 0;
    const load = lazy(async () => ({ n: ++loads }));
    const [a, b] = await Promise.all([load(), load()]);
    const c = await load();
    expect(loads).toBe(1);
    expect(a).toBe(b);
    expect(c).toBe(a);
  });

  it('forgets a failed load, so the next call tries again', async () => {
    let loads = 0;
    const load = lazy(async () => {
      if (++loads === 1) throw new Error('not yet');
      return 'ok';
    });
    await expect(load()).rejects.toThrow('not yet');
    await expect(load()).resolves.toBe('ok');
    await expect(load()).resolves.toBe('ok');
    expect(loads).toBe(2);
  });

  it('loads a real module on demand', async () => {
    const loadYaml = lazy(() => import('yaml'));
    const { parse } = await loadYaml();
    expect(parse('a: 1')).toEqual({ a: 1 });
  });
});
