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
  'widget.morePages': 'As páginas {from} a {to} estão no Drive',
  'widget.morePage': 'A página {from} está no Drive',
  'widget.moreSlides': 'Os slides {from} a {to} estão no Drive',
  'widget.moreSlide': 'O slide {from} está no Drive',
  'widget.moreRows': 'A planilha inteira, com as linhas {from} a {to}, está no Drive',
  'widget.moreRow': 'A planilha inteira, com a linha {from}, está no Drive',
  'widget.moreColumns': 'A planilha inteira, com mais colunas, está no Drive',
};

export default pt;
