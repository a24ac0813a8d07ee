import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import chmod, { modeToSymbolic } from '../../../tools/dev/chmod-calculator.js';
import { expectToolError, runTool } from '../../helpers/run.js';

describe('chmod-calculator', () => {
  it('every mode 0000-7777 round-trips octal → symbolic → octal', async () => {
    for (let mode = 0; mode <= 0o7777; mode++) {
      const octal = mode.toString(8).padStart(4, '0');
      const out = await runTool(chmod, { permissions: octal });
      const back = await runTool(chmod, { permissions: out.symbolic });
      expect(back.octal, octal).toBe(out.octal);
      expect(out.octal).toBe(mode > 0o777 ? octal : octal.slice(1));
    }
  });

  it('all 4,096 symbolic forms equal CPython stat.filemode (compared by digest)', () => {
    // python3 -c "import stat,hashlib; print(hashlib.sha256('\\n'.join(stat.filemode(0o100000|m)[1:] for m in range(4096)).encode()).hexdigest())"
    const all = Array.from({ length: 4096 }, (_, m) => modeToSymbolic(m)).join('\n');
    expect(createHash('sha256').update(all).digest('hex')).toBe('a95442c5714bf34b8f5be85baab810076104fbe603023eda05dacac2ac2b0cc1');
  });

  it('special bits follow ls -l (s/S, t/T)', () => {
    expect(modeToSymbolic(0o4755)).toBe('rwsr-xr-x');
    expect(modeToSymbolic(0o4644)).toBe('rwSr--r--');
    expect(modeToSymbolic(0o2755)).toBe('rwxr-sr-x');
    expect(modeToSymbolic(0o2705)).toBe('rwx--Sr-x');
    expect(modeToSymbolic(0o1777)).toBe('rwxrwxrwt');
    expect(modeToSymbolic(0o1776)).toBe('rwxrwxrwT');
    expect(modeToSymbolic(0o7000)).toBe('--S--S--T');
    expect(modeToSymbolic(0)).toBe('---------');
  });

  it('accepts the common spellings', async () => {
    const octal = async (permissions: string) => (await runTool(chmod, { permissions })).octal;
    expect(await octal('0755')).toBe('755');
    expect(await octal('0o644')).toBe('644');
    expect(await octal(' 600 ')).toBe('600');
    expect(await octal('-rw-r--r--')).toBe('644');
    expect(await octal('drwxr-xr-x')).toBe('755');
    expect(await octal('rwsr-xr-x')).toBe('4755');
    expect(await octal('u=rwx,g=rx,o=rx')).toBe('755');
    expect(await octal('u=rw, go=r')).toBe('644');
    expect(await octal('a=rx,u=rwx')).toBe('755');
    expect(await octal('ug=rwxs,o=')).toBe('6770');
    expect(await octal('a=')).toBe('000');
    const out = await runTool(chmod, { permissions: '4750' });
    expect(out).toMatchObject({
      symbolic: 'rwsr-x---',
      owner: { read: true, write: true, execute: true, octal: 7, symbolic: 'rws' },
      special: { setuid: true, setgid: false, sticky: false },
      command: 'chmod 4750 <file>',
    });
  });

  it('refuses malformed permissions with the reason', async () => {
    await expectToolError(chmod, { permissions: '789' }, 400, /"789" is not an octal mode/);
    await expectToolError(chmod, { permissions: '77' }, 400, /"77" is not an octal mode/);
    await expectToolError(chmod, { permissions: '17777' }, 400, /not an octal mode/);
    await expectToolError(
      chmod,
      { permissions: 'rwxr-xr-q' },
      400,
      /character 9 of "rwxr-xr-q" is "q"; at that place only "x" or "-", "t" or "T" fits/,
    );
    await expectToolError(chmod, { permissions: 'wrxr-xr-x' }, 400, /character 1 .* only "r" or "-" fits/);
    await expectToolError(chmod, { permissions: 'xrwxr-xr-x' }, 400, /"x" is not a file-type character/);
    await expectToolError(chmod, { permissions: 'u+x' }, 400, /uses "\+".*no starting mode/);
    await expectToolError(chmod, { permissions: 'o=s' }, 400, /"s" in "o=s" does not apply to others/);
    await expectToolError(chmod, { permissions: 'u=rwx,z=r' }, 400, /"z=r" is not an assignment/);
    await expectToolError(chmod, { permissions: 'hello' }, 400, /neither an octal mode/);
    await expectToolError(chmod, { permissions: '' }, 400, /permissions.*at least 1/);
    await expectToolError(chmod, { permissions: 'r'.repeat(65) }, 400, /at most 64/);
  });
});
