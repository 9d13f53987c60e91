/** The per-launch token the server wrote into the page; sent with every `/api` call. */
export function relayToken(): string {
  const meta = document.querySelector<HTMLMetaElement>('meta[name="wirebench-token"]');
  return meta?.content ?? '';
}
