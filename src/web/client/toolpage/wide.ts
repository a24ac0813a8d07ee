/**
 * A result too wide for its half of the page (a table of many columns) gets the page's width: the layout stacks
 * the result under the input, so the table reads whole at desktop instead of scrolling sideways in half a page.
 * Measured on each result, in the two-column layout (on a narrow screen the layout is stacked anyway).
 */
export function fitResult(result: HTMLElement): void {
  const layout = result.closest<HTMLElement>('.layout');
  if (!layout) return;
  layout.classList.remove('wide');
  const overflows = Array.from(result.querySelectorAll<HTMLElement>('.tablewrap')).some(
    (box) => box.clientWidth > 0 && box.scrollWidth > box.clientWidth + 1,
  );
  if (overflows && getComputedStyle(layout).gridTemplateColumns.trim().split(/\s+/).length > 1) layout.classList.add('wide');
}
