/**
 * Where the toasts live. A modal <dialog> sits in the browser's top layer, above everything else
 * and making it inert: while one is open the toasts move into it, so that they show above its
 * backdrop and their Undo can be clicked. The node is moved, never re-rendered, so no toast is lost.
 */
export const toastLayer = document.createElement('div');
toastLayer.className = 'toast-layer';
const hosts: HTMLElement[] = [];

export function hostToastsIn(dialog: HTMLElement): () => void {
  hosts.push(dialog);
  dialog.append(toastLayer);
  return () => {
    hosts.splice(hosts.lastIndexOf(dialog), 1);
    (hosts.at(-1) ?? document.body).append(toastLayer);
  };
}
