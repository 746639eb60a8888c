/** Hands data to the browser as a file download. */
export function downloadBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later: some browsers start reading the blob after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** Hands a CSV (or other text) to the browser as a download. */
export const downloadTextFile = (text: string, fileName: string, type = 'text/csv;charset=utf-8') =>
  downloadBlob(new Blob([text], { type }), fileName);
