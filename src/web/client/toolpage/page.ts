/** What the tool page's modules share: the tool as the page describes it, and the page's parts. */
import type { Form } from '../form/form.js';
import type { ResultView } from '../result/view.js';
import type { Schema } from '../schema.js';

/** What the page says about its tool (the JSON in #tool-data). */
export interface ToolData {
  slug: string;
  name: string;
  title: string;
  path: string;
  metering: string;
  /** Credits a call costs (0: free). */
  cost?: number;
  inputSchema: Schema;
  resultView?: ResultView;
  /** The tool runs long: a run asks for a task and shows its progress (src/web/client/toolpage/task.ts). */
  long?: boolean;
  examples: { name?: string; input: unknown }[];
}

/** The tool page's parts the script works with. */
export interface ToolPage {
  data: ToolData;
  form: Form;
  formEl: HTMLFormElement;
  result: HTMLElement;
  status: HTMLElement;
  formError: HTMLElement;
}
