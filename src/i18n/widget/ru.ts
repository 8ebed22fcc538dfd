import type { Catalogue } from '../translator';
import type { WidgetSource } from './en';

const ru: Catalogue<WidgetSource> = {
  'widget.loading': 'Загрузка…',
  'widget.chooseFile': 'Откройте настройки и выберите файл на своём Диске.',
  'widget.privateFile': 'Это закрытый файл: посетители сайта его не увидят. Откройте к нему доступ в настройках.',
  'widget.loadFailed': 'Не удалось загрузить файл. Он снова появится, когда соединение восстановится.',
  'widget.fileTitle': 'Файл с Диска',
  'widget.previousSlide': 'Предыдущий слайд',
  'widget.nextSlide': 'Следующий слайд',
  'widget.slidePosition': 'Слайд {slide} из {total}',
};

export default ru;
