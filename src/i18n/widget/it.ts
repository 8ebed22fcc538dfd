import type { Catalogue } from '../translator';
import type { WidgetSource } from './en';

const it: Catalogue<WidgetSource> = {
  'widget.loading': 'Caricamento…',
  'widget.chooseFile': 'Apri le impostazioni per scegliere un file dal tuo Drive.',
  'widget.privateFile': 'Questo file è privato: i visitatori del tuo sito non lo vedranno. Condividilo dalle impostazioni.',
  'widget.loadFailed': 'Impossibile caricare il file. Tornerà visibile non appena la connessione sarà ripristinata.',
  'widget.fileTitle': 'File di Drive',
  'widget.previousSlide': 'Diapositiva precedente',
  'widget.nextSlide': 'Diapositiva successiva',
  'widget.slidePosition': 'Diapositiva {slide} di {total}',
};

export default it;
