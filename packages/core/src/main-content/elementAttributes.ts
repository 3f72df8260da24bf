// The attributes the measuring walk asks of every element, read in one pass over linkedom's attribute links: each
// getAttribute is a walk of the same list (class, hidden, style, role, aria-modal, id, data-role, test hooks,
// itemprop: up to ten walks an element), and the walk meets the attributes anyway on its way into the element.
import { type ChainNode, NEXT, VALUE } from '../html/linkedomLinks.js';

/** What one element's attributes say; null (false) when absent. Overwritten by each read: copy what must last. */
export interface ElementAttributes {
  cls: string | null;
  id: string | null;
  style: string | null;
  role: string | null;
  hidden: boolean;
  ariaModal: string | null;
  dataRole: string | null;
  dataTestId: string | null;
  dataTest: string | null;
  itemprop: string | null;
}

/** The one record every read fills: the walk asks of one element at a time, and a record per element is garbage. */
const scratch: ElementAttributes = {
  cls: null,
  id: null,
  style: null,
  role: null,
  hidden: false,
  ariaModal: null,
  dataRole: null,
  dataTestId: null,
  dataTest: null,
  itemprop: null,
};

function clear(): void {
  scratch.cls = null;
  scratch.id = null;
  scratch.style = null;
  scratch.role = null;
  scratch.hidden = false;
  scratch.ariaModal = null;
  scratch.dataRole = null;
  scratch.dataTestId = null;
  scratch.dataTest = null;
  scratch.itemprop = null;
}

/** The attributes of `el` as getAttribute / hasAttribute give them. `html`: the element is in an HTML document, where
 *  getAttribute returns the stored value as it is (elsewhere linkedom escapes it, so the getters are asked). The
 *  first attribute of a name wins, as getAttributeNode finds it. */
export function readAttributes(el: Element, html: boolean): ElementAttributes {
  clear();
  if (!html) return readByGetters(el);
  for (let a = (el as unknown as ChainNode)[NEXT] as ChainNode; a.nodeType === 2; a = a[NEXT] as ChainNode) {
    const value = a[VALUE] as string;
    switch (a.name) {
      case 'class':
        scratch.cls ??= value;
        break;
      case 'id':
        scratch.id ??= value;
        break;
      case 'style':
        scratch.style ??= value;
        break;
      case 'role':
        scratch.role ??= value;
        break;
      case 'hidden':
        scratch.hidden = true;
        break;
      default:
        readRare(a.name, value);
    }
  }
  return scratch;
}

/** The attributes few elements carry, apart so the common switch stays small. */
function readRare(name: string, value: string): void {
  switch (name) {
    case 'itemprop':
      scratch.itemprop ??= value;
      break;
    case 'aria-modal':
      scratch.ariaModal ??= value;
      break;
    case 'data-role':
      scratch.dataRole ??= value;
      break;
    case 'data-testid':
      scratch.dataTestId ??= value;
      break;
    case 'data-test':
      scratch.dataTest ??= value;
      break;
    default:
  }
}

function readByGetters(el: Element): ElementAttributes {
  scratch.cls = el.getAttribute('class');
  scratch.id = el.getAttribute('id');
  scratch.style = el.getAttribute('style');
  scratch.role = el.getAttribute('role');
  scratch.hidden = el.hasAttribute('hidden');
  scratch.ariaModal = el.getAttribute('aria-modal');
  scratch.dataRole = el.getAttribute('data-role');
  scratch.dataTestId = el.getAttribute('data-testid');
  scratch.dataTest = el.getAttribute('data-test');
  scratch.itemprop = el.getAttribute('itemprop');
  return scratch;
}
