/**
 * The progress bar `werkbank run` draws on a terminal: one line, redrawn in place (`\r`, then erase to its end), cut
 * to the terminal's width so it never wraps. Only for a TTY: piped, nothing is drawn and stderr holds errors only.
 */
import type { Progress, ProgressHook } from '../core/progress.js';

/** Cells of the bar itself. */
const BAR_CELLS = 24;
/** Erase from the cursor to the end of the line (ECMA-48 EL). */
const ERASE_LINE_END = '\x1b[K';

export interface ProgressBar {
  /** Where the call's reports go. */
  hook: ProgressHook;
  /** Ends the line the bar was drawn on, when one was drawn. */
  end(): void;
}

/** One line for `p`: `[######------]  50% message` when its total is known, the message alone when not. */
export function barLine(p: Progress, columns: number): string {
  let line = p.message;
  if (p.total !== undefined && p.total > 0 && p.done !== undefined) {
    const share = Math.min(1, Math.max(0, p.done / p.total));
    const full = Math.round(share * BAR_CELLS);
    line = `[${'#'.repeat(full)}${'-'.repeat(BAR_CELLS - full)}] ${String(Math.floor(share * 100)).padStart(3)}% ${p.message}`;
  }
  return line.length < columns ? line : `${line.slice(0, Math.max(0, columns - 2))}…`;
}

/** A bar on `stream` when it is a terminal; otherwise none (undefined). */
export function progressBar(stream: NodeJS.WriteStream): ProgressBar | undefined {
  if (!stream.isTTY) return undefined;
  let drawn = false;
  return {
    hook: (p) => {
      drawn = true;
      stream.write(`\r${barLine(p, stream.columns || 80)}${ERASE_LINE_END}`);
    },
    end: () => {
      if (drawn) stream.write('\n');
      drawn = false;
    },
  };
}
