/**
 * Saving a body: the raw bytes as received (never re-encoded), under the name the server
 * suggested in Content-Disposition, else the last URL segment, with an extension from
 * the content when the name has none.
 */
import type { BodyKind, HeaderField } from '../../../../core';
import { headerValue } from '../../../../core';

const EXTENSIONS: Partial<Record<BodyKind, string>> = { json: 'json', xml: 'xml', html: 'html', text: 'txt', pdf: 'pdf' };
const IMAGE_EXTENSIONS: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/gif': 'gif', 'image/webp': 'webp', 'image/svg+xml': 'svg' };

/** A safe file name for a body. */
export function bodyFileName(url: string | undefined, headers: readonly HeaderField[], kind: BodyKind | undefined, mediaType: string | undefined): string {
  const disposition = headerValue(headers, 'Content-Disposition') ?? '';
  const star = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(disposition)?.[1];
  const plain = /filename\s*=\s*(?:"([^"]*)"|([^;\s]+))/.exec(disposition);
  let name = '';
  try {
    name = star ? decodeURIComponent(star) : (plain?.[1] ?? plain?.[2] ?? '');
  } catch {
    name = plain?.[1] ?? plain?.[2] ?? '';
  }
  if (!name && url) {
    try {
      name = decodeURIComponent(new URL(url).pathname.split('/').filter(Boolean).pop() ?? '');
    } catch {
      name = '';
    }
  }
  // Path separators and control characters never reach the file system.
  name = name.replace(/[\\/:*?"<>|\u0000-\u001f]/g, '_').replace(/^\.+/, '').slice(0, 120) || 'response';
  if (!/\.[A-Za-z0-9]{1,5}$/.test(name)) {
    const extension = (mediaType && IMAGE_EXTENSIONS[mediaType]) ?? (kind ? EXTENSIONS[kind] : undefined) ?? 'bin';
    name = `${name}.${extension}`;
  }
  return name;
}

/** Starts a download of `blob` as `name`. */
export function downloadBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = name;
  anchor.rel = 'noopener';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
