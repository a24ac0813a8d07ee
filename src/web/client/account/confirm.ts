/**
 * An in-page confirmation for what cannot be undone (removing a passkey, a connected application): a
 * modal <dialog>, so focus stays inside it, Escape cancels, and screen readers hear its title and text.
 * Cancel has the focus first: Enter alone never confirms.
 */
import { h } from '../dom.js';

export interface Confirmation {
  title: string;
  text: string;
  /** The confirming button's label, e.g. "Remove passkey". */
  confirm: string;
}

let seq = 0;

/** Asks, and answers true when the person confirmed. */
export function confirmDialog({ title, text, confirm }: Confirmation): Promise<boolean> {
  const id = `confirm-${++seq}`;
  const cancelBtn = h('button', { type: 'submit', value: 'cancel', class: 'secondary', 'data-confirm': 'cancel' }, 'Cancel');
  const dialog = h(
    'dialog',
    { class: 'confirm', 'aria-labelledby': `${id}-h`, 'aria-describedby': `${id}-p` },
    h(
      'form',
      { method: 'dialog' },
      h('h2', { id: `${id}-h`, text: title }),
      h('p', { id: `${id}-p`, text }),
      h(
        'div',
        { class: 'row' },
        h('button', { type: 'submit', value: 'confirm', class: 'danger', 'data-confirm': 'confirm' }, confirm),
        cancelBtn,
      ),
    ),
  ) as HTMLDialogElement;
  document.body.append(dialog);
  return new Promise((resolve) => {
    dialog.addEventListener('close', () => {
      resolve(dialog.returnValue === 'confirm');
      dialog.remove();
    });
    dialog.showModal();
    cancelBtn.focus();
  });
}
