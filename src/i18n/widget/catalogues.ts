/** The widget's catalogues: English in the page, each other language its own chunk; plain texts only. */
import { createCatalogueSet, type CatalogueLoaders } from '../catalogueSet';
import { createTextTranslator } from '../textTranslator';
import { en, type WidgetSource } from './en';

export const widgetLoaders: CatalogueLoaders<WidgetSource> = {
  de: () => import(/* webpackChunkName: "widget-de" */ './de'),
  es: () => import(/* webpackChunkName: "widget-es" */ './es'),
  fr: () => import(/* webpackChunkName: "widget-fr" */ './fr'),
  it: () => import(/* webpackChunkName: "widget-it" */ './it'),
  po: () => import(/* webpackChunkName: "widget-po" */ './po'),
  pt: () => import(/* webpackChunkName: "widget-pt" */ './pt'),
  ru: () => import(/* webpackChunkName: "widget-ru" */ './ru'),
  ja: () => import(/* webpackChunkName: "widget-ja" */ './ja'),
  ko: () => import(/* webpackChunkName: "widget-ko" */ './ko'),
  tr: () => import(/* webpackChunkName: "widget-tr" */ './tr'),
};

export const widgetCatalogues = createCatalogueSet(en, widgetLoaders, createTextTranslator<WidgetSource>);
