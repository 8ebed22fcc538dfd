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
  'widget.morePages': 'Страницы с {from} по {to} находятся на Диске',
  'widget.morePage': 'Страница {from} находится на Диске',
  'widget.moreSlides': 'Слайды с {from} по {to} находятся на Диске',
  'widget.moreSlide': 'Слайд {from} находится на Диске',
  'widget.moreRows': 'Вся таблица со строками с {from} по {to} находится на Диске',
  'widget.moreRow': 'Вся таблица со строкой {from} находится на Диске',
  'widget.moreColumns': 'Вся таблица с остальными столбцами находится на Диске',
};

export default ru;
