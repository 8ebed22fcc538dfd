import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Tabs } from './Tabs';

const TABS = [
  { id: 'main', label: 'Main', panel: <p>Account and files</p> },
  { id: 'design', label: 'Design', panel: <p>Corners and colours</p> },
  { id: 'text', label: 'Text', panel: <p>Font and language</p> },
];

function Harness() {
  const [selected, setSelected] = useState('main');
  return (
    <>
      <button type="button">Before</button>
      <Tabs label="Settings" tabs={TABS} selected={selected} onSelect={setSelected} />
    </>
  );
}

const tab = (name: string) => screen.getByRole('tab', { name });

describe('Tabs', () => {
  it('shows the selected tab’s panel, labelled by its tab', () => {
    render(<Harness />);
    expect(screen.getByRole('tablist', { name: 'Settings' })).toBeInTheDocument();
    expect(tab('Main')).toHaveAttribute('aria-selected', 'true');
    expect(tab('Design')).toHaveAttribute('aria-selected', 'false');
    const panel = screen.getByRole('tabpanel', { name: 'Main' });
    expect(panel).toHaveTextContent('Account and files');
    expect(tab('Main')).toHaveAttribute('aria-controls', panel.id);
  });

  it('selecting a tab shows its pane', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(tab('Design'));
    expect(screen.getByRole('tabpanel', { name: 'Design' })).toHaveTextContent('Corners and colours');
    expect(screen.queryByText('Account and files')).not.toBeInTheDocument();
  });

  it('is one tab stop; arrows move and select, wrapping; Home/End go to the ends', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.tab();
    await user.tab();
    expect(tab('Main')).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('tabpanel', { name: 'Main' })).toHaveFocus();
    await user.tab({ shift: true });
    await user.keyboard('{ArrowRight}');
    expect(tab('Design')).toHaveFocus();
    expect(tab('Design')).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(tab('Main')).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(tab('Text')).toHaveFocus();
    expect(screen.getByRole('tabpanel', { name: 'Text' })).toBeInTheDocument();
    await user.keyboard('{Home}');
    expect(tab('Main')).toHaveFocus();
    await user.keyboard('{End}');
    expect(tab('Text')).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('tabpanel', { name: 'Text' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(tab('Text')).toHaveFocus();
  });
});
