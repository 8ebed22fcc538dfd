/**
 * The widget as a custom element (`<drive-file-widget>`), the platform's current kind of site
 * widget. It draws the chosen file from its attributes (src/contract/elementAttributes.ts,
 * written by the panel) in its own shadow root, and draws again whenever an attribute changes:
 * the drive's viewer with no call to our server; a file shown as part of the page (issue 20),
 * which its `content` attribute names (a reference, never the rendering), by a chunk of its own
 * (nativeElement.ts) that fetches the rendering from our server and draws it in the page's flow.
 * It never throws into the host page: a bad attribute value takes its field's default and is said
 * once in the console; anything unexpected is said once too.
 */
import {
  ELEMENT_ATTRIBUTES,
  readContentAttribute,
  readElementAttributes,
  readViewModeAttribute,
  type ContentReference,
  type ReadAttributes,
} from '../contract/elementAttributes';
import { isWidgetKey } from '../contract/widgetKey';
import { toLanguage } from '../i18n/languages';
import { widgetCatalogues } from '../i18n/widget/catalogues';
import { nativeShown } from '../widget/nativeShown';
import { contentUrl } from './contentUrl';
import { askEarly } from './earlyContent';
import { accessTokenSource, NO_TOKEN, type AccessTokenSource } from './accessToken';
import { createElementRenderer, type ElementRenderer } from './renderElement';
import { finishPendingRemovals, scheduleRemovalIfGone } from './removal';

/** The drive's viewer fills the size the page gives the element (native content puts the host in the page's flow: nativeElement.ts). */
const HOST_STYLE = ':host{display:block;position:relative;width:100%;height:100%;min-height:120px}:host([hidden]){display:none}';

const WARNING_PREFIX = 'Drive File Widget:';

export class DriveFileWidgetElement extends HTMLElement {
  static readonly observedAttributes = Object.values(ELEMENT_ATTRIBUTES);
  /** Where our server is (the origin the script came from): the element's page is the site's. */
  static apiBase = '';

  /**
   * The platform hands the element its access token through this: a function that returns a
   * promise of it, asked for each request (accessToken.ts). Kept in memory, never shown.
   */
  accessTokenListener = (getAccessToken: unknown): void => {
    this.accessToken = accessTokenSource(getAccessToken);
  };

  private accessToken: AccessTokenSource = NO_TOKEN;
  private renderer: ElementRenderer | null = null;
  private hostStyle: HTMLStyleElement | null = null;
  private box: HTMLElement | null = null;
  private lastWarning = '';
  private drawn = 0;
  /** Whether connectedCallback has run since the element was (re)connected. */
  private connected = false;
  /** The rendering's URL this element asked for early, last. */
  private askedEarly = '';

  connectedCallback(): void {
    this.connected = true;
    this.guard(() => this.draw());
    const { apiBase } = this.constructor as typeof DriveFileWidgetElement;
    this.guard(() => finishPendingRemovals(this, this.viewMode(), { apiBase, token: () => this.accessToken() }));
  }

  /** Not before connectedCallback: an upgrade calls this once per attribute first, and connectedCallback draws them all at once. */
  attributeChangedCallback(): void {
    if (this.connected && this.isConnected) this.guard(() => this.draw());
  }

  disconnectedCallback(): void {
    this.connected = false;
    const { apiBase } = this.constructor as typeof DriveFileWidgetElement;
    this.guard(() => scheduleRemovalIfGone(this, this.viewMode(), { apiBase, token: () => this.accessToken() }));
  }

  private viewMode() {
    return readViewModeAttribute((name) => this.getAttribute(name));
  }

  private ensureRenderer(): ElementRenderer {
    if (this.renderer) return this.renderer;
    const root = this.shadowRoot ?? this.attachShadow({ mode: 'open' });
    this.hostStyle = document.createElement('style');
    this.box = document.createElement('div');
    root.replaceChildren(this.hostStyle, this.box);
    this.fill();
    this.renderer = createElementRenderer(this.box);
    return this.renderer;
  }

  /** The drive's viewer fills the size the page gives the element (the native chunk puts native content in the page's flow). */
  private fill(): void {
    if (!this.hostStyle || !this.box) return;
    this.hostStyle.textContent = HOST_STYLE;
    this.box.style.cssText = 'position:absolute;inset:0';
  }

  private draw(): void {
    const read = readElementAttributes((name) => this.getAttribute(name));
    const content = readContentAttribute((name) => this.getAttribute(name), read.problems);
    this.warnOnce(read);
    const owner = this.viewMode() !== 'site';
    if (nativeShown(read.model, content, owner)) {
      this.drawNative(read, content);
      return;
    }
    this.fill();
    const language = toLanguage(read.model.locale);
    const drawWith = (i18n = widgetCatalogues.get(language) ?? widgetCatalogues.english) =>
      this.ensureRenderer().render({ viewMode: this.viewMode(), error: null, fileHidden: read.fileHidden }, read.model, i18n);
    drawWith();
    if (widgetCatalogues.get(language)) return;
    // The language's words arrive as a chunk; draw again with them unless a newer draw came first.
    const turn = ++this.drawn;
    widgetCatalogues.load(language).then(
      (i18n) => turn === this.drawn && this.guard(() => drawWith(i18n)),
      () => this.warn(`the ${language} texts could not be loaded; showing English.`),
    );
  }

  /** The content as part of the page, fetched and drawn by the native chunk (unless a newer draw came first). */
  private drawNative(read: ReadAttributes, reference: ContentReference): void {
    const { apiBase } = this.constructor as typeof DriveFileWidgetElement;
    const turn = ++this.drawn;
    this.ensureRenderer();
    const show = {
      box: this.box!,
      model: read.model,
      reference,
      widgetKey: this.getAttribute(ELEMENT_ATTRIBUTES.widgetKey),
      apiBase,
      isCurrent: () => turn === this.drawn,
      warn: (text: string) => this.warn(text),
    };
    this.askEarly(apiBase, show.widgetKey, reference);
    import(/* webpackChunkName: "element-native" */ './nativeElement').then(
      // What the drawing throws is said as any drawing's failure (guard), never thrown into the host page.
      (native) => {
        if (!show.isCurrent()) return;
        native.showNative(show).catch((error: unknown) =>
          this.guard(() => {
            throw error;
          }),
        );
      },
      () => this.warn('the document could not be shown (its script did not load).'),
    );
  }

  /**
   * Asks our server for the rendering at once, from this script (earlyContent.ts), while the native
   * chunk (its requester, its sanitizer) still loads: its own ask for the same URL takes this answer.
   */
  private askEarly(apiBase: string, widgetKey: string | null, reference: ContentReference): void {
    if (!isWidgetKey(widgetKey)) return;
    // Once per rendering: a draw naming the same one again (a colour changed) asks nothing (fetchContent.ts keeps its answer).
    const url = contentUrl(apiBase, widgetKey, reference);
    if (url === this.askedEarly) return;
    this.askedEarly = url;
    askEarly(url);
  }

  private warnOnce(read: ReadAttributes): void {
    const text = read.problems.length ? `some attributes were refused and their defaults drawn instead (${read.problems.join('; ')}).` : '';
    if (text && text !== this.lastWarning) this.warn(text);
    this.lastWarning = text;
  }

  private warn(text: string): void {
    console.warn(`${WARNING_PREFIX} ${text}`);
  }

  /** Runs `work`; anything it throws is said in the console, never thrown into the host page. */
  private guard(work: () => void): void {
    try {
      work();
    } catch (error) {
      this.warn(`the widget could not be drawn (${error instanceof Error ? error.message : String(error)}).`);
    }
  }
}

/**
 * Registers the element under its tag name, once (a second script on the page changes nothing),
 * calling our server at `apiBase`.
 */
export function defineDriveFileWidget(registry: CustomElementRegistry, tagName: string, apiBase: string): void {
  if (registry.get(tagName)) return;
  registry.define(
    tagName,
    class extends DriveFileWidgetElement {
      static override apiBase = apiBase;
    },
  );
}
