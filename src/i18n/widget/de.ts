import type { Catalogue } from '../translator';
import type { WidgetSource } from './en';

const de: Catalogue<WidgetSource> = {
  'widget.loading': 'Wird geladen…',
  'widget.chooseFile': 'Öffnen Sie die Einstellungen, um eine Datei aus Ihrem Drive auszuwählen.',
  'widget.privateFile': 'Diese Datei ist privat und für Besucher Ihrer Website nicht sichtbar. Geben Sie sie in den Einstellungen frei.',
  'widget.loadFailed': 'Die Datei konnte nicht geladen werden. Sie wird wieder angezeigt, sobald die Verbindung wiederhergestellt ist.',
  'widget.fileTitle': 'Datei aus Ihrem Drive',
};

export default de;
