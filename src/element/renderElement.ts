/**
 * Draws the widget (src/widget/drawing.ts, the iframe page's own drawing) into the element's
 * shadow root with plain DOM (drawingDom.ts): nodes are kept and updated in place between renders,
 * so a change of colour or corner does not reload the file's viewer. Palette references are drawn
 * with the page's theme (elementPalette.ts).
 */
import type { UserModel } from '../contract/userModel';
import type { Translator } from '../i18n/translator';
import type { WidgetSource } from '../i18n/widget/en';
import { drawWidget, type WidgetDrawingInput } from '../widget/drawing';
import { drawInto, NO_CONTENT } from '../widget/drawingDom';
import { themePalette } from './elementPalette';

export interface ElementRenderer {
  /** Draws what the widget shows for `model` (in the drive's viewer, or a note). */
  render(input: Omit<WidgetDrawingInput, 'palette' | 'model' | 'i18n'>, model: UserModel, i18n: Translator<WidgetSource>): void;
}

/** A renderer that owns `container` (the shadow root's content box). */
export function createElementRenderer(container: HTMLElement): ElementRenderer {
  return {
    render(input, model, i18n) {
      const drawing = drawWidget({ ...input, model, i18n, palette: themePalette(model) });
      drawInto(container, drawing ? [drawing] : [], NO_CONTENT);
    },
  };
}
