import { describe, expect, it } from 'vitest';
import caseConverter from '../../../tools/text/text-case-converter.js';
import { expectToolError, runTool } from '../../helpers/run.js';

describe('text-case-converter', () => {
  const convert = async (text: string, mode: string) => (await runTool(caseConverter, { text, mode })).result;
  const text = 'The quick-brown FOX, jumps!';

  it('every mode', async () => {
    expect(await convert(text, 'upper')).toBe('THE QUICK-BROWN FOX, JUMPS!');
    expect(await convert(text, 'lower')).toBe('the quick-brown fox, jumps!');
    expect(await convert(text, 'title')).toBe('The Quick-Brown Fox, Jumps!');
    expect(await convert(text, 'sentence')).toBe('The quick-brown fox, jumps!');
    expect(await convert(text, 'camel')).toBe('theQuickBrownFoxJumps');
    expect(await convert(text, 'pascal')).toBe('TheQuickBrownFoxJumps');
    expect(await convert(text, 'snake')).toBe('the_quick_brown_fox_jumps');
    expect(await convert(text, 'kebab')).toBe('the-quick-brown-fox-jumps');
    expect(await convert(text, 'constant')).toBe('THE_QUICK_BROWN_FOX_JUMPS');
    expect(await convert(text, 'dot')).toBe('the.quick.brown.fox.jumps');
    expect(await convert(text, 'path')).toBe('the/quick/brown/fox/jumps');
    expect(await convert(text, 'train')).toBe('The-Quick-Brown-Fox-Jumps');
  });

  it('is Unicode-aware', async () => {
    expect(await convert('élan vital ÜBER', 'camel')).toBe('élanVitalÜber');
    expect(await convert('straße', 'upper')).toBe('STRASSE');
    expect(await convert('καλημέρα κόσμε', 'title')).toBe('Καλημέρα Κόσμε');
    expect(await convert('привет. как дела', 'sentence')).toBe('Привет. Как дела');
    expect(await convert('𝒳 marks', 'title')).toBe('𝒳 Marks');
  });

  it('sentence case restarts after ! ? and blank lines', async () => {
    expect(await convert('WOW! really? yes.\n\nnew paragraph', 'sentence')).toBe('Wow! Really? Yes.\n\nNew paragraph');
  });

  it('accepts mode spellings and aliases, refuses the rest', async () => {
    expect(await runTool(caseConverter, { text: 'a b', mode: 'SCREAMING_SNAKE_CASE' })).toEqual({ result: 'A_B', mode: 'constant' });
    expect((await runTool(caseConverter, { text: 'a b', mode: 'camelCase' })).mode).toBe('camel');
    expect((await runTool(caseConverter, { text: 'a b', mode: 'kebab-case' })).mode).toBe('kebab');
    expect((await runTool(caseConverter, { text: 'a b', mode: 'UPPERCASE' })).mode).toBe('upper');
    await expectToolError(caseConverter, { text: 'a', mode: 'sarcasm' }, 400, /`mode` must be one of "upper"/);
    await expectToolError(caseConverter, { text: 'a' }, 400, /`mode`/);
  });
});
