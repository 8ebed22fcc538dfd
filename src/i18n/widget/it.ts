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
  'widget.morePages': 'Le pagine da {from} a {to} sono su Drive',
  'widget.morePage': 'La pagina {from} è su Drive',
  'widget.moreSlides': 'Le diapositive da {from} a {to} sono su Drive',
  'widget.moreSlide': 'La diapositiva {from} è su Drive',
  'widget.moreRows': 'Il foglio completo, con le righe da {from} a {to}, è su Drive',
  'widget.moreRow': 'Il foglio completo, con la riga {from}, è su Drive',
  'widget.moreColumns': 'Il foglio completo, con altre colonne, è su Drive',
};

export default it;
