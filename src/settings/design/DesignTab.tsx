/** The Design tab: corner radii (with the lock), border, colours and the title bar, all shown live by the widget. */
import { MAX_BORDER_WIDTH, MAX_CORNER_RADIUS } from '../../contract/userModelFields';
import { Accordion } from '../../ui/Accordion';
import {
  CORNERS,
  type ColorTarget,
  editorColorPickRequested,
  selectEditorColorPicker,
  selectPalette,
  selectUnreadableColor,
  useAppDispatch,
  useAppSelector,
  userActions,
  useT,
  useUserModelFields,
} from '../model';
import { ColorField } from './ColorField';
import { DisplaySection } from './DisplaySection';
import { SliderField } from './SliderField';

function CornersSection() {
  const dispatch = useAppDispatch();
  const t = useT();
  const model = useUserModelFields('lockCornersTogether', 'cornerRadiusTopLeft', 'cornerRadiusTopRight', 'cornerRadiusBottomLeft', 'cornerRadiusBottomRight');
  return (
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
            max={MAX_CORNER_RADIUS}
            onChange={(value) => dispatch(userActions.cornerRadiusChanged({ corner, value }))}
          />
        );
      })}
    </section>
  );
}

function BorderAndColorsSections() {
  const dispatch = useAppDispatch();
  const t = useT();
  const model = useUserModelFields('borderWidth', 'borderColor', 'backgroundColor', 'textColor');
  const palette = useAppSelector(selectPalette);
  const editorPicks = useAppSelector(selectEditorColorPicker);
  const color = (target: ColorTarget) => (value: string) => dispatch(userActions.colorChanged({ target, value }));
  const editorPick = (target: ColorTarget) => (editorPicks ? () => dispatch(editorColorPickRequested({ target, value: model[target] })) : undefined);
  const unreadable = useAppSelector(selectUnreadableColor);
  const unreadableAnswer = (target: ColorTarget) => (unreadable?.target === target ? unreadable.answer : null);
  return (
    <>
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
          onChange={color('borderColor')}
          onEditorPick={editorPick('borderColor')}
          unreadableAnswer={unreadableAnswer('borderColor')}
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
          onChange={color('backgroundColor')}
          onEditorPick={editorPick('backgroundColor')}
          unreadableAnswer={unreadableAnswer('backgroundColor')}
        />
        <ColorField
          label={t('design.textColor')}
          value={model.textColor}
          palette={palette}
          onChange={color('textColor')}
          onEditorPick={editorPick('textColor')}
          unreadableAnswer={unreadableAnswer('textColor')}
        />
      </section>
    </>
  );
}

function TitleBarSection() {
  const dispatch = useAppDispatch();
  const t = useT();
  const { titleBar } = useUserModelFields('titleBar');
  return (
    <div className="dfw-card">
      <Accordion title={t('design.titleBar')} defaultOpen>
        <label className="dfw-check">
          <input
            type="checkbox"
            checked={titleBar}
            aria-describedby="dfw-titlebar-hint"
            onChange={(event) => dispatch(userActions.titleBarToggled(event.target.checked))}
          />
          {t('design.showTitleBar')}
        </label>
        <p id="dfw-titlebar-hint" className="dfw-hint">
          {t('design.titleBarHint')}
        </p>
      </Accordion>
    </div>
  );
}

export function DesignTab() {
  return (
    <div className="dfw-tab">
      <DisplaySection />
      <CornersSection />
      <BorderAndColorsSections />
      <TitleBarSection />
    </div>
  );
}
