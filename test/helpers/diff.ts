/** The text-diff `changes` of a comparison, and either side rebuilt from them (for tests of the diffing tools). */
export type Change = { type: 'equal' | 'delete' | 'insert'; value: string };

export const rebuild = (changes: Change[], side: 'original' | 'modified') =>
  changes
    .filter((c) => c.type === 'equal' || c.type === (side === 'original' ? 'delete' : 'insert'))
    .map((c) => c.value)
    .join('');
