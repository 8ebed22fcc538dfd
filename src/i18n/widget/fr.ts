import type { Catalogue } from '../translator';
import type { WidgetSource } from './en';

const fr: Catalogue<WidgetSource> = {
  'widget.loading': 'Chargement…',
  'widget.chooseFile': 'Ouvrez les paramètres pour choisir un fichier de votre Drive.',
  'widget.privateFile': 'Ce fichier est privé\u00a0: les visiteurs de votre site ne le verront pas. Partagez-le dans les paramètres.',
  'widget.loadFailed': 'Impossible de charger le fichier. Il réapparaîtra dès que la connexion sera rétablie.',
  'widget.fileTitle': 'Fichier Drive',
  'widget.previousSlide': 'Diapositive précédente',
  'widget.nextSlide': 'Diapositive suivante',
  'widget.slidePosition': 'Diapositive {slide} sur {total}',
};

export default fr;
