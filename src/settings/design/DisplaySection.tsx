/**
 * How the file shows (issue 20): as part of the page (the default, where the file's kind allows
 * it) or in the drive's viewer; the document's own look or the widget's Text settings; and the
 * viewer's height, automatic by the file's kind or a fixed number of pixels; a presentation's
 * slides all at once or one at a time (shown whatever the active file: the choice is kept when the
 * owner picks another file, and its legend names presentations). Each choice is an
 * event of the user slice, checked by the contract's field rules.
 */
import { MAX_VIEWER_HEIGHT, MIN_VIEWER_HEIGHT } from '../../contract/userModelFields';
import { Spinner } from '../../ui/Spinner';
import { useAppDispatch, userActions, useT, useUserModelFields } from '../model';

/** The fixed height offered when the owner leaves the automatic one. */
const FIRST_FIXED_HEIGHT = 600;

export function DisplaySection() {
  const dispatch = useAppDispatch();
  const t = useT();
  const { display, viewerHeight, keepDocumentLook, slideView } = useUserModelFields('display', 'viewerHeight', 'keepDocumentLook', 'slideView');
  return (
    <section className="dfw-card" aria-labelledby="dfw-display-heading">
      <h2 id="dfw-display-heading" className="dfw-section-title">
        {t('design.display')}
      </h2>
      <fieldset className="dfw-fieldset" aria-labelledby="dfw-display-heading" aria-describedby="dfw-display-hint">
        {(['page', 'viewer'] as const).map((mode) => (
          <label key={mode} className="dfw-check">
            <input type="radio" name="dfw-display" value={mode} checked={display === mode} onChange={() => dispatch(userActions.displayChosen(mode))} />
            {t(mode === 'page' ? 'design.displayPage' : 'design.displayViewer')}
          </label>
        ))}
      </fieldset>
      <p id="dfw-display-hint" className="dfw-hint">
        {t('design.displayHint')}
      </p>
      <label className="dfw-check dfw-field-gap">
        <input type="checkbox" checked={keepDocumentLook} onChange={(event) => dispatch(userActions.documentLookToggled(event.target.checked))} />
        {t('design.keepDocumentLook')}
      </label>
      <fieldset className="dfw-fieldset">
        <legend className="dfw-section-title">{t('design.slideView')}</legend>
        {(['all', 'one'] as const).map((view) => (
          <label key={view} className="dfw-check">
            <input type="radio" name="dfw-slide-view" value={view} checked={slideView === view} onChange={() => dispatch(userActions.slideViewChosen(view))} />
            {t(view === 'all' ? 'design.slideViewAll' : 'design.slideViewOne')}
          </label>
        ))}
      </fieldset>
      <fieldset className="dfw-fieldset">
        <legend className="dfw-section-title">{t('design.viewerHeight')}</legend>
        <label className="dfw-check">
          <input type="radio" name="dfw-viewer-height" checked={viewerHeight === null} onChange={() => dispatch(userActions.viewerHeightChanged(null))} />
          {t('design.viewerHeightAuto')}
        </label>
        <label className="dfw-check">
          <input
            type="radio"
            name="dfw-viewer-height"
            checked={viewerHeight !== null}
            onChange={() => dispatch(userActions.viewerHeightChanged(FIRST_FIXED_HEIGHT))}
          />
          {t('design.viewerHeightFixed')}
        </label>
        {viewerHeight !== null ? (
          <Spinner
            label={t('design.viewerHeightValue')}
            value={viewerHeight}
            min={MIN_VIEWER_HEIGHT}
            max={MAX_VIEWER_HEIGHT}
            unit="px"
            incrementLabel={t('spinner.increase')}
            decrementLabel={t('spinner.decrease')}
            onChange={(value) => dispatch(userActions.viewerHeightChanged(value))}
          />
        ) : null}
      </fieldset>
    </section>
  );
}
