import { z } from 'zod';
import { defineTool, ToolError } from '../../src/core/tool.js';

const CLASSES = ['owner', 'group', 'others'] as const;
const SETUID = 0o4000;
const SETGID = 0o2000;
const STICKY = 0o1000;

/** The 9-character `ls -l` form: s/S on the owner or group execute place for setuid/setgid, t/T on others' for sticky. */
export function modeToSymbolic(mode: number): string {
  let out = '';
  for (let c = 0; c < 3; c++) {
    const bits = (mode >> (6 - 3 * c)) & 7;
    const special = mode & [SETUID, SETGID, STICKY][c];
    const exec = bits & 1;
    out += bits & 4 ? 'r' : '-';
    out += bits & 2 ? 'w' : '-';
    out += special ? (c === 2 ? (exec ? 't' : 'T') : exec ? 's' : 'S') : exec ? 'x' : '-';
  }
  return out;
}

/** Reads `rwxr-xr-x` (optionally with a leading file-type character, as in `drwxr-xr-x`). */
function parseLsForm(text: string): number {
  if (text.length === 10 && !'-dlbcps'.includes(text[0])) {
    throw new ToolError(`permissions: "${text[0]}" is not a file-type character (one of - d l b c p s) before "${text.slice(1)}"`);
  }
  const s = text.length === 10 ? text.slice(1) : text;
  let mode = 0;
  for (let i = 0; i < 9; i++) {
    const c = s[i];
    const cls = Math.floor(i / 3);
    const bit = 1 << (8 - i);
    const expected = 'rwx'[i % 3];
    if (c === expected) mode |= bit;
    else if (c === '-') continue;
    else if (i % 3 === 2 && (cls < 2 ? 'sS' : 'tT').includes(c)) {
      mode |= [SETUID, SETGID, STICKY][cls];
      if (c === 's' || c === 't') mode |= bit;
    } else {
      const allowed = `"${expected}" or "-"${i % 3 === 2 ? (cls < 2 ? ', "s" or "S"' : ', "t" or "T"') : ''}`;
      throw new ToolError(`permissions: character ${i + 1} of "${s}" is "${c}"; at that place only ${allowed} fits`);
    }
  }
  return mode;
}

/** Reads assignments such as `u=rwx,g=rx,o=` (who: u, g, o, a; what: r, w, x, s, t); unassigned classes get no bits. */
function parseAssignments(text: string): number {
  let mode = 0;
  for (const clause of text.split(',')) {
    const m = /^([ugoa]+)([=+-])([rwxst]*)$/.exec(clause.trim());
    if (!m) {
      throw new ToolError(
        `permissions: "${clause.trim()}" is not an assignment like "u=rwx"; write who (u, g, o, a) then "=" then any of r, w, x, s, t`,
      );
    }
    const [, who, op, what] = m;
    if (op !== '=') {
      throw new ToolError(
        `permissions: "${clause.trim()}" uses "${op}", which changes an existing mode; this calculator has no starting mode, so use "=" (e.g. "u=rwx,g=rx,o=rx")`,
      );
    }
    const classes = new Set(who.includes('a') ? [0, 1, 2] : [...who].map((w) => 'ugo'.indexOf(w)));
    for (const cls of classes) {
      const shift = 6 - 3 * cls;
      mode &= ~(7 << shift); // "=" replaces the class's bits
      mode &= ~[SETUID, SETGID, STICKY][cls];
      for (const p of what) {
        if (p === 'r') mode |= 4 << shift;
        else if (p === 'w') mode |= 2 << shift;
        else if (p === 'x') mode |= 1 << shift;
        else if (p === 's' && cls < 2) mode |= cls === 0 ? SETUID : SETGID;
        else if (p === 't' && cls === 2) mode |= STICKY;
        else if (p === 's' || p === 't') {
          throw new ToolError(
            `permissions: "${p}" in "${clause.trim()}" does not apply to ${['the owner', 'the group', 'others'][cls]}; "s" is for u and g, "t" for o`,
          );
        }
      }
    }
  }
  return mode;
}

export function parsePermissions(input: string): number {
  const s = input.trim();
  if (/^0?[0-7]{3}$/.test(s) || /^[0-7]{4}$/.test(s)) return parseInt(s, 8);
  if (/^0o[0-7]{3,4}$/i.test(s)) return parseInt(s.slice(2), 8);
  if (/^\d+$/.test(s)) {
    throw new ToolError(
      `permissions: "${s}" is not an octal mode; use 3 digits 0-7 (e.g. 755) or 4 with the special bits first (e.g. 4755)`,
    );
  }
  if (/=|\+|,/.test(s) || /^[ugoa]+-/.test(s)) return parseAssignments(s);
  if (s.length === 9 || s.length === 10) return parseLsForm(s);
  throw new ToolError(
    `permissions: "${s.slice(0, 40)}" is neither an octal mode (755, 0644, 4755) nor symbolic (rwxr-xr-x, or u=rwx,g=rx,o=rx)`,
  );
}

const classSchema = z.object({
  read: z.boolean(),
  write: z.boolean(),
  execute: z.boolean(),
  octal: z.int().describe('0 to 7'),
  symbolic: z.string().describe('Three characters, e.g. "r-x"; s/S/t/T mark a special bit'),
});

export default defineTool({
  slug: 'chmod-calculator',
  title: 'chmod calculator',
  summary: 'Unix file permissions explained and converted between 755 and rwxr-xr-x.',
  keywords: {
    en: ['file permissions', 'Unix', 'Linux', 'rwx', 'octal', '755', '644', 'chmod', 'permissions', 'rwxr-xr-x'],
    nl: ['bestandsrechten', 'rechten', 'permissies', 'Linux', 'chmod', 'rwx'],
  },
  description:
    'Converts Unix file permissions between octal and symbolic notation and explains them per class (owner, group, others), with the matching `chmod` command. ' +
    'Accepted input: octal with 3 digits ("755"), or 4 digits whose first digit holds the special bits setuid 4, setgid 2, sticky 1 ("4755", "0644"; "0o755" also works); the `ls -l` form ("rwxr-xr-x", also with the file-type character: "drwxr-xr-x"; s/S/t/T mark special bits as in ls: lower case = execute also set); or assignments ("u=rwx,g=rx,o=", who u/g/o/a, what r/w/x/s/t; "+" and "-" are refused because there is no starting mode). ' +
    '`octal` has 3 digits when no special bit is set and 4 digits otherwise; `command` is "chmod <octal> <file>". `special` lists the setuid/setgid/sticky bits.',
  resultView: { kind: 'figure', field: 'octal', label: 'Octal', detail: ['symbolic', 'command'] },
  input: z.strictObject({
    permissions: z.string().min(1).max(64).describe('Octal ("755", "4755") or symbolic ("rwxr-xr-x", "u=rwx,g=rx,o=rx")'),
  }),
  output: z.object({
    input: z.string(),
    octal: z.string().describe('3 digits, or 4 when setuid/setgid/sticky is set'),
    symbolic: z.string().describe('9-character ls -l form, e.g. rwxr-xr-x'),
    owner: classSchema,
    group: classSchema,
    others: classSchema,
    special: z.object({ setuid: z.boolean(), setgid: z.boolean(), sticky: z.boolean() }),
    command: z.string().describe('e.g. "chmod 755 <file>"'),
  }),
  examples: [
    {
      name: 'Octal 755',
      input: { permissions: '755' },
      output: {
        input: '755',
        octal: '755',
        symbolic: 'rwxr-xr-x',
        owner: { read: true, write: true, execute: true, octal: 7, symbolic: 'rwx' },
        group: { read: true, write: false, execute: true, octal: 5, symbolic: 'r-x' },
        others: { read: true, write: false, execute: true, octal: 5, symbolic: 'r-x' },
        special: { setuid: false, setgid: false, sticky: false },
        command: 'chmod 755 <file>',
      },
    },
    {
      name: 'Symbolic rw-r----- to octal',
      input: { permissions: 'rw-r-----' },
      output: {
        input: 'rw-r-----',
        octal: '640',
        symbolic: 'rw-r-----',
        owner: { read: true, write: true, execute: false, octal: 6, symbolic: 'rw-' },
        group: { read: true, write: false, execute: false, octal: 4, symbolic: 'r--' },
        others: { read: false, write: false, execute: false, octal: 0, symbolic: '---' },
        special: { setuid: false, setgid: false, sticky: false },
        command: 'chmod 640 <file>',
      },
    },
    {
      name: 'Sticky world-writable directory (/tmp)',
      input: { permissions: 'u=rwx,g=rwx,o=rwxt' },
      output: {
        input: 'u=rwx,g=rwx,o=rwxt',
        octal: '1777',
        symbolic: 'rwxrwxrwt',
        owner: { read: true, write: true, execute: true, octal: 7, symbolic: 'rwx' },
        group: { read: true, write: true, execute: true, octal: 7, symbolic: 'rwx' },
        others: { read: true, write: true, execute: true, octal: 7, symbolic: 'rwt' },
        special: { setuid: false, setgid: false, sticky: true },
        command: 'chmod 1777 <file>',
      },
    },
  ],
  run({ permissions }) {
    const mode = parsePermissions(permissions);
    const symbolic = modeToSymbolic(mode);
    const octal = mode > 0o777 ? mode.toString(8).padStart(4, '0') : mode.toString(8).padStart(3, '0');
    const perClass = CLASSES.map((_, c) => {
      const bits = (mode >> (6 - 3 * c)) & 7;
      return {
        read: (bits & 4) !== 0,
        write: (bits & 2) !== 0,
        execute: (bits & 1) !== 0,
        octal: bits,
        symbolic: symbolic.slice(3 * c, 3 * c + 3),
      };
    });
    return {
      input: permissions,
      octal,
      symbolic,
      owner: perClass[0],
      group: perClass[1],
      others: perClass[2],
      special: { setuid: (mode & SETUID) !== 0, setgid: (mode & SETGID) !== 0, sticky: (mode & STICKY) !== 0 },
      command: `chmod ${octal} <file>`,
    };
  },
});
