import type { Catalogue } from '../translator';
import type { WidgetSource } from './en';

const de: Catalogue<WidgetSource> = {
  'widget.loading': 'Wird geladen…',
  'widget.chooseFile': 'Öffne die Einstellungen, um eine Datei aus deinem Drive auszuwählen.',
  'widget.privateFile': 'Diese Datei ist privat und für Besucher deiner Website nicht sichtbar. Gib sie in den Einstellungen frei.',
  'widget.loadFailed': 'Die Datei konnte nicht geladen werden. Sobald die Verbindung wiederhergestellt ist, erscheint sie wieder.',
  'widget.fileTitle': 'Drive-Datei',
  'widget.previousSlide': 'Vorherige Folie',
  'widget.nextSlide': 'Nächste Folie',
  'widget.slidePosition': 'Folie {slide} von {total}',
};

export default de;
