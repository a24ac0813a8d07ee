// snowball-stemmers ships no types: the part src/search/text.ts uses.
declare module 'snowball-stemmers' {
  export function newStemmer(language: string): { stem(word: string): string };
}
