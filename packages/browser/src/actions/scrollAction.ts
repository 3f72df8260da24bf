import { type ActionEnvironment, type ActionOf, elementTimeout, settleBudget } from './actionEnvironment.js';

/**
 * `scroll`: one screen (or one element's height, at least 100 px, for a selector) up or down, then two rendering
 * frames and a settle so scroll-triggered loading can arrive.
 */
export async function scrollAction(action: ActionOf<'scroll'>, env: ActionEnvironment): Promise<void> {
  const { page } = env;
  const sign = action.direction === 'up' ? -1 : 1;
  if (action.selector !== undefined) {
    await page
      .locator(action.selector)
      .first()
      .evaluate((el, s) => el.scrollBy(0, s * Math.max(el.clientHeight, 100)), sign, {
        timeout: elementTimeout(env),
      });
  } else {
    await page.evaluate((s) => window.scrollBy(0, s * window.innerHeight), sign);
  }
  // Scroll-triggered loading (IntersectionObserver, scroll handlers) reacts in the next rendering frames: wait
  // for two of them, so the settle below starts with the page's reaction already under way.
  await page
    .evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))))
    .catch(() => {});
  await env.settle(settleBudget(env));
}
