import { z } from 'zod';
import { defineTool, ToolError } from '../../src/core/tool.js';
import { aliasedEnum } from '../_lib/aliased-enum.js';
import { createRng, type Rng } from '../_lib/rng.js';

/** The words of the classic opening sentence (after Cicero, De finibus 1.10.32). */
const OPENING = 'lorem ipsum dolor sit amet consectetur adipiscing elit'.split(' ');

const VOCABULARY = (
  'a ac accumsan ad adipiscing aenean aliquam aliquet amet ante aptent arcu at auctor augue bibendum blandit ' +
  'commodo condimentum congue consectetur consequat conubia convallis cras cubilia curabitur cursus dapibus diam ' +
  'dictum dictumst dignissim dis dolor donec dui duis efficitur egestas eget eleifend elementum elit enim erat eros ' +
  'est et etiam eu euismod ex facilisi facilisis fames faucibus felis fermentum feugiat finibus fringilla fusce ' +
  'gravida habitant habitasse hac hendrerit himenaeos iaculis id imperdiet in inceptos integer interdum ipsum justo ' +
  'lacinia lacus laoreet lectus leo libero ligula litora lobortis lorem luctus maecenas magna magnis malesuada massa ' +
  'mattis mauris maximus metus mi molestie mollis montes morbi mus nam nascetur natoque nec neque netus nibh nisi ' +
  'nisl non nostra nulla nullam nunc odio orci ornare parturient pellentesque penatibus per pharetra phasellus ' +
  'placerat platea porta porttitor posuere potenti praesent pretium primis proin pulvinar purus quam quis quisque ' +
  'rhoncus ridiculus risus rutrum sagittis sapien scelerisque sed sem semper senectus sit sociosqu sodales ' +
  'sollicitudin suscipit suspendisse taciti tellus tempor tempus tincidunt torquent tortor tristique turpis ' +
  'ullamcorper ultrices ultricies urna ut varius vehicula vel velit venenatis vestibulum vitae vivamus viverra ' +
  'volutpat vulputate'
).split(' ');

const TYPES = ['paragraphs', 'sentences', 'words', 'list'] as const;
type Type = (typeof TYPES)[number];
const ALIASES: Record<string, Type> = {
  paragraph: 'paragraphs',
  p: 'paragraphs',
  sentence: 'sentences',
  word: 'words',
  items: 'list',
  'list-items': 'list',
  bullets: 'list',
  ul: 'list',
};

/** Largest `count` per type (keeps the answer under ~1 MB). */
export const CAPS: Readonly<Record<Type, number>> = { paragraphs: 100, sentences: 1000, words: 10000, list: 1000 };
/** The seed used when none is given: same options, same text. */
export const DEFAULT_SEED = 0;

const capitalise = (s: string) => s[0].toUpperCase() + s.slice(1);

const randomWords = (rng: Rng, min: number, max: number) => Array.from({ length: rng.int(min, max) }, () => rng.pick(VOCABULARY));

/** A sentence of 6–14 words (or the opening), with a comma after the 3rd–5th word in about half of them. */
function sentence(rng: Rng, opening: boolean): string {
  if (opening) return 'Lorem ipsum dolor sit amet, consectetur adipiscing elit.';
  const words = randomWords(rng, 6, 14);
  if (rng.chance(0.5)) words[rng.int(2, 4)] += ',';
  return `${capitalise(words.join(' '))}.`;
}

/** A list item: 3–8 words, capitalised, no punctuation. */
const listItem = (rng: Rng) => capitalise(randomWords(rng, 3, 8).join(' '));

function paragraph(rng: Rng, opening: boolean): string {
  return Array.from({ length: rng.int(4, 7) }, (_, i) => sentence(rng, opening && i === 0)).join(' ');
}

interface Generated {
  blocks: string[];
  words: number;
}

function generate(type: Type, count: number, rng: Rng, startWithLorem: boolean): Generated {
  switch (type) {
    case 'words': {
      const words = Array.from({ length: count }, (_, i) => (startWithLorem && i < OPENING.length ? OPENING[i] : rng.pick(VOCABULARY)));
      return { blocks: [words.join(' ')], words: count };
    }
    case 'sentences': {
      const text = Array.from({ length: count }, (_, i) => sentence(rng, startWithLorem && i === 0)).join(' ');
      return { blocks: [text], words: countWords(text) };
    }
    case 'paragraphs': {
      const blocks = Array.from({ length: count }, (_, i) => paragraph(rng, startWithLorem && i === 0));
      return { blocks, words: blocks.reduce((n, b) => n + countWords(b), 0) };
    }
    case 'list': {
      const items = Array.from({ length: count }, (_, i) => (startWithLorem && i === 0 ? 'Lorem ipsum dolor sit amet' : listItem(rng)));
      return { blocks: items, words: items.reduce((n, b) => n + countWords(b), 0) };
    }
  }
}

const countWords = (s: string) => s.split(' ').length;

function render(type: Type, blocks: string[], html: boolean): string {
  if (type === 'list') {
    return html ? `<ul>\n${blocks.map((b) => `<li>${b}</li>`).join('\n')}\n</ul>` : blocks.map((b) => `- ${b}`).join('\n');
  }
  return html ? blocks.map((b) => `<p>${b}</p>`).join('\n') : blocks.join('\n\n');
}

export default defineTool({
  slug: 'lorem-ipsum-generator',
  title: 'Lorem ipsum generator',
  keywords: {
    en: ['placeholder text', 'dummy text', 'filler text', 'sample paragraphs', 'lorem ipsum', 'placeholder'],
    nl: ['opvultekst', 'dummytekst', 'voorbeeldtekst', 'lorem ipsum'],
  },
  description:
    'Generates lorem ipsum placeholder text from the classic Latin vocabulary. `type`: `paragraphs` (default; 4–7 sentences each, separated by a blank line), `sentences` (6–14 words each, one block), `words` (lower-case words separated by spaces, no punctuation) or `list` (one short item per line, written "- item"). `count` (default 3) is how many of that type, 1 up to 100 paragraphs, 1000 sentences, 10000 words or 1000 list items. `startWithLorem` (default true) opens with "Lorem ipsum dolor sit amet, consectetur adipiscing elit." (for words: the first words of it; for a list: the item "Lorem ipsum dolor sit amet"). `html: true` wraps paragraphs, sentences and words in <p> elements (one per line) and a list in <ul><li>. Deterministic: the text comes from a seeded generator, the same options and `seed` always give the same text on every machine; without a seed, seed 0 is used (pass different seeds for different texts). The result counts `words`, `characters` (of `text` as returned, HTML tags included) and `paragraphs` (blocks: `count` for paragraphs, 1 otherwise). Aliases: paragraph/p, sentence, word, items/bullets/ul → list.',
  resultView: { kind: 'text', field: 'text' },
  input: z.strictObject({
    count: z
      .int()
      .min(1)
      .max(CAPS.words)
      .default(3)
      .describe('How many paragraphs, sentences, words or list items (caps: 100, 1000, 10000, 1000)'),
    type: aliasedEnum(TYPES, { aliases: ALIASES }).default('paragraphs').describe('paragraphs (default), sentences, words or list'),
    startWithLorem: z.boolean().default(true).describe('Start with "Lorem ipsum dolor sit amet…"'),
    html: z.boolean().default(false).describe('Wrap in <p> (or <ul><li> for a list)'),
    seed: z.number().default(DEFAULT_SEED).describe('Seed for the generator (default 0); same seed, same text'),
  }),
  output: z.object({
    text: z.string(),
    type: z.enum(TYPES),
    count: z.int(),
    words: z.int(),
    characters: z.int(),
    paragraphs: z.int(),
  }),
  examples: [
    {
      name: 'Five words starting with lorem',
      input: { count: 5, type: 'words' },
      output: { text: 'lorem ipsum dolor sit amet', type: 'words', count: 5, words: 5, characters: 26, paragraphs: 1 },
    },
    {
      name: 'One sentence in HTML',
      input: { count: 1, type: 'sentences', html: true },
      output: {
        text: '<p>Lorem ipsum dolor sit amet, consectetur adipiscing elit.</p>',
        type: 'sentences',
        count: 1,
        words: 8,
        characters: 63,
        paragraphs: 1,
      },
    },
    {
      name: 'A one-item list',
      input: { count: 1, type: 'list' },
      output: { text: '- Lorem ipsum dolor sit amet', type: 'list', count: 1, words: 5, characters: 28, paragraphs: 1 },
    },
  ],
  run({ count, type, startWithLorem, html, seed }) {
    if (count > CAPS[type]) throw new ToolError(`\`count\` must be at most ${CAPS[type]} for type "${type}" (got ${count})`, 400);
    const { blocks, words } = generate(type, count, createRng(seed), startWithLorem);
    const text = render(type, blocks, html);
    return { text, type, count, words, characters: text.length, paragraphs: type === 'paragraphs' ? count : 1 };
  },
});
