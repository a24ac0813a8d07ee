/**
 * The largest answer a run can make, from its options alone, so it is priced before anything is generated
 * (src/core/output-size.ts). Per record of each format, measured on 2,000 persons with ten children a partnership
 * and every relative linked, and rounded up by a fifth or more; a run of fewer than some thousands of persons stays
 * well inside its first 10 MB whatever its draw.
 */
import type { OutputSize } from '../../../src/core/tool.js';
import { splitHeader, type BrpInput } from './options.js';

const FIXED_BYTES = 16_000;
/** Bytes per person record (as JSON text) of each format; csv compact. */
const RECORD_BYTES = { json: 1_200, 'haal-centraal': 2_900, 'gba-totaalfile': 1_100, csv: 260 } as const;
/** A csv cell of the caller's columns: the longest value seen was 55 characters (four given names), plus quotes. */
const CELL_BYTES = 66;

/** Records: the persons asked for, and with linkedPersons their relatives (measured 2.5 to 3.6 a person). */
function records(o: BrpInput['options']): number {
  return o.linkedPersons ? Math.ceil(o.count * (4 + 0.25 * o.maxChildren)) : o.count;
}

export function brpMaxBytes({ format, options: o }: BrpInput): number {
  if (format === 'csv' && o.outputMode !== 'compact') {
    const columns = splitHeader(o.headerRow, o.delimiter).length;
    return FIXED_BYTES + 2 * o.headerRow.length + records(o) * (columns * CELL_BYTES + 4);
  }
  return FIXED_BYTES + records(o) * RECORD_BYTES[format];
}

/** 1 credit per started 10 MB; no run reaches the cap (5,000 persons, linked, 1,000 columns: about 0.5 GB). */
export const BRP_OUTPUT_SIZE: OutputSize<BrpInput> = {
  maxBytes: brpMaxBytes,
  formula:
    'per person record json 1.2 KB, haal-centraal 2.9 KB, gba-totaalfile 1.1 KB, csv compact 0.26 KB, csv own or mapped 66 bytes a column; ' +
    'linkedPersons adds (3 + 0.25 × maxChildren) records a person',
  capBytes: 1_000_000_000,
  split: 'Split the run: fewer persons (options.count) per call, with another seed each, or fewer csv columns.',
};
