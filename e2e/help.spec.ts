import { expect, test } from './fixtures';

test('spec text beside a control sits in a "?" popover: Enter opens it, Esc closes it and returns focus, a click outside closes it (issue 14)', async ({ composer, page }) => {
  await composer.section('Options');
  const { button, text } = composer.help('Follow redirects');
  await expect(button).toHaveAttribute('aria-expanded', 'false');
  await expect(text).toBeHidden();
  // The paragraph is gone from the form itself: the options read as controls only.
  await expect(page.getByText('Every hop is shown in the response.')).toBeHidden();

  await button.focus();
  await page.keyboard.press('Enter');
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  await expect(text).toHaveText('Every hop is shown in the response. Off by default, so a 3xx is seen as it is.');
  await page.keyboard.press('Escape');
  await expect(text).toBeHidden();
  await expect(button).toBeFocused();

  await button.click();
  await expect(text).toBeVisible();
  await page.getByRole('checkbox', { name: 'Follow redirects' }).click();
  await expect(text).toBeHidden();
  await expect(page.getByRole('checkbox', { name: 'Follow redirects' })).toBeChecked();

  // Every former help paragraph of the options has its popover.
  for (const topic of ['method override', 'skipping TLS verification', 'Timeout']) await expect(composer.help(topic).button).toBeVisible();
});
