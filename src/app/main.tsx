/**
 * The entry: takes the launch key out of the address bar, then loads the app in two steps so
 * that evaluating its code is two main-thread tasks, not one long one (issue 31 item 4): the
 * libraries (`vendor.ts`), then the app and its first render (`root.tsx`). The stylesheet is
 * the entry's, loaded before this runs (index.html's shell waits for it).
 */
import { adoptLaunchKey } from './base/relay/session';
import './styles.css';

// First of all: the launch redirect's page key leaves the address bar before anything reads it.
adoptLaunchKey();

void import('./vendor')
  .then(() => import('./root'))
  .catch((error: unknown) => {
    // The first screen stays (its field keeps what was typed); say why the rest did not come.
    const note = document.createElement('p');
    note.setAttribute('role', 'alert');
    note.textContent = `Wirebench could not load (${error instanceof Error ? error.message : String(error)}). Check that it is still running, then reload the page.`;
    (document.getElementById('boot') ?? document.body).append(note);
  });
