/** Hands text to the browser as a download with this file name. */
export function saveFile(text: string, filename: string, type = 'application/json'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked a moment later: some browsers read the blob after click() has returned.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
