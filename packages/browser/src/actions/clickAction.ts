import { type ActionEnvironment, type ActionOf, elementTimeout, settleBudget } from './actionEnvironment.js';

/** Clicking every match of `all: true` gives each element this long to become clickable before skipping it. */
const CLICK_ALL_EACH_MS = 2_000;

/** `click`: the first match (or, with `all`, every match that can be clicked), then a settle for what it loads. */
export async function clickAction(action: ActionOf<'click'>, env: ActionEnvironment): Promise<void> {
  const { page } = env;
  if (action.all) {
    const count = await page.locator(action.selector).count();
    for (let i = 0; i < count; i++) {
      // Matches that are hidden or detached by an earlier click are skipped rather than failing the scrape.
      await page
        .locator(action.selector)
        .nth(i)
        .click({ timeout: Math.min(CLICK_ALL_EACH_MS, elementTimeout(env)) })
        .catch(() => {});
    }
  } else {
    await page
      .locator(action.selector)
      .first()
      .click({ timeout: elementTimeout(env) });
  }
  await env.settle(settleBudget(env));
}
