/**
 * Output priced by its size. A tool whose answer can grow past a few MB declares `outputSize`: an upper bound of
 * the answer's bytes computed from the validated input, before anything runs. A call costs the tool's `cost` for
 * every started `perBytes` (default 10 MB) of that bound, charged before the first byte is made and refunded on
 * failure like any other call; a bound over `capBytes` is refused (400) before any charge, with the limit and how
 * to split the run. A streamed answer is also counted as it leaves: past the bytes its credits paid for, the stream
 * fails (and is refunded), so a call never delivers more than it was charged for even when the bound is wrong.
 */
import { HttpError } from './errors.js';
import { ToolError, type Tool } from './tool.js';

/** What one `cost` of a size-priced tool buys, unless it declares its own `perBytes`. */
export const SIZE_UNIT_BYTES = 10_000_000;

/** The price of one call and the bytes it pays for (undefined: not size-priced, no byte limit). */
export interface CallPrice {
  cost: number;
  paidBytes?: number;
}

const mb = (bytes: number) => `${Math.ceil(bytes / 100_000) / 10} MB`;

/** The price of a call with this validated input; throws the 400 of a run over the tool's cap. */
export function priceOf(tool: Pick<Tool, 'cost' | 'outputSize'>, input: unknown): CallPrice {
  const size = tool.outputSize;
  if (!size) return { cost: tool.cost };
  const bytes = Math.ceil(size.maxBytes(input as never));
  if (bytes > size.capBytes)
    throw new ToolError(
      `This run can answer up to ${mb(bytes)}, over the limit of ${mb(size.capBytes)} a call (${size.formula}). ${size.split}`,
      400,
    );
  const perBytes = size.perBytes ?? SIZE_UNIT_BYTES;
  const units = Math.max(1, Math.ceil(bytes / perBytes));
  return { cost: tool.cost * units, paidBytes: units * perBytes };
}

/** The size price in one sentence, for descriptions and OpenAPI; '' for a tool without `outputSize`. */
export function sizePriceText(tool: Pick<Tool, 'cost' | 'outputSize'>): string {
  const size = tool.outputSize;
  if (!size) return '';
  const credits = `${tool.cost} credit${tool.cost === 1 ? '' : 's'}`;
  return (
    `Cost: ${credits} per started ${mb(size.perBytes ?? SIZE_UNIT_BYTES)} of the largest answer the input can make ` +
    `(${size.formula}), charged before the run; at most ${mb(size.capBytes)} a call.`
  );
}

/**
 * The chunks of a streamed answer, counted: past `paidBytes` the stream fails with a 500 (refunded, logged: the
 * tool's bound was wrong), never delivering more than was paid for.
 */
export async function* paidStream(
  chunks: AsyncIterable<string> | Iterable<string>,
  paidBytes: number,
  slug: string,
): AsyncGenerator<string> {
  let bytes = 0;
  for await (const chunk of chunks) {
    bytes += Buffer.byteLength(chunk);
    if (bytes > paidBytes)
      throw new HttpError(`${slug}: the answer grew past the ${paidBytes} bytes its credits paid for; no credits were charged`, 500);
    yield chunk;
  }
}
