import type { ActionEnvironment, ActionOf } from './actionEnvironment.js';

/** `write`: types the text into the focused field; refused when nothing editable has the focus (click one first). */
export async function writeAction(action: ActionOf<'write'>, env: ActionEnvironment): Promise<void> {
  const { page } = env;
  const editable = await page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return false;
    return (
      el.isContentEditable ||
      el.tagName === 'INPUT' ||
      el.tagName === 'TEXTAREA' ||
      el.tagName === 'SELECT' ||
      el.tagName === 'IFRAME'
    );
  });
  if (!editable) throw new Error('no input, textarea or contenteditable element is focused; click one first');
  await page.keyboard.type(action.text);
}
