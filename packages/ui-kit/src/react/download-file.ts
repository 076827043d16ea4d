/** Hands a generated file to the browser as a download (the exported PDFs of spec 001 §2). */
export function downloadFile(file: Blob, name: string): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  link.click();
  // The browser has started the download by the time this runs; the memory can go.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
