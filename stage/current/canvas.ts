/**
 * The current editor stage's canvas: the real custom element, as the editor places it on the site,
 * under the site theme's colours (`--color_N` on the canvas, which reach into the element's shadow
 * root). Its props (attributes) are saved with the "site" in local storage on every change and come
 * back on reload, as the editor saves a component's props; the host's own attribute, the view mode,
 * is not one of them.
 */
import type { CreateAuthStrategy } from '@wix/site';
import { ELEMENT_ATTRIBUTES, ELEMENT_TAG_NAME } from '../../src/contract/elementAttributes';
import { isRecord } from '../../src/contract/record';
import type { SafeStorage } from '../dom';
import { PROPS_STORAGE_KEY } from './config';
import { stageToken } from './platformHost';

/** How the platform hands a custom element its token: `@wix/site`'s injector, assigned to `accessTokenListener`. */
type TokenListener = { accessTokenListener: ReturnType<ReturnType<CreateAuthStrategy>['getAccessTokenInjector']> };

export interface Canvas {
  readonly box: HTMLElement;
  element(): HTMLElement | null;
  setViewMode(mode: 'editor' | 'site'): void;
  setThemeColor(name: string, value: string): void;
  /** Removes the element (and its saved props): the component is deleted. */
  remove(): void;
  /** Places a new element (no props yet). */
  add(): void;
}

const SAVED_PROPS = Object.values(ELEMENT_ATTRIBUTES).filter((name) => name !== ELEMENT_ATTRIBUTES.viewMode);

function savedProps(storage: SafeStorage): Record<string, string> {
  try {
    const value: unknown = JSON.parse(storage.get(PROPS_STORAGE_KEY) ?? '{}');
    if (!isRecord(value)) return {};
    return Object.fromEntries(Object.entries(value).filter((e): e is [string, string] => SAVED_PROPS.includes(e[0] as never) && typeof e[1] === 'string'));
  } catch {
    return {};
  }
}

export function createCanvas(doc: Document, box: HTMLElement, storage: SafeStorage, theme: Record<string, string>, log: (text: string) => void): Canvas {
  let element: HTMLElement | null = null;
  let mode: 'editor' | 'site' = 'editor';
  for (const [name, value] of Object.entries(theme)) box.style.setProperty(`--${name}`, value);
  const observer = new MutationObserver((records) => {
    if (!element) return;
    const props = Object.fromEntries(SAVED_PROPS.flatMap((name) => (element?.hasAttribute(name) ? [[name, element.getAttribute(name)!]] : [])));
    storage.set(PROPS_STORAGE_KEY, JSON.stringify(props));
    for (const record of records) if (record.attributeName !== ELEMENT_ATTRIBUTES.viewMode) log(`setProp ${record.attributeName}`);
  });

  function place(props: Record<string, string>) {
    const next = doc.createElement(ELEMENT_TAG_NAME);
    next.style.cssText = 'display:block;height:600px';
    for (const [name, value] of Object.entries(props)) next.setAttribute(name, value);
    next.setAttribute(ELEMENT_ATTRIBUTES.viewMode, mode);
    // The platform injects the element's access token (the owner's, in the editor) once it is defined,
    // as @wix/site's injector does: a function that returns a promise of a token, asked for each call.
    void doc.defaultView?.customElements
      .whenDefined(ELEMENT_TAG_NAME)
      .then(() => (next as HTMLElement & Partial<TokenListener>).accessTokenListener?.(() => Promise.resolve(stageToken().token)));
    box.append(next);
    observer.observe(next, { attributes: true, attributeFilter: [...SAVED_PROPS] });
    element = next;
  }

  place(savedProps(storage));
  return {
    box,
    element: () => element,
    setViewMode(next) {
      mode = next;
      element?.setAttribute(ELEMENT_ATTRIBUTES.viewMode, next);
    },
    setThemeColor: (name, value) => box.style.setProperty(`--${name}`, value),
    remove() {
      element?.remove();
      element = null;
      storage.remove(PROPS_STORAGE_KEY);
    },
    add: () => place({}),
  };
}
