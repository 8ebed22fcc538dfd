import { Slider } from '../../ui/Slider';
import { Spinner } from '../../ui/Spinner';
import { useT } from '../model';

export interface SliderFieldProps {
  /** Visible label of the row. */
  label: string;
  sliderLabel: string;
  spinnerLabel: string;
  value: number;
  max: number;
  onChange: (value: number) => void;
}

/** A slider with a spinner beside it for the same number of pixels. */
export function SliderField({ label, sliderLabel, spinnerLabel, value, max, onChange }: SliderFieldProps) {
  const t = useT();
  return (
    <div className="dfw-field dfw-field--slider">
      <span className="dfw-field__label" aria-hidden="true">
        {label}
      </span>
      <Slider label={sliderLabel} value={value} max={max} valueText={`${value} px`} onChange={onChange} />
      <Spinner
        label={spinnerLabel}
        value={value}
        max={max}
        unit="px"
        incrementLabel={t('spinner.increase')}
        decrementLabel={t('spinner.decrease')}
        onChange={onChange}
      />
    </div>
  );
}
