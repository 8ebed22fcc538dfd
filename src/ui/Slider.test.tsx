import { useState } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import '../../test/helpers/pointerEvent';
import { Slider, type SliderProps } from './Slider';

function Harness({ initial = 50, onChange = () => {}, ...props }: Partial<SliderProps> & { initial?: number }) {
  const [value, setValue] = useState(initial);
  return (
    <Slider
      label="Radius"
      {...props}
      value={value}
      onChange={(next) => {
        onChange(next);
        setValue(next);
      }}
    />
  );
}

function setup(props: Partial<SliderProps> & { initial?: number } = {}) {
  const onChange = jest.fn();
  render(<Harness {...props} onChange={onChange} />);
  const slider = screen.getByRole('slider', { name: 'Radius' });
  // jsdom lays nothing out: the rail is 200 px wide, starting at x = 100.
  slider.getBoundingClientRect = () => ({ left: 100, width: 200, top: 0, height: 24, right: 300, bottom: 24, x: 100, y: 0, toJSON: () => ({}) });
  return { slider, onChange, user: userEvent.setup() };
}

describe('Slider', () => {
  it('clamps to min 0 and max 100 by default', async () => {
    const { slider, user, onChange } = setup({ initial: 150 });
    expect(slider).toHaveAttribute('aria-valuemin', '0');
    expect(slider).toHaveAttribute('aria-valuemax', '100');
    expect(slider).toHaveAttribute('aria-valuenow', '100');
    slider.focus();
    await user.keyboard('{ArrowRight}');
    expect(onChange).not.toHaveBeenCalled();
    await user.keyboard('{Home}{ArrowLeft}');
    expect(slider).toHaveAttribute('aria-valuenow', '0');
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('is operated with arrows, PageUp/PageDown and Home/End', async () => {
    const { slider, user } = setup({ initial: 50 });
    await user.tab();
    expect(slider).toHaveFocus();
    await user.keyboard('{ArrowRight}{ArrowUp}');
    expect(slider).toHaveAttribute('aria-valuenow', '52');
    await user.keyboard('{ArrowLeft}');
    expect(slider).toHaveAttribute('aria-valuenow', '51');
    await user.keyboard('{ArrowDown}');
    expect(slider).toHaveAttribute('aria-valuenow', '50');
    await user.keyboard('{PageUp}');
    expect(slider).toHaveAttribute('aria-valuenow', '60');
    await user.keyboard('{PageDown}{PageDown}');
    expect(slider).toHaveAttribute('aria-valuenow', '40');
    await user.keyboard('{End}');
    expect(slider).toHaveAttribute('aria-valuenow', '100');
    await user.keyboard('{Home}');
    expect(slider).toHaveAttribute('aria-valuenow', '0');
  });

  it('takes other bounds and a step', async () => {
    const { slider, user } = setup({ initial: 8, min: 4, max: 20, step: 4 });
    slider.focus();
    await user.keyboard('{ArrowRight}');
    expect(slider).toHaveAttribute('aria-valuenow', '12');
    await user.keyboard('{End}');
    expect(slider).toHaveAttribute('aria-valuenow', '20');
  });

  it('follows a drag continuously and clamps beyond the rail', () => {
    const { slider, onChange } = setup({ initial: 0 });
    fireEvent.pointerDown(slider, { clientX: 150, buttons: 1 });
    expect(slider).toHaveAttribute('aria-valuenow', '25');
    fireEvent.pointerMove(slider, { clientX: 200, buttons: 1 });
    expect(slider).toHaveAttribute('aria-valuenow', '50');
    fireEvent.pointerMove(slider, { clientX: 900, buttons: 1 });
    expect(slider).toHaveAttribute('aria-valuenow', '100');
    fireEvent.pointerMove(slider, { clientX: -50, buttons: 1 });
    expect(slider).toHaveAttribute('aria-valuenow', '0');
    expect(onChange.mock.calls.map(([v]) => v)).toEqual([25, 50, 100, 0]);
    fireEvent.pointerUp(slider);
    fireEvent.pointerMove(slider, { clientX: 200, buttons: 0 });
    expect(slider).toHaveAttribute('aria-valuenow', '0');
  });

  it('does nothing while disabled', async () => {
    const { slider, user, onChange } = setup({ disabled: true });
    slider.focus();
    await user.keyboard('{End}');
    fireEvent.pointerDown(slider, { clientX: 150 });
    expect(onChange).not.toHaveBeenCalled();
  });
});
