import type { Catalogue } from '../translator';
import type { WidgetSource } from './en';

const po: Catalogue<WidgetSource> = {
  'widget.loading': 'Wczytywanie…',
  'widget.chooseFile': 'Otwórz ustawienia, aby wybrać plik ze swojego Dysku.',
  'widget.privateFile': 'Ten plik jest prywatny, więc odwiedzający Twoją witrynę go nie zobaczą. Udostępnij go w ustawieniach.',
  'widget.loadFailed': 'Nie udało się wczytać pliku. Pojawi się ponownie po przywróceniu połączenia.',
  'widget.fileTitle': 'Plik z Dysku',
  'widget.previousSlide': 'Poprzedni slajd',
  'widget.nextSlide': 'Następny slajd',
  'widget.slidePosition': 'Slajd {slide} z {total}',
};

export default po;
