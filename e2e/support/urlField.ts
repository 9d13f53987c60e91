/**
 * The composer's URL field is a CodeMirror editor. Playwright's `fill` selects everything and
 * inserts the text; on a loaded machine the editor can take the insertion before it has seen
 * the selection, so the text lands beside the old URL instead of replacing it (seen once in a
 * run beside two CPU-bound processes). This locator's `fill` checks for that afterwards and, if
 * so, selects all by keyboard and types the text again.
 */
import type { Locator } from '@playwright/test';

export function urlField(locator: Locator): Locator {
  const fill = async (value: string, options?: Parameters<Locator['fill']>[1]): Promise<void> => {
    await locator.fill(value, options);
    for (let attempt = 0; attempt < 2; attempt++) {
      const text = (await locator.textContent()) ?? '';
      // Only the symptom above: the text is there, with the old URL beside it. (A value the app turns
      // into something else, a pasted cURL command say, is left as the app made it.)
      if (value === '' || text === value || !text.includes(value)) return;
      await locator.click();
      await locator.press('ControlOrMeta+a');
      await locator.page().keyboard.insertText(value);
    }
  };
  return new Proxy(locator, {
    get(target, property, receiver) {
      if (property === 'fill') return fill;
      const value = Reflect.get(target, property, receiver) as unknown;
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
