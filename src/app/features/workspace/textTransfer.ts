/**
 * Getting text out of the page and into it: a download named by the person's file, the
 * clipboard, and a picked file read as text.
 */

/** Offers `text` as a file download named `fileName`. */
export function downloadText(fileName: string, text: string, type = 'application/json'): void {
  const url = URL.createObjectURL(new Blob([text], { type: `${type};charset=utf-8` }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later: the download starts asynchronously and still needs the URL.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

/** Copies `text` to the clipboard; false when the browser refused (the caller then shows the text to copy by hand). */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** A file name made from a collection or request name. */
export function fileNameOf(name: string, extension: string): string {
  const base = name.trim().replace(/[\\/:*?"<>|\u0000-\u001f]+/g, '-').replace(/\s+/g, ' ').slice(0, 80) || 'wirebench';
  return `${base}.${extension}`;
}
