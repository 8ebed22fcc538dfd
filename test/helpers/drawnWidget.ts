/**
 * The widget's drawing (src/widget/drawing.ts) in plain DOM, as the owner's widget page and the
 * custom element draw it (src/widget/drawingDom.ts): into a box in the test's document, each call
 * drawing again in place. Words in English unless given.
 */
import { widgetCatalogues } from '../../src/i18n/widget/catalogues';
import { drawWidget, type WidgetDrawingInput } from '../../src/widget/drawing';
import { drawInto, NO_CONTENT } from '../../src/widget/drawingDom';

export type DrawnInput = Omit<WidgetDrawingInput, 'i18n'> & Partial<Pick<WidgetDrawingInput, 'i18n'>>;

/** A box in the document (emptied by the test's cleanup) and what draws the widget into it. */
export function drawnWidget(): { container: HTMLElement; draw(input: DrawnInput): HTMLElement } {
  const container = document.body.appendChild(document.createElement('div'));
  return {
    container,
    draw(input) {
      const drawing = drawWidget({ i18n: widgetCatalogues.english, ...input });
      drawInto(container, drawing ? [drawing] : [], NO_CONTENT);
      return container;
    },
  };
}
