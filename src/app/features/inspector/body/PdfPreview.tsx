import { useEffect, useRef, useState } from 'react';
import { concatBytes } from '../../../../core';

/** Pages rendered at most; a long document shows its first pages and says how many there are. */
export const PDF_PREVIEW_PAGES = 20;

type PreviewState = { phase: 'loading' } | { phase: 'done'; pages: number; shown: number } | { phase: 'failed'; message: string };

/**
 * A PDF response drawn as pictures by pdf.js (loaded only when a PDF is previewed), never
 * handed to the browser's own viewer: Chromium's viewer refuses sandboxed frames, and an
 * unsandboxed frame is exactly what a hostile response should not get. Nothing in the file
 * runs: pdf.js is told not to evaluate code, scripting and XFA forms are off, links are
 * not followed, and the pages are plain canvases in the inspector.
 */
export function PdfPreview({ chunks }: { chunks: readonly Uint8Array[] }) {
  const pages = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<PreviewState>({ phase: 'loading' });

  useEffect(() => {
    let cancelled = false;
    let destroy: (() => Promise<void>) | undefined;
    setState({ phase: 'loading' });
    const render = async () => {
      const [pdfjs, worker] = await Promise.all([import('pdfjs-dist'), import('pdfjs-dist/build/pdf.worker.min.mjs?url')]);
      pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
      const loading = pdfjs.getDocument({ data: concatBytes(chunks), isEvalSupported: false, enableXfa: false, stopAtErrors: false });
      destroy = () => loading.destroy();
      const doc = await loading.promise;
      const shown = Math.min(doc.numPages, PDF_PREVIEW_PAGES);
      for (let n = 1; n <= shown && !cancelled; n++) {
        const page = await doc.getPage(n);
        const host = pages.current;
        if (!host || cancelled) return;
        const natural = page.getViewport({ scale: 1 });
        const scale = Math.max(0.25, Math.min(2, ((host.clientWidth || 600) - 16) / natural.width));
        const viewport = page.getViewport({ scale });
        const canvas = document.createElement('canvas');
        canvas.width = Math.ceil(viewport.width);
        canvas.height = Math.ceil(viewport.height);
        canvas.className = 'pdf-page';
        canvas.setAttribute('role', 'img');
        canvas.setAttribute('aria-label', `Page ${n} of ${doc.numPages}`);
        host.append(canvas);
        await page.render({ canvas, canvasContext: canvas.getContext('2d')!, viewport }).promise;
      }
      if (!cancelled) setState({ phase: 'done', pages: doc.numPages, shown });
    };
    render().catch((error: unknown) => {
      if (!cancelled) setState({ phase: 'failed', message: error instanceof Error ? error.message : String(error) });
    });
    const host = pages.current;
    return () => {
      cancelled = true;
      void destroy?.();
      host?.replaceChildren();
    };
  }, [chunks]);

  return (
    <div className="preview preview-pdf" data-testid="response-body">
      <p className="muted body-caption" role="status">
        {state.phase === 'loading'
          ? 'Drawing the PDF…'
          : state.phase === 'failed'
            ? `The PDF could not be drawn: ${state.message}. Download it to open it elsewhere.`
            : `Drawn as pictures, nothing in the file runs${state.pages > state.shown ? ` — first ${state.shown} of ${state.pages} pages` : ` — ${state.pages} page${state.pages === 1 ? '' : 's'}`}.`}
      </p>
      <div ref={pages} className="pdf-pages" />
    </div>
  );
}
