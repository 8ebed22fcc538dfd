import type { Catalogue } from '../translator';
import type { WidgetSource } from './en';

const es: Catalogue<WidgetSource> = {
  'widget.loading': 'Cargando…',
  'widget.chooseFile': 'Abre la configuración para elegir un archivo de tu Drive.',
  'widget.privateFile': 'Este archivo es privado: los visitantes de tu sitio no lo verán. Compártelo desde la configuración.',
  'widget.loadFailed': 'No se pudo cargar el archivo. Volverá a mostrarse en cuanto se recupere la conexión.',
  'widget.fileTitle': 'Archivo de Drive',
  'widget.previousSlide': 'Diapositiva anterior',
  'widget.nextSlide': 'Diapositiva siguiente',
  'widget.slidePosition': 'Diapositiva {slide} de {total}',
  'widget.morePages': 'Las páginas {from} a {to} están en Drive',
  'widget.morePage': 'La página {from} está en Drive',
  'widget.moreSlides': 'Las diapositivas {from} a {to} están en Drive',
  'widget.moreSlide': 'La diapositiva {from} está en Drive',
  'widget.moreRows': 'La hoja completa, con las filas {from} a {to}, está en Drive',
  'widget.moreRow': 'La hoja completa, con la fila {from}, está en Drive',
  'widget.moreColumns': 'La hoja completa, con más columnas, está en Drive',
};

export default es;
