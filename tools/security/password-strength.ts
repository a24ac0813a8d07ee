import { z } from 'zod';
import { defineTool } from '../../src/core/tool.js';
import { lazy } from '../_lib/lazy.js';

const MAX_LENGTH = 256;
const LABELS = ['very weak', 'weak', 'fair', 'strong', 'very strong'] as const;

/**
 * zxcvbn-ts with the common (passwords, keyboard patterns), English and Dutch
 * dictionaries. The dictionaries take about half a second to load, so the
 * estimator is built on first use rather than at start-up.
 */
const getEstimator = lazy(async () => {
  const [{ ZxcvbnFactory }, common, en, nl] = await Promise.all([
    import('@zxcvbn-ts/core'),
    import('@zxcvbn-ts/language-common'),
    import('@zxcvbn-ts/language-en'),
    import('@zxcvbn-ts/language-nl-be'),
  ]);
  // The Dutch list names carry no language suffix; add one so they cannot shadow other lists.
  const dutch = Object.fromEntries(Object.entries(nl.dictionary).map(([name, words]) => [`${name}-nl`, words]));
  return new ZxcvbnFactory({
    translations: en.translations,
    graphs: common.adjacencyGraphs,
    dictionary: { ...common.dictionary, ...en.dictionary, ...dutch },
    maxLength: MAX_LENGTH,
  });
});

export default defineTool({
  slug: 'password-strength',
  title: 'Password strength estimator',
  summary: 'How hard a password is to guess, and how to make it stronger.',
  keywords: {
    en: [
      'password checker',
      'how strong',
      'crack time',
      'secure password',
      'zxcvbn',
      'password strength',
      'strong password',
      'weak password',
    ],
    nl: ['wachtwoordsterkte', 'wachtwoord controleren', 'veilig wachtwoord', 'wachtwoord', 'sterk', 'zwak wachtwoord'],
  },
  description:
    'Estimates how hard a password is to guess with zxcvbn (zxcvbn-ts), which looks for common passwords, dictionary words (English and Dutch, names, Wikipedia words), keyboard patterns, l33t substitutions, repeats, sequences and dates, instead of just counting character classes. ' +
    '`score` 0–4 with `label` very weak / weak / fair / strong / very strong; `crack_time` = estimated time for an offline attack on a slow (bcrypt-like) hash at 10,000 guesses per second; `crack_times` gives all four zxcvbn scenarios; `feedback` has a `warning` (or null) and `suggestions` in English. ' +
    `The password is not stored or logged. At most ${MAX_LENGTH} characters.`,
  resultView: { kind: 'figure', field: 'label', label: 'Strength', detail: ['crack_time'] },
  input: z.strictObject({
    password: z.string().max(MAX_LENGTH).describe(`The password to rate (at most ${MAX_LENGTH} characters)`),
  }),
  output: z.object({
    score: z.int().min(0).max(4),
    label: z.enum(LABELS),
    crack_time: z.string().describe('Offline attack, slow hash, 10^4 guesses/second'),
    crack_times: z.object({
      onlineThrottled: z.string().describe('Online, throttled (100 guesses/hour)'),
      onlineUnthrottled: z.string().describe('Online, not throttled (10 guesses/second)'),
      offlineSlowHash: z.string().describe('Offline, slow hash (10^4 guesses/second)'),
      offlineFastHash: z.string().describe('Offline, fast hash (10^10 guesses/second)'),
    }),
    guesses_log10: z.number().describe('log10 of the estimated number of guesses'),
    feedback: z.object({ suggestions: z.array(z.string()), warning: z.string().nullable() }),
  }),
  examples: [
    {
      name: 'A very common password (3 guesses)',
      input: { password: 'password' },
      output: {
        score: 0,
        label: 'very weak',
        crack_time: 'less than a second',
        crack_times: {
          onlineThrottled: '2 minutes',
          onlineUnthrottled: 'less than a second',
          offlineSlowHash: 'less than a second',
          offlineFastHash: 'less than a second',
        },
        guesses_log10: 0.48,
        feedback: { suggestions: ['Add more words that are less common.'], warning: 'This is a heavily used password.' },
      },
    },
    {
      name: 'A Dutch word with digits (926,800 guesses)',
      input: { password: 'Wachtwoord123' },
      output: {
        score: 1,
        label: 'weak',
        crack_time: '2 minutes',
        crack_times: {
          onlineThrottled: '1 year',
          onlineUnthrottled: '1 day',
          offlineSlowHash: '2 minutes',
          offlineFastHash: 'less than a second',
        },
        guesses_log10: 5.97,
        feedback: { suggestions: ['Add more words that are less common.', 'Capitalize more than the first letter.'], warning: null },
      },
    },
    {
      name: 'Four random words',
      input: { password: 'correct horse battery staple' },
      output: {
        score: 4,
        label: 'very strong',
        crack_time: 'centuries',
        crack_times: {
          onlineThrottled: 'centuries',
          onlineUnthrottled: 'centuries',
          offlineSlowHash: 'centuries',
          offlineFastHash: 'centuries',
        },
        guesses_log10: 19.72,
        feedback: { suggestions: [], warning: null },
      },
    },
  ],
  async run({ password }) {
    const result = (await getEstimator()).check(password);
    const score = result.score;
    const t = result.crackTimes;
    return {
      score,
      label: LABELS[score],
      crack_time: t.offlineSlowHashingXPerSecond.display,
      crack_times: {
        onlineThrottled: t.onlineThrottlingXPerHour.display,
        onlineUnthrottled: t.onlineNoThrottlingXPerSecond.display,
        offlineSlowHash: t.offlineSlowHashingXPerSecond.display,
        offlineFastHash: t.offlineFastHashingXPerSecond.display,
      },
      guesses_log10: Math.round(result.guessesLog10 * 100) / 100,
      feedback: { suggestions: result.feedback.suggestions, warning: result.feedback.warning ?? null },
    };
  },
});
