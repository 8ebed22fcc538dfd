/**
 * The local stage in the platform's current editor (`current.html` under `npm start`): the real
 * custom element on a site canvas, the settings panel framed through the platform's own host
 * endpoint (platformHost.ts), an editor/site switch, delete and add back, the site theme's colours
 * and an event log. The legacy stage (index.html, host.ts) stays as it is; each links to the other.
 */
import { createEventLog } from '../eventLog';
import { elementMaker, safeStorage, type ElementMaker } from '../dom';
import { createCanvas, type Canvas } from './canvas';
import { CURRENT_LABELS, CURRENT_STAGE_TITLE, LEGACY_STAGE_PAGE, stageTheme } from './config';
import { hostPanelFrame } from './platformHost';
import { themeBox } from './themeBox';
import { openColorDialog, type PickedColor } from './colorDialog';
import { openFontDialog } from './fontDialog';
import type { PickedFont } from '../../test/helpers/editorPlatformApi';

export interface CurrentStageOptions {
  locale?: string;
  storage?: Storage;
}

function panelFrame(el: ElementMaker, canvas: Canvas, theme: Record<string, string>, locale: string, log: (text: string) => void): HTMLIFrameElement {
  const iframe = el('iframe', { id: 'settings-frame', title: CURRENT_LABELS.panel, class: 'stage-frame stage-frame--settings', width: '450', height: '720' });
  const themeProperties = () => Object.fromEntries(Object.entries(theme).map(([name, value]) => [name, { type: 'color', value, displayName: name }]));
  const pickColor = (_current: string | undefined, onPicked: (picked: PickedColor) => void) => {
    log('colour picker opened');
    return openColorDialog(el, iframe.ownerDocument.body, theme, onPicked);
  };
  const pickFont = (_current: unknown, onPicked: (picked: PickedFont) => void) => {
    log('font picker opened');
    return openFontDialog(el, iframe.ownerDocument.body, onPicked);
  };
  hostPanelFrame(iframe, { element: canvas.element, language: locale, viewMode: 'editor', theme: themeProperties, pickColor, pickFont }, () =>
    log('panel connected'),
  );
  // No instance, compId or origCompId: the current editor names neither the site nor the widget.
  iframe.src = `settings.html?${new URLSearchParams({ locale })}`;
  return iframe;
}

function toolbar(el: ElementMaker, handlers: { viewMode(mode: 'editor' | 'site'): void; remove(): void; add(): void }): HTMLElement {
  const radio = (value: 'editor' | 'site', label: string) => {
    const input = el('input', { type: 'radio', name: 'stage-view-mode', value });
    input.checked = value === 'editor';
    input.addEventListener('change', () => input.checked && handlers.viewMode(value));
    return el('label', { class: 'stage-radio' }, input, ` ${label}`);
  };
  const remove = el('button', { type: 'button', class: 'stage-button stage-button--danger' }, CURRENT_LABELS.deleteComponent);
  const add = el('button', { type: 'button', class: 'stage-button' }, CURRENT_LABELS.addComponentBack);
  add.hidden = true;
  const flip = (deleted: boolean) => {
    remove.hidden = deleted;
    add.hidden = !deleted;
    (deleted ? add : remove).focus();
  };
  remove.addEventListener('click', () => (handlers.remove(), flip(true)));
  add.addEventListener('click', () => (handlers.add(), flip(false)));
  return el(
    'header',
    { class: 'stage-header' },
    el('h1', { class: 'stage-title' }, CURRENT_STAGE_TITLE),
    el(
      'div',
      { class: 'stage-toolbar' },
      el(
        'fieldset',
        { class: 'stage-mode' },
        el('legend', {}, CURRENT_LABELS.viewMode),
        radio('editor', CURRENT_LABELS.editorMode),
        radio('site', CURRENT_LABELS.siteMode),
      ),
      remove,
      add,
      el('a', { href: LEGACY_STAGE_PAGE, class: 'stage-link' }, CURRENT_LABELS.legacyStage),
    ),
  );
}

export function mountCurrentStage(root: HTMLElement, options: CurrentStageOptions = {}): void {
  const doc = root.ownerDocument;
  const el = elementMaker(doc);
  const locale = options.locale ?? 'en';
  const storage = safeStorage(() => options.storage ?? window.localStorage);
  const theme = stageTheme();
  const events = createEventLog(el);
  const canvasBox = el('div', { class: 'stage-frame-box stage-frame-box--widget' });
  const canvas = createCanvas(doc, canvasBox, storage, theme, events.log);
  const panelBox = el('div', { class: 'stage-frame-box stage-frame-box--settings' });
  const openPanel = () => panelBox.replaceChildren(panelFrame(el, canvas, theme, locale, events.log));
  const header = toolbar(el, {
    viewMode: (mode) => (canvas.setViewMode(mode), events.log(`view mode ${mode}`)),
    // As the editor does: the component leaves the page and its panel closes.
    remove: () => (canvas.remove(), panelBox.replaceChildren(), events.log('component deleted')),
    add: () => (canvas.add(), openPanel(), events.log('component added')),
  });
  const column = (title: string, cls: string, ...children: Node[]) =>
    el('section', { class: `stage-column ${cls}`, 'aria-label': title }, el('h2', { class: 'stage-column-title' }, title), ...children);
  root.replaceChildren(
    header,
    el(
      'main',
      { class: 'stage-main' },
      column(CURRENT_LABELS.canvas, 'stage-column--widget', canvasBox),
      column(CURRENT_LABELS.panel, 'stage-column--settings', panelBox),
      el(
        'aside',
        { class: 'stage-column stage-column--tools' },
        themeBox(el, theme, (name, value) => (canvas.setThemeColor(name, value), events.log(`theme ${name} ${value}`))),
        events.box,
      ),
    ),
  );
  openPanel();
}
