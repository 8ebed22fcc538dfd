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
  'widget.morePages': 'Seiten {from} bis {to} sind in Drive',
  'widget.morePage': 'Seite {from} ist in Drive',
  'widget.moreSlides': 'Folien {from} bis {to} sind in Drive',
  'widget.moreSlide': 'Folie {from} ist in Drive',
  'widget.moreRows': 'Die ganze Tabelle mit den Zeilen {from} bis {to} ist in Drive',
  'widget.moreRow': 'Die ganze Tabelle mit Zeile {from} ist in Drive',
  'widget.moreColumns': 'Die ganze Tabelle mit weiteren Spalten ist in Drive',
};

export default de;
