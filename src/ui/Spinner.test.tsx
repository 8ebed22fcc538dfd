import { useState } from 'react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Spinner, type SpinnerProps } from './Spinner';

function Harness({ initial = 5, onChange = () => {}, ...props }: Partial<SpinnerProps> & { initial?: number }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <Spinner
        label="Size"
        incrementLabel="Increase"
        decrementLabel="Decrease"
        {...props}
        value={value}
        onChange={(next) => {
          onChange(next);
          setValue(next);
        }}
      />
      <button type="button">Elsewhere</button>
    </>
  );
}

function setup(props: Partial<SpinnerProps> & { initial?: number } = {}) {
  const onChange = jest.fn();
  render(<Harness {...props} onChange={onChange} />);
  return { onChange, input: screen.getByRole('spinbutton', { name: 'Size' }) as HTMLInputElement };
}

describe('Spinner', () => {
  it('defaults to min 0, max 1000, step 1, precision 0', async () => {
    const user = userEvent.setup();
    const { input } = setup({ initial: 0 });
    expect(input).toHaveAttribute('aria-valuemin', '0');
    expect(input).toHaveAttribute('aria-valuemax', '1000');
    await user.click(input);
    await user.keyboard('{ArrowDown}');
    expect(input).toHaveValue('0');
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(input).toHaveValue('2');
    expect(input).toHaveAttribute('aria-valuenow', '2');
  });

  it('accepts only digits and editing keys while typing', () => {
    const { input } = setup();
    const accepted = (key: string, init: object = {}) => fireEvent.keyDown(input, { key, ...init });
    for (const key of ['0', '7', 'Backspace', 'Tab', 'Delete', 'ArrowLeft', 'ArrowRight', 'Home', 'End']) {
      expect(accepted(key)).toBe(true);
    }
    for (const key of ['a', 'e', '-', '+', '.', ' ', ',']) expect(accepted(key)).toBe(false);
    expect(accepted('v', { ctrlKey: true })).toBe(true);
    expect(accepted('a', { metaKey: true })).toBe(true);
  });

  it('cleans a pasted value to digits', async () => {
    const user = userEvent.setup();
    const { input, onChange } = setup();
    await user.tripleClick(input);
    await user.paste('1a2-b');
    expect(input).toHaveValue('12');
    expect(onChange).toHaveBeenLastCalledWith(12);
  });

  it('replaces a typed value above the maximum with the maximum', async () => {
    const user = userEvent.setup();
    const { input, onChange } = setup({ max: 80 });
    await user.tripleClick(input);
    await user.keyboard('95');
    expect(input).toHaveValue('80');
    expect(onChange).toHaveBeenLastCalledWith(80);
  });

  it('keeps a typed 0 as 0', async () => {
    const user = userEvent.setup();
    const { input, onChange } = setup({ initial: 12 });
    await user.tripleClick(input);
    await user.keyboard('0');
    await user.tab();
    expect(input).toHaveValue('0');
    expect(onChange).toHaveBeenLastCalledWith(0);
  });

  it('turns an empty field into 0 on blur', async () => {
    const user = userEvent.setup();
    const { input, onChange } = setup({ initial: 12 });
    await user.tripleClick(input);
    await user.keyboard('{Backspace}');
    expect(input).toHaveValue('');
    expect(onChange).not.toHaveBeenCalled();
    await user.tab();
    expect(input).toHaveValue('0');
    expect(onChange).toHaveBeenLastCalledWith(0);
  });

  it('steps by its step within min and max, PageUp/PageDown by ten steps', async () => {
    const user = userEvent.setup();
    const { input } = setup({ initial: 10, min: 10, max: 30, step: 4 });
    await user.click(input);
    await user.keyboard('{ArrowDown}');
    expect(input).toHaveValue('10');
    await user.keyboard('{ArrowUp}');
    expect(input).toHaveValue('14');
    await user.keyboard('{PageUp}');
    expect(input).toHaveValue('30');
    await user.keyboard('{ArrowDown}');
    expect(input).toHaveValue('26');
    await user.keyboard('{PageDown}');
    expect(input).toHaveValue('10');
  });

  it('rounds to its precision', async () => {
    const user = userEvent.setup();
    const { input } = setup({ initial: 1, step: 0.25, precision: 1 });
    await user.click(input);
    await user.keyboard('{ArrowUp}');
    expect(input).toHaveValue('1.3');
  });

  describe('holding a step button', () => {
    beforeEach(() => jest.useFakeTimers());
    afterEach(() => jest.useRealTimers());

    it('steps once, repeats after 500 ms, then every 100 ms, and stops on release', () => {
      const { input } = setup({ initial: 0 });
      const up = screen.getByRole('button', { name: 'Increase Size' });
      fireEvent.pointerDown(up, { button: 0 });
      expect(input).toHaveValue('1');
      act(() => jest.advanceTimersByTime(499));
      expect(input).toHaveValue('1');
      act(() => jest.advanceTimersByTime(1));
      expect(input).toHaveValue('2');
      act(() => jest.advanceTimersByTime(99));
      expect(input).toHaveValue('2');
      act(() => jest.advanceTimersByTime(1));
      expect(input).toHaveValue('3');
      act(() => jest.advanceTimersByTime(300));
      expect(input).toHaveValue('6');
      fireEvent.pointerUp(up);
      act(() => jest.advanceTimersByTime(1000));
      expect(input).toHaveValue('6');
    });

    it('stops when the pointer leaves the button', () => {
      const { input } = setup({ initial: 10 });
      const up = screen.getByRole('button', { name: 'Increase Size' });
      fireEvent.pointerDown(up, { button: 0 });
      act(() => jest.advanceTimersByTime(600));
      expect(input).toHaveValue('13');
      fireEvent.pointerOut(up); // React's pointer-leave comes from pointerout
      act(() => jest.advanceTimersByTime(1000));
      expect(input).toHaveValue('13');
    });

    it('never steps below the minimum while held', () => {
      const { input, onChange } = setup({ initial: 3 });
      const down = screen.getByRole('button', { name: 'Decrease Size' });
      fireEvent.pointerDown(down, { button: 0 });
      act(() => jest.advanceTimersByTime(2000));
      fireEvent.pointerUp(down);
      expect(input).toHaveValue('0');
      expect(onChange.mock.calls.map(([value]) => value)).toEqual([2, 1, 0]);
    });
  });
});
