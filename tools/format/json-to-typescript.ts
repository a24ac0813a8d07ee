import { z } from 'zod';
import { defineTool } from '../../src/core/tool.js';
import { LIMITS } from '../../src/core/limits.js';
import { parseJsonField } from '../_lib/json-text.js';

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

type JsonObject = Record<string, unknown>;
const isObject = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);

/** "user_profile" → "UserProfile"; a name that would start with a digit gets a leading _. */
function pascal(text: string): string {
  const name = text
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((part) => part[0].toUpperCase() + part.slice(1))
    .join('');
  if (!name) return 'Item';
  return /^\d/.test(name) ? `_${name}` : name;
}

/** The name for the items of an array called `name`: Users → User, Categories → Category, Data → DataItem. */
function singular(name: string): string {
  if (/[^aeiou]ies$/.test(name)) return name.slice(0, -3) + 'y';
  if (/(ss|x|z|ch|sh)es$/.test(name)) return name.slice(0, -2);
  if (/[^su]s$/.test(name)) return name.slice(0, -1);
  return `${name}Item`;
}

interface Options {
  exportInterfaces: boolean;
  optionalProps: boolean;
  readonlyProps: boolean;
}

/** Infers TypeScript declarations; interfaces are listed root first, then in order of first appearance. */
class Inference {
  private readonly declarations: Array<{ name: string; body: string } | undefined> = [];
  private readonly names = new Set<string>();

  constructor(private readonly options: Options) {}

  /** The type of every value found at one place (a property across objects, the items of arrays). */
  typeOf(values: unknown[], hint: string): string {
    return this.members(values, hint).join(' | ') || 'unknown';
  }

  /** The union members of that type, in the order string, number, boolean, interface, array, null. */
  private members(values: unknown[], hint: string): string[] {
    const objects = values.filter(isObject);
    const arrays = values.filter(Array.isArray);
    const members: string[] = [];
    if (values.some((v) => typeof v === 'string')) members.push('string');
    if (values.some((v) => typeof v === 'number')) members.push('number');
    if (values.some((v) => typeof v === 'boolean')) members.push('boolean');
    if (objects.length > 0) members.push(this.declareInterface(objects, hint));
    if (arrays.length > 0) {
      const items = arrays.flat();
      const item = items.length > 0 ? this.members(items, singular(hint)) : ['unknown'];
      members.push(item.length > 1 ? `(${item.join(' | ')})[]` : `${item[0]}[]`);
    }
    if (values.some((v) => v === null)) members.push('null');
    return members;
  }

  /**
   * One interface for all `objects` (merged: a key missing from some of them is optional); identical interfaces
   * are shared. Named `hint` in PascalCase, or exactly `name` (the root: `rootName` as the caller wrote it).
   */
  declareInterface(objects: JsonObject[], hint: string, name = this.reserve(pascal(hint))): string {
    const slot = this.declarations.push(undefined) - 1;
    const keys = [...new Set(objects.flatMap((o) => Object.keys(o)))];
    const lines = keys.map((key) => {
      const present = objects.filter((o) => Object.hasOwn(o, key));
      const optional = this.options.optionalProps || present.length < objects.length;
      const prop = IDENTIFIER.test(key) ? key : JSON.stringify(key);
      const type = this.typeOf(
        present.map((o) => o[key]),
        key,
      );
      return `  ${this.options.readonlyProps ? 'readonly ' : ''}${prop}${optional ? '?' : ''}: ${type};`;
    });
    const body = lines.length > 0 ? `{\n${lines.join('\n')}\n}` : '{}';
    const twin = this.declarations.find((d) => d?.body === body);
    if (twin) {
      this.declarations.splice(slot, 1);
      this.names.delete(name);
      return twin.name;
    }
    this.declarations[slot] = { name, body };
    return name;
  }

  /** Declares the root type alias (for anything but an object) at the front. */
  declareAlias(name: string, value: unknown): void {
    this.names.add(name);
    const type = this.typeOf([value], name);
    this.declarations.unshift({ name, body: `= ${type};` });
  }

  /** Take `name` as it is (the root's, which nothing has taken yet). */
  claim(name: string): string {
    this.names.add(name);
    return name;
  }

  private reserve(base: string): string {
    let name = base;
    for (let n = 2; this.names.has(name); n++) name = `${base}${n}`;
    this.names.add(name);
    return name;
  }

  print(): { typescript: string; declarations: number } {
    const prefix = this.options.exportInterfaces ? 'export ' : '';
    const list = this.declarations.filter((d) => d !== undefined);
    const typescript = list
      .map((d) => (d.body.startsWith('=') ? `${prefix}type ${d.name} ${d.body}` : `${prefix}interface ${d.name} ${d.body}`))
      .join('\n\n');
    return { typescript: `${typescript}\n`, declarations: list.length };
  }
}

export default defineTool({
  slug: 'json-to-typescript',
  worker: { reason: 'infers types recursively per nesting level, merging every array item', timeMs: 5_000, field: 'json' },
  title: 'JSON to TypeScript interfaces',
  keywords: {
    en: ['TypeScript types', 'interfaces', 'type definitions', 'generate types', 'TypeScript', 'TS', 'types from JSON'],
    nl: ['typescript types', 'interfaces', 'typedefinitie', 'typescript', 'types', 'ts'],
  },
  description:
    'Infers TypeScript interfaces from a JSON sample. The root object becomes `interface <rootName>` (default "Root"); any other root value becomes `type <rootName> = ...`. ' +
    'Nested objects become their own interfaces named after their key in PascalCase (address → Address; the items of an array are named in the singular: users → User, categories → Category, data → DataItem); ' +
    'names are made unique with 2, 3...; structurally identical interfaces are declared once and shared. ' +
    'The objects of one array are merged into one interface; a key missing from some of them is optional (?). Mixed values become unions in the order string | number | boolean | interface | array | null (e.g. `(string | number)[]`); an empty array is `unknown[]`. ' +
    'Keys that are not identifiers are quoted. Options: `exportInterfaces` (default true) adds export, `optionalProps` (default false) marks every property optional, `readonlyProps` (default false) marks every property readonly. ' +
    'Declarations are listed root first, then in order of first appearance; `declarations` counts them. Invalid JSON is a 400 with line and column; nesting is capped at 100 levels.',
  resultView: { kind: 'code', field: 'typescript', language: 'typescript' },
  input: z.strictObject({
    json: z.string().max(LIMITS.text).describe('A JSON sample'),
    rootName: z
      .string()
      .max(100)
      .regex(IDENTIFIER)
      .default('Root')
      .describe('Name of the root interface or type (a TypeScript identifier); default "Root"'),
    exportInterfaces: z.boolean().default(true).describe('Prefix every declaration with export (default true)'),
    optionalProps: z
      .boolean()
      .default(false)
      .describe('Mark every property optional (default false: only keys missing from some array items)'),
    readonlyProps: z.boolean().default(false).describe('Mark every property readonly (default false)'),
  }),
  output: z.object({
    typescript: z.string().describe('The TypeScript declarations'),
    declarations: z.int().describe('Number of interfaces and type aliases declared'),
  }),
  examples: [
    {
      name: 'Nested object, array of objects and a mixed array',
      input: { json: '{"id":1,"name":"Ada","address":{"city":"Delft"},"users":[{"id":1,"admin":true},{"id":2}],"tags":["a",1,null]}' },
      output: {
        typescript:
          'export interface Root {\n  id: number;\n  name: string;\n  address: Address;\n  users: User[];\n  tags: (string | number | null)[];\n}\n\n' +
          'export interface Address {\n  city: string;\n}\n\nexport interface User {\n  id: number;\n  admin?: boolean;\n}\n',
        declarations: 3,
      },
    },
    {
      name: 'Top-level array, readonly, not exported',
      input: { json: '[{"first-name":"Ada"}]', rootName: 'Players', exportInterfaces: false, readonlyProps: true },
      output: { typescript: 'type Players = Player[];\n\ninterface Player {\n  readonly "first-name": string;\n}\n', declarations: 2 },
    },
  ],
  async run({ json, rootName, ...options }) {
    const value = await parseJsonField(json, 'json');
    const inference = new Inference(options);
    if (isObject(value)) inference.declareInterface([value], rootName, inference.claim(rootName));
    else inference.declareAlias(rootName, value);
    return inference.print();
  },
});
