/** Hands a file to the browser's download (the text never leaves the page otherwise). */
export function saveFile(name: string, text: string, type = 'application/json'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked once the download has taken the data.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
