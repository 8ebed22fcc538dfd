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
};

export default tr;
