import { useState } from 'react';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Dropdown, type DropdownOption } from './Dropdown';
import { mockReducedMotion } from '../../test/helpers/reducedMotion';

const LANGUAGES: DropdownOption[] = [
  { value: 'en', label: 'English', lang: 'en' },
  { value: 'de', label: 'Deutsch', lang: 'de' },
  { value: 'es', label: 'Español', lang: 'es' },
  { value: 'fr', label: 'Français', lang: 'fr' },
];

function Harness({ onChange = () => {}, options = LANGUAGES }: { onChange?: (v: string) => void; options?: DropdownOption[] }) {
  const [value, setValue] = useState('de');
  return (
    <>
      <Dropdown
        label="Language"
        value={value}
        options={options}
        onChange={(next) => {
          onChange(next);
          setValue(next);
        }}
      />
      <button type="button">Elsewhere</button>
    </>
  );
}

function setup(props: Parameters<typeof Harness>[0] = {}, user = userEvent.setup()) {
  const onChange = jest.fn();
  render(<Harness onChange={onChange} {...props} />);
  return { user, onChange, combobox: screen.getByRole('combobox', { name: 'Language' }) };
}

const activeOption = (combobox: HTMLElement) => document.getElementById(combobox.getAttribute('aria-activedescendant') ?? '');

describe('Dropdown', () => {
  it('shows the selected option and opens a listbox on click; a click on an option selects it', async () => {
    const { user, combobox, onChange } = setup();
    expect(combobox).toHaveTextContent('Deutsch');
    expect(combobox).toHaveAttribute('aria-expanded', 'false');
    await user.click(combobox);
    expect(combobox).toHaveAttribute('aria-expanded', 'true');
    const listbox = screen.getByRole('listbox', { name: 'Language' });
    expect(combobox).toHaveAttribute('aria-controls', listbox.id);
    expect(screen.getByRole('option', { name: 'Deutsch' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('option', { name: 'Español' })).toHaveAttribute('lang', 'es');
    await user.click(screen.getByRole('option', { name: 'Français' }));
    expect(onChange).toHaveBeenCalledWith('fr');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(combobox).toHaveTextContent('Français');
  });

  it('is driven by the keyboard with focus on the combobox', async () => {
    const { user, combobox, onChange } = setup();
    await user.tab();
    expect(combobox).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(activeOption(combobox)).toHaveTextContent('Deutsch');
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    expect(activeOption(combobox)).toHaveTextContent('Français');
    await user.keyboard('{Home}');
    expect(activeOption(combobox)).toHaveTextContent('English');
    await user.keyboard('{End}{ArrowUp}');
    expect(activeOption(combobox)).toHaveTextContent('Español');
    await user.keyboard('{Enter}');
    expect(onChange).toHaveBeenLastCalledWith('es');
    expect(combobox).toHaveFocus();
    await user.keyboard(' ');
    expect(screen.getByRole('listbox')).toBeInTheDocument();
    await user.keyboard('f');
    expect(activeOption(combobox)).toHaveTextContent('Français');
    await user.keyboard(' ');
    expect(onChange).toHaveBeenLastCalledWith('fr');
  });

  it('Escape, Tab and a press outside close without choosing', async () => {
    const { user, combobox, onChange } = setup();
    await user.click(combobox);
    await user.keyboard('{ArrowDown}{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(combobox).toHaveFocus();
    await user.keyboard('{Enter}{ArrowDown}{Tab}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    await user.click(combobox);
    await user.click(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('lists grouped options under their headings', async () => {
    const { user, combobox } = setup({
      options: [
        { value: 'a', label: 'Avenir', group: 'Site fonts' },
        { value: 'b', label: 'Arial', group: 'Other fonts' },
      ],
    });
    await user.click(combobox);
    expect(screen.getByRole('group', { name: 'Site fonts' })).toContainElement(screen.getByRole('option', { name: 'Avenir' }));
    expect(screen.getByRole('group', { name: 'Other fonts' })).toContainElement(screen.getByRole('option', { name: 'Arial' }));
  });

  it('slides in for 150 ms, and not at all under reduced motion', async () => {
    const { user, combobox } = setup();
    await user.click(combobox);
    expect(screen.getByRole('listbox')).toHaveStyle({ animationName: 'ui-dropdown-slide', animationDuration: '150ms' });
    await user.keyboard('{Escape}');
    const restore = mockReducedMotion(true);
    try {
      await user.click(combobox);
      expect(screen.getByRole('listbox')).toHaveStyle({ animationDuration: '0ms' });
    } finally {
      restore();
    }
  });

  describe('auto-close', () => {
    beforeEach(() => jest.useFakeTimers());
    afterEach(() => jest.useRealTimers());

    it('closes by itself 50,000 ms after the last use', async () => {
      const { user, combobox } = setup({}, userEvent.setup({ advanceTimers: jest.advanceTimersByTime }));
      await user.click(combobox);
      act(() => jest.advanceTimersByTime(30_000));
      await user.keyboard('{ArrowDown}');
      act(() => jest.advanceTimersByTime(49_999));
      expect(screen.getByRole('listbox')).toBeInTheDocument();
      act(() => jest.advanceTimersByTime(1));
      expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
      expect(combobox).toHaveAttribute('aria-expanded', 'false');
    });
  });
});
