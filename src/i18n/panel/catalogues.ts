/** The panel's catalogues: English in the page, each other language its own chunk. */
import { createCatalogueSet, type CatalogueLoaders } from '../catalogueSet';
import { createTranslator } from '../translator';
import { en, type PanelSource } from './en';

export const panelLoaders: CatalogueLoaders<PanelSource> = {
  de: () => import(/* webpackChunkName: "panel-de" */ './de'),
  es: () => import(/* webpackChunkName: "panel-es" */ './es'),
  fr: () => import(/* webpackChunkName: "panel-fr" */ './fr'),
  it: () => import(/* webpackChunkName: "panel-it" */ './it'),
  po: () => import(/* webpackChunkName: "panel-po" */ './po'),
  pt: () => import(/* webpackChunkName: "panel-pt" */ './pt'),
  ru: () => import(/* webpackChunkName: "panel-ru" */ './ru'),
  ja: () => import(/* webpackChunkName: "panel-ja" */ './ja'),
  ko: () => import(/* webpackChunkName: "panel-ko" */ './ko'),
  tr: () => import(/* webpackChunkName: "panel-tr" */ './tr'),
};

export const panelCatalogues = createCatalogueSet(en, panelLoaders, createTranslator<PanelSource>);
