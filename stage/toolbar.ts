/** The stage's header: title, editor/site view switch, and delete / add-back of the component. */
import { STAGE_LABELS, STAGE_TITLE, type StageViewMode } from './config';
import type { ElementMaker } from './dom';

export interface ToolbarHandlers {
  onViewMode(mode: StageViewMode): void;
  onDelete(): void;
  onAdd(): void;
}

export interface Toolbar {
  readonly header: HTMLElement;
  readonly deleteButton: HTMLButtonElement;
  readonly addButton: HTMLButtonElement;
  showMode(mode: StageViewMode): void;
  /** Shows "Add component back" once the component is gone, "Delete component" once it is back. */
  showDeleted(deleted: boolean, moveFocus: boolean): void;
}

export function createToolbar(el: ElementMaker, mode: StageViewMode, handlers: ToolbarHandlers): Toolbar {
  const radio = (value: StageViewMode, label: string) => {
    const input = el('input', { type: 'radio', name: 'stage-view-mode', value });
    input.checked = value === mode;
    input.addEventListener('change', () => {
      if (input.checked) handlers.onViewMode(value);
    });
    return { label: el('label', { class: 'stage-radio' }, input, ` ${label}`), input };
  };
  const editorRadio = radio('editor', STAGE_LABELS.editorMode);
  const siteRadio = radio('site', STAGE_LABELS.siteMode);
  const deleteButton = el('button', { type: 'button', class: 'stage-button stage-button--danger' }, STAGE_LABELS.deleteComponent);
  const addButton = el('button', { type: 'button', class: 'stage-button' }, STAGE_LABELS.addComponentBack);
  addButton.hidden = true;
  deleteButton.addEventListener('click', () => handlers.onDelete());
  addButton.addEventListener('click', () => handlers.onAdd());

  const header = el(
    'header',
    { class: 'stage-header' },
    el('h1', { class: 'stage-title' }, STAGE_TITLE),
    el(
      'div',
      { class: 'stage-toolbar' },
      el('fieldset', { class: 'stage-mode' }, el('legend', {}, STAGE_LABELS.viewMode), editorRadio.label, siteRadio.label),
      deleteButton,
      addButton,
      el('a', { href: 'current.html', class: 'stage-link' }, STAGE_LABELS.currentStage),
    ),
  );

  return {
    header,
    deleteButton,
    addButton,
    showMode(next) {
      editorRadio.input.checked = next === 'editor';
      siteRadio.input.checked = next === 'site';
    },
    showDeleted(deleted, moveFocus) {
      deleteButton.hidden = deleted;
      deleteButton.disabled = false;
      addButton.hidden = !deleted;
      if (moveFocus) (deleted ? addButton : deleteButton).focus();
    },
  };
}
