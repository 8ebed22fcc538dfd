import type { Catalogue } from '../translator';
import type { WidgetSource } from './en';

const tr: Catalogue<WidgetSource> = {
  'widget.loading': 'Yükleniyor…',
  'widget.chooseFile': 'Drive’ınızdan bir dosya seçmek için ayarları açın.',
  'widget.privateFile': 'Bu dosya gizli; sitenizin ziyaretçileri onu göremez. Dosyayı ayarlardan paylaşın.',
  'widget.loadFailed': 'Dosya yüklenemedi. Bağlantı yeniden kurulduğunda tekrar görünecek.',
  'widget.fileTitle': 'Drive dosyası',
  'widget.previousSlide': 'Önceki slayt',
  'widget.nextSlide': 'Sonraki slayt',
  'widget.slidePosition': 'Slayt {slide}/{total}',
  'widget.morePages': 'Sayfa {from}–{to} Drive’da',
  'widget.morePage': 'Sayfa {from} Drive’da',
  'widget.moreSlides': 'Slayt {from}–{to} Drive’da',
  'widget.moreSlide': 'Slayt {from} Drive’da',
  'widget.moreRows': 'Tablonun tamamı ({from}–{to}. satırlar dahil) Drive’da',
  'widget.moreRow': 'Tablonun tamamı ({from}. satır dahil) Drive’da',
  'widget.moreColumns': 'Tablonun tamamı (diğer sütunlar dahil) Drive’da',
};

export default tr;
