/** Names and options of the local stage's current-editor mode (`current.html`). */
import { DEFAULT_SITE_COLORS } from '../../src/editor/sitePalette';

export const CURRENT_STAGE_TITLE = 'Drive File Widget — local editor stage (current editor)';
export const CURRENT_STAGE_PAGE = 'current.html';
export const LEGACY_STAGE_PAGE = './';

/** The site the stage's access tokens name. */
export const STAGE_SITE_INSTANCE_ID = 'stage-current-site';

export const CURRENT_LABELS = {
  viewMode: 'View mode',
  editorMode: 'Editor',
  siteMode: 'Site',
  deleteComponent: 'Delete component',
  addComponentBack: 'Add component back',
  legacyStage: 'Legacy editor stage',
  currentStage: 'Current editor stage',
  canvas: 'Site canvas',
  panel: 'Settings panel',
  theme: 'Site theme',
  colorPicker: "Editor's colour picker",
  fontPicker: "Editor's font picker",
  themeFonts: "Site's theme fonts",
  ownFonts: 'Other fonts',
  eventLog: 'Event log',
} as const;

/** Where the element's props (its attributes, as the editor saves them with the site) are kept. */
export const PROPS_STORAGE_KEY = 'stage-current:props';

/** The site theme's colours, as the platform's page carries them (`--color_N`). */
export function stageTheme(): Record<string, string> {
  return Object.fromEntries(DEFAULT_SITE_COLORS.map((color) => [color.name, color.value]));
}
