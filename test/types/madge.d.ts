/** The part of madge's API the structure test uses; the package ships no types. */
declare module 'madge' {
  interface ImportGraph {
    circular(): string[][];
    obj(): Record<string, string[]>;
  }
  interface MadgeOptions {
    fileExtensions?: string[];
    tsConfig?: string;
    detectiveOptions?: Record<string, unknown>;
  }
  export default function madge(paths: string | string[], options?: MadgeOptions): Promise<ImportGraph>;
}
