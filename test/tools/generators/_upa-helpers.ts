/** Shared helpers of the upa-file-generator tests: run, XSD-validate, parse. */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { validateXML } from 'xmllint-wasm';
import { XMLParser } from 'fast-xml-parser';
import tool from '../../../tools/generators/upa-file-generator.js';
import { repoRoot } from '../../helpers/paths.js';
import { runTool } from '../../helpers/run.js';

export { tool };

const XSD = readFileSync(resolve(repoRoot, 'assets/generators/upa/upa_2026_request.xsd'), 'utf8');

export interface UpaFile {
  name: string;
  periodLabel: string;
  periodStart: string;
  periodEnd: string;
  employments: number;
  content: string;
}
export interface UpaXml {
  format: 'xml';
  fileCount: number;
  peopleCount: number;
  warnings: string[];
  files: UpaFile[];
}

/** Runs the tool in xml format for 2026 periods unless the options say otherwise. */
export async function generate(options: Record<string, any> = {}, over: Record<string, unknown> = {}): Promise<UpaXml> {
  const period = { startYear: 2026, ...(options.period ?? {}) };
  return runTool<UpaXml>(tool, { format: 'xml', options: { ...options, period } }, over);
}

/** Validates files against the official UPA 2026 XSD; returns the errors (empty when all are valid). */
export async function xsdErrors(files: Array<{ name: string; content: string }>): Promise<string[]> {
  const errors: string[] = [];
  for (let i = 0; i < files.length; i += 1000) {
    const batch = files.slice(i, i + 1000);
    const r = await validateXML({
      xml: batch.map((f, k) => ({ fileName: `${i + k}-${f.name}`, contents: f.content })),
      schema: [{ fileName: 'upa_2026_request.xsd', contents: XSD }],
    });
    if (!r.valid) errors.push(...r.errors.map((e) => e.rawMessage));
  }
  return errors;
}

const REPEATED = new Set(['TotaalRegelingen', 'InkomstenverhoudingInitieel', 'Inkomstenperiode', 'RegelingGegevens', 'Verlof', 'Sector']);
const parser = new XMLParser({ ignoreAttributes: false, parseTagValue: false, isArray: (name) => REPEATED.has(name) });

export interface Ikv {
  NumIV: string;
  DatAanv: string;
  DatEind?: string;
  CdRdnEindArbov?: string;
  PersNr?: string;
  NatuurlijkPersoon: Record<string, any>;
  Inkomstenperiode: Record<string, any>[];
  Werknemersgegevens: Record<string, any>;
  Sector?: Record<string, any>[];
  RegelingGegevens?: Record<string, any>[];
}

export function parse(content: string) {
  const doc = parser.parse(content).PensioenAangifte;
  const te = doc.AdministratieveEenheid.TijdvakAangifte;
  const body = te.VolledigeAangifte ?? te.AanvullendeAangifte;
  return {
    doc,
    kind: te.VolledigeAangifte ? 'volledig' : 'aanvullend',
    start: te.DatAanvTv as string,
    end: te.DatEindTv as string,
    totals: (body.CollectieveAangifte?.TotaalRegelingen ?? []) as Record<string, string>[],
    ikvs: (body.InkomstenverhoudingInitieel ?? []) as Ikv[],
  };
}

/** "1234.56" → 123456 (cents). */
export const cents = (s: string | undefined): number => {
  if (s === undefined) return 0;
  const neg = s.startsWith('-');
  const [i, f = ''] = s.replace('-', '').split('.');
  const v = Number(i) * 100 + Number((f + '00').slice(0, 2));
  return neg ? -v : v;
};
