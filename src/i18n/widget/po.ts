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
  'widget.morePages': 'Strony od {from} do {to} są na Dysku',
  'widget.morePage': 'Strona {from} jest na Dysku',
  'widget.moreSlides': 'Slajdy od {from} do {to} są na Dysku',
  'widget.moreSlide': 'Slajd {from} jest na Dysku',
  'widget.moreRows': 'Cały arkusz, z wierszami od {from} do {to}, jest na Dysku',
  'widget.moreRow': 'Cały arkusz, z wierszem {from}, jest na Dysku',
  'widget.moreColumns': 'Cały arkusz, z pozostałymi kolumnami, jest na Dysku',
};

export default po;
