/** Shows a stage dialog as the editor's modal pickers are: focus kept inside, Escape closes it; resolves once it closed (and left the page). */
export function showUntilClosed(dialog: HTMLDialogElement, host: HTMLElement): Promise<void> {
  host.append(dialog);
  return new Promise((resolve) => {
    dialog.addEventListener('close', () => {
      dialog.remove();
      resolve();
    });
    dialog.showModal();
  });
}
