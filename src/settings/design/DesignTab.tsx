/** The Design tab: corner radii (with the lock), border, colours and the title bar, all shown live by the widget. */
import { MAX_BORDER_WIDTH } from '../../api/schemas';
import { useAppDispatch, useAppSelector, useT } from '../hooks';
import { selectPalette } from '../siteStyle/siteStyleSlice';
import { CORNERS, selectUser, userActions } from '../user/userSlice';
import { ColorField } from './ColorField';
import { SliderField } from './SliderField';

/** Radii beyond this look the same in a widget of ordinary size. */
export const MAX_RADIUS = 100;

export function DesignTab() {
  const dispatch = useAppDispatch();
  const t = useT();
  const model = useAppSelector(selectUser);
  const palette = useAppSelector(selectPalette);

  return (
    <div className="dfw-tab">
      <section className="dfw-card" aria-labelledby="dfw-corners-heading">
        <h2 id="dfw-corners-heading" className="dfw-section-title">
          {t('design.corners')}
        </h2>
        <label className="dfw-check dfw-field-gap">
          <input type="checkbox" checked={model.lockCornersTogether} onChange={(event) => dispatch(userActions.cornersLockChanged(event.target.checked))} />
          {t('design.lockCorners')}
        </label>
        {CORNERS.map((corner) => {
          const name = t(`design.corner.${corner}`);
          return (
            <SliderField
              key={corner}
              label={name}
              sliderLabel={t('design.radiusSlider', { corner: name })}
              spinnerLabel={t('design.radiusValue', { corner: name })}
              value={model[`cornerRadius${corner}`]}
              max={MAX_RADIUS}
              onChange={(value) => dispatch(userActions.cornerRadiusChanged({ corner, value }))}
            />
          );
        })}
      </section>
      <section className="dfw-card" aria-labelledby="dfw-border-heading">
        <h2 id="dfw-border-heading" className="dfw-section-title">
          {t('design.border')}
        </h2>
        <SliderField
          label={t('design.borderWidth')}
          sliderLabel={t('design.borderWidth')}
          spinnerLabel={t('design.borderWidthValue')}
          value={model.borderWidth}
          max={MAX_BORDER_WIDTH}
          onChange={(value) => dispatch(userActions.borderWidthChanged(value))}
        />
        <ColorField
          label={t('design.borderColor')}
          value={model.borderColor}
          palette={palette}
          onChange={(value) => dispatch(userActions.colorChanged({ target: 'borderColor', value }))}
        />
      </section>
      <section className="dfw-card" aria-labelledby="dfw-colors-heading">
        <h2 id="dfw-colors-heading" className="dfw-section-title">
          {t('design.colors')}
        </h2>
        <ColorField
          label={t('design.backgroundColor')}
          value={model.backgroundColor}
          palette={palette}
          onChange={(value) => dispatch(userActions.colorChanged({ target: 'backgroundColor', value }))}
        />
        <ColorField
          label={t('design.textColor')}
          value={model.textColor}
          palette={palette}
          onChange={(value) => dispatch(userActions.colorChanged({ target: 'textColor', value }))}
        />
      </section>
      <section className="dfw-card" aria-labelledby="dfw-titlebar-heading">
        <h2 id="dfw-titlebar-heading" className="dfw-section-title">
          {t('design.titleBar')}
        </h2>
        <label className="dfw-check">
          <input
            type="checkbox"
            checked={model.titleBar}
            aria-describedby="dfw-titlebar-hint"
            onChange={(event) => dispatch(userActions.titleBarToggled(event.target.checked))}
          />
          {t('design.showTitleBar')}
        </label>
        <p id="dfw-titlebar-hint" className="dfw-hint">
          {t('design.titleBarHint')}
        </p>
      </section>
    </div>
  );
}
