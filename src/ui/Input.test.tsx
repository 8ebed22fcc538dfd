import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Input, roundNumericText, type InputProps } from './Input';

function Harness({ initial = '', ...props }: Partial<InputProps> & { initial?: string }) {
  const [value, setValue] = useState(initial);
  return <Input label="Title" {...props} value={value} onChange={setValue} />;
}

function setup(props: Partial<InputProps> & { initial?: string } = {}) {
  render(
    <>
      <Harness {...props} />
      <button type="button">Next</button>
    </>,
  );
  return { user: userEvent.setup(), field: screen.getByRole('textbox', { name: 'Title' }) };
}

describe('Input', () => {
  it('is neither valid nor invalid before the owner leaves it', () => {
    const { field } = setup({ required: true });
    expect(field).toHaveAttribute('aria-invalid', 'false');
    expect(field.closest('.ui-input')).not.toHaveClass('ui-input--invalid');
    expect(field.closest('.ui-input')).not.toHaveClass('ui-input--valid');
  });

  it('when required, an empty value is invalid and says so to screen readers', async () => {
    const { field, user } = setup({ required: true, requiredMessage: 'Give it a title.' });
    await user.click(field);
    await user.tab();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription('Give it a title.');
    expect(screen.getByText('Give it a title.')).toHaveAttribute('aria-live', 'polite');
    expect(field.closest('.ui-input')).toHaveClass('ui-input--invalid');
    await user.type(field, 'Report');
    expect(field).toHaveAttribute('aria-invalid', 'false');
    expect(field).toHaveAccessibleDescription('');
    expect(field.closest('.ui-input')).toHaveClass('ui-input--valid');
  });

  it('without required, empty is valid', async () => {
    const { field, user } = setup();
    await user.click(field);
    await user.tab();
    expect(field).toHaveAttribute('aria-invalid', 'false');
    expect(field.closest('.ui-input')).toHaveClass('ui-input--valid');
  });

  it('applies a custom rule', async () => {
    const { field, user } = setup({ validate: (v) => (v.includes('/') ? 'No slashes, please.' : null) });
    await user.type(field, 'a/b');
    await user.tab();
    expect(field).toBeInvalid();
    expect(field).toHaveAccessibleDescription('No slashes, please.');
  });

  it('rounds numeric text when left', async () => {
    const { field, user } = setup({ numeric: true });
    await user.type(field, '12.6');
    await user.tab();
    expect(field).toHaveValue('13');
    await user.clear(field);
    await user.type(field, 'abc');
    await user.tab();
    expect(field).toHaveValue('abc');
  });

  it('leaves numeric text alone unless asked to round', async () => {
    const { field, user } = setup();
    await user.type(field, '12.6');
    await user.tab();
    expect(field).toHaveValue('12.6');
  });
});

describe('roundNumericText', () => {
  it('rounds numbers and keeps other text', () => {
    expect(roundNumericText('2.5')).toBe('3');
    expect(roundNumericText(' -1.6 ')).toBe('-2');
    expect(roundNumericText('.4')).toBe('0');
    expect(roundNumericText('12px')).toBe('12px');
    expect(roundNumericText('')).toBe('');
  });
});
