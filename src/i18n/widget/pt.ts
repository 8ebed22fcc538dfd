import type { Catalogue } from '../translator';
import type { WidgetSource } from './en';

const pt: Catalogue<WidgetSource> = {
  'widget.loading': 'Carregando…',
  'widget.chooseFile': 'Abra as configurações para escolher um arquivo do seu Drive.',
  'widget.privateFile': 'Este arquivo é privado: os visitantes do seu site não vão vê-lo. Compartilhe-o nas configurações.',
  'widget.loadFailed': 'Não foi possível carregar o arquivo. Ele voltará a aparecer assim que a conexão for restabelecida.',
  'widget.fileTitle': 'Arquivo do Drive',
  'widget.previousSlide': 'Slide anterior',
  'widget.nextSlide': 'Próximo slide',
  'widget.slidePosition': 'Slide {slide} de {total}',
};

export default pt;
