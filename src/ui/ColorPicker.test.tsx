import { useState } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ColorPicker } from './ColorPicker';

const PALETTE = [
  { name: 'color_11', value: '#FFFFFF' },
  { name: 'color_12', value: '#000000' },
  { name: 'color_13', value: '#C7C7C7' },
  { name: 'color_14', value: '#605E5E' },
  { name: 'color_15', value: '#2F2E2E' },
  { name: 'color_16', value: '#BAE9FF' },
  { name: 'color_17', value: '#7FCCF7' },
];

function Harness({ initial, onChange }: { initial: string; onChange: (v: string) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <button type="button">Before</button>
      <ColorPicker
        label="Border colour"
        value={value}
        palette={PALETTE}
        onChange={(next) => {
          onChange(next);
          setValue(next);
        }}
      />
    </>
  );
}

function setup(initial = 'color_13') {
  const onChange = jest.fn();
  render(<Harness initial={initial} onChange={onChange} />);
  return { onChange, user: userEvent.setup() };
}

const swatch = (n: number, hex: string) => screen.getByRole('radio', { name: `Site colour ${n}, ${hex}` });

describe('ColorPicker', () => {
  it('shows the palette as named swatches with the chosen one checked', () => {
    setup();
    expect(screen.getByRole('group', { name: 'Border colour' })).toBeInTheDocument();
    expect(screen.getByRole('radiogroup', { name: 'Site colours' })).toBeInTheDocument();
    expect(screen.getAllByRole('radio')).toHaveLength(7);
    expect(swatch(13, '#C7C7C7')).toBeChecked();
    expect(swatch(11, '#FFFFFF')).not.toBeChecked();
  });

  it('a click on a swatch stores its palette reference', async () => {
    const { user, onChange } = setup();
    await user.click(swatch(15, '#2F2E2E'));
    expect(onChange).toHaveBeenLastCalledWith('color_15');
    expect(swatch(15, '#2F2E2E')).toBeChecked();
  });

  it('is one tab stop; arrows move through the grid and choose', async () => {
    const { user, onChange } = setup();
    await user.tab();
    await user.tab();
    expect(swatch(13, '#C7C7C7')).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(swatch(14, '#605E5E')).toHaveFocus();
    expect(onChange).toHaveBeenLastCalledWith('color_14');
    await user.keyboard('{ArrowDown}');
    expect(onChange).toHaveBeenLastCalledWith('color_12'); // wraps: 3 + 5 = 8 → index 1 of 7
    await user.keyboard('{ArrowUp}{ArrowLeft}');
    expect(document.activeElement).toBe(swatch(13, '#C7C7C7'));
    await user.keyboard('{End}');
    expect(onChange).toHaveBeenLastCalledWith('color_17');
    await user.keyboard('{Home}');
    expect(swatch(11, '#FFFFFF')).toHaveFocus();
    await user.tab();
    expect(screen.getByLabelText('Custom colour')).toHaveFocus();
  });

  it('a custom colour keeps the opacity, and the opacity keeps the colour', async () => {
    const { user, onChange } = setup('#11223380');
    expect(screen.queryByRole('radio', { checked: true })).not.toBeInTheDocument();
    const opacity = screen.getByRole('slider', { name: 'Opacity' });
    expect(opacity).toHaveAttribute('aria-valuenow', '50');
    expect(opacity).toHaveAttribute('aria-valuetext', '50%');
    fireEvent.change(screen.getByLabelText('Custom colour'), { target: { value: '#ff0000' } });
    expect(onChange).toHaveBeenLastCalledWith('#ff000080');
    opacity.focus();
    await user.keyboard('{End}');
    expect(onChange).toHaveBeenLastCalledWith('#ff0000ff');
  });

  it('starts a custom colour from the chosen swatch’s colour', async () => {
    const { user, onChange } = setup('color_16');
    expect(screen.getByLabelText('Custom colour')).toHaveValue('#bae9ff');
    screen.getByRole('slider', { name: 'Opacity' }).focus();
    await user.keyboard('{PageDown}');
    expect(onChange).toHaveBeenLastCalledWith('#bae9ffe6');
  });
});

describe('ColorPicker hex code', () => {
  it('applies a typed hex code once it is valid, keeping the opacity; says when it is not', async () => {
    const { user, onChange } = setup('#11223380');
    const hex = screen.getByRole('textbox', { name: 'Hex code' });
    expect(hex).toHaveValue('#112233');
    await user.clear(hex);
    await user.type(hex, 'AB');
    expect(onChange).not.toHaveBeenCalled();
    await user.type(hex, 'C');
    expect(onChange).toHaveBeenLastCalledWith('#aabbcc80');
    await user.clear(hex);
    await user.type(hex, 'zz');
    await user.tab();
    expect(hex).toHaveAttribute('aria-invalid', 'true');
    expect(hex).toHaveAccessibleDescription('Enter a colour such as #1a2b3c.');
    expect(onChange).toHaveBeenLastCalledWith('#aabbcc80');
  });
});
