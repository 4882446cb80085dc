/**
 * What a person does on a rendered page before its app runs (web/src/page-start.ts): a click on a control, or a value
 * typed or chosen in a field, is held, and given to the app once it runs.
 */

/** Controls the app handles: a click on one before the app runs would otherwise do nothing. Links work without it. */
const APP_CONTROL = 'button, [role="button"], [role="tab"], [role="switch"], [role="checkbox"], [role="menuitem"], input[type="checkbox"], input[type="radio"]';

/** The controls clicked before the app ran, in order. */
const heldClicks: HTMLElement[] = [];

function holdClick(event: MouseEvent): void {
  const control = event.target instanceof Element ? event.target.closest<HTMLElement>(APP_CONTROL) : null;
  if (!control) return;
  event.preventDefault();
  event.stopPropagation();
  heldClicks.push(control);
  document.documentElement.style.cursor = 'progress';
}

/** The fields changed before the app ran, each with its last value. */
const heldValues = new Map<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement, string>();

function holdValue(event: Event): void {
  const field = event.target;
  const isField = field instanceof HTMLSelectElement || field instanceof HTMLTextAreaElement || (field instanceof HTMLInputElement && field.type !== 'checkbox' && field.type !== 'radio');
  if (isField) heldValues.set(field, field.value);
}

/**
 * Gives each held value to the app as if typed or chosen now: set through the element's own setter (the app tracks
 * the value it last saw, and hydration may have put its own back), then announced as input and change.
 */
function releaseHeldValues(): void {
  document.removeEventListener('input', holdValue, true);
  document.removeEventListener('change', holdValue, true);
  for (const [field, value] of heldValues) {
    if (!field.isConnected) continue;
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field) as object, 'value')?.set?.call(field, value);
    field.dispatchEvent(new Event('input', { bubbles: true }));
    field.dispatchEvent(new Event('change', { bubbles: true }));
  }
  heldValues.clear();
}

/**
 * Gives each held click to the app, as a press and a click: some controls act on the press (a menu's button opens on
 * pointerdown, a tab on mousedown), others on the click. Hydration keeps the page's elements, so a control clicked
 * before is the one the app now handles, unless the app had to draw it again.
 */
function releaseHeldClicks(): void {
  document.removeEventListener('click', holdClick, true);
  document.documentElement.style.removeProperty('cursor');
  for (const control of heldClicks.splice(0)) {
    if (!control.isConnected) continue;
    const press = { bubbles: true, cancelable: true, composed: true, button: 0, view: window };
    control.dispatchEvent(new PointerEvent('pointerdown', { ...press, pointerType: 'mouse', isPrimary: true }));
    control.dispatchEvent(new MouseEvent('mousedown', press));
    control.dispatchEvent(new PointerEvent('pointerup', { ...press, pointerType: 'mouse', isPrimary: true }));
    control.dispatchEvent(new MouseEvent('mouseup', press));
    control.click();
  }
}

/** Holds clicks on controls and values of fields from now until releaseHeldInput. */
export function holdInput(): void {
  document.addEventListener('click', holdClick, true);
  document.addEventListener('input', holdValue, true);
  document.addEventListener('change', holdValue, true);
}

/** Gives the app what was held, values first (a click may submit them), and stops holding. */
export function releaseHeldInput(): void {
  releaseHeldValues();
  releaseHeldClicks();
}
