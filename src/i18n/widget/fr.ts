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
  'widget.morePages': 'Les pages {from} à {to} sont dans Drive',
  'widget.morePage': 'La page {from} est dans Drive',
  'widget.moreSlides': 'Les diapositives {from} à {to} sont dans Drive',
  'widget.moreSlide': 'La diapositive {from} est dans Drive',
  'widget.moreRows': 'La feuille entière, avec les lignes {from} à {to}, est dans Drive',
  'widget.moreRow': 'La feuille entière, avec la ligne {from}, est dans Drive',
  'widget.moreColumns': 'La feuille entière, avec d’autres colonnes, est dans Drive',
};

export default fr;
