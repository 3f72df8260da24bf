// The calls sandboxed code may make on a page, as data: the parent allows exactly these (dispatchPageCall) and the
// sandbox process offers exactly these (sandboxChild, which receives them as JSON since it cannot import).

/** Calls on an element, named by a selector (on a page or frame) or by a locator. */
const ELEMENT_ACTIONS = [
  'click',
  'dblclick',
  'fill',
  'type',
  'press',
  'check',
  'uncheck',
  'setChecked',
  'hover',
  'tap',
  'selectOption',
  'focus',
  'dispatchEvent',
  'isVisible',
  'isHidden',
  'isEnabled',
  'isDisabled',
  'isEditable',
  'isChecked',
];
/** Calls that act on a frame; a page has these and PAGE_ONLY_ACTIONS (routes, new pages, uploads, CDP: never). */
export const FRAME_ACTIONS = [
  ...ELEMENT_ACTIONS,
  'goto',
  'dragAndDrop',
  'waitForSelector',
  'waitForTimeout',
  'waitForLoadState',
  'waitForURL',
  'waitForFunction',
];
/** A page's own: navigation history, screenshots, the viewport (a frame has none of them). */
export const PAGE_ONLY_ACTIONS = [
  'waitForResponse',
  'goBack',
  'goForward',
  'reload',
  'screenshot',
  'setViewportSize',
  'bringToFront',
];
export const LOCATOR_ACTIONS = [
  ...ELEMENT_ACTIONS,
  'pressSequentially',
  'count',
  'waitFor',
  'blur',
  'clear',
  'boundingBox',
  'scrollIntoViewIfNeeded',
  'selectText',
  'highlight',
];
export const KEYBOARD_ACTIONS = ['press', 'type', 'down', 'up', 'insertText'];
export const MOUSE_ACTIONS = ['click', 'dblclick', 'move', 'down', 'up', 'wheel'];
/** `getBy*` locators Playwright offers; the sandbox sends the suffix. */
export const GET_BY_KINDS = ['Text', 'Role', 'Label', 'Placeholder', 'TestId', 'AltText', 'Title'];
/** String getters, as functions run on the element inside the page (bounded like evaluate). */
export const ELEMENT_GETTERS: Record<string, string> = {
  textContent: '(el) => el.textContent',
  innerText: '(el) => el.innerText',
  innerHTML: '(el) => el.innerHTML',
  inputValue: '(el) => el.value',
  getAttribute: '(el, name) => el.getAttribute(name)',
};
export const LIST_GETTERS: Record<string, string> = {
  allTextContents: '(els) => els.map((el) => el.textContent || "")',
  allInnerTexts: '(els) => els.map((el) => el.innerText)',
};
